// Powertools for AWS Lambda against the hand-written parts it would replace, in the cold bench's own
// rounds: variant bundles of the smart-home function with one module of src/ swapped for an adapter
// under bench/powertools/. The variants: docs/cold-start.md#bench-powertools.
import { build, type Plugin } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { LambdaFunction } from '../test/support/lambda-bundle';

/** The function the variants are built of. */
export const POWERTOOLS_FUNCTION = 'smarthome';

/** Modules of src/ (without extension) replaced by an adapter of bench/powertools/. */
type Swap = Record<string, string>;

export const POWERTOOLS_VARIANTS: Record<string, Swap> = {
  logger: { 'src/log': 'bench/powertools/log.ts' },
  metrics: { 'src/metrics': 'bench/powertools/metrics.ts' },
};

/** What serverless.yml's custom.esbuild gives serverless-esbuild, as esbuild's own options. */
interface PackagedEsbuild {
  minify?: boolean;
  target?: string;
  platform?: 'node';
  exclude?: string[];
  mainFields?: string[];
  supported?: Record<string, boolean>;
  alias?: Record<string, string>;
}

/** Redirects the swapped modules of src/ to their adapters; the adapters themselves still reach the originals. */
function swapPlugin(root: string, modules: Record<string, string>): Plugin {
  const swaps = new Map(Object.entries(modules).map(([from, to]) => [path.join(root, from), path.join(root, to)]));
  return {
    name: 'powertools-swap',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = swaps.get(path.join(args.resolveDir, args.path).replace(/\.ts$/, ''));
        if (target === undefined || args.importer === target) return undefined;
        return { path: target };
      });
    },
  };
}

/**
 * Builds each variant's smart-home bundle into a copy of the unchanged function's folder (`after`):
 * the folders by variant label.
 */
export async function buildPowertoolsVariants(
  root: string,
  fn: LambdaFunction,
  after: string,
  work: string,
): Promise<Map<string, string>> {
  const doc = parse(readFileSync(path.join(root, 'serverless.yml'), 'utf8')) as {
    custom?: { esbuild?: PackagedEsbuild };
  };
  const options = doc.custom?.esbuild ?? {};
  const dirs = new Map<string, string>();
  for (const [label, swap] of Object.entries(POWERTOOLS_VARIANTS)) {
    const dir = path.join(work, `powertools-${label}-${fn.name}`);
    cpSync(after, dir, { recursive: true });
    await build({
      absWorkingDir: root,
      entryPoints: [path.join(root, `${fn.source.slice(0, fn.source.lastIndexOf('.'))}.ts`)],
      outfile: path.join(dir, fn.bundleFile),
      bundle: true,
      format: 'cjs',
      logLevel: 'error',
      minify: options.minify ?? false,
      ...(options.target !== undefined && { target: options.target }),
      platform: options.platform ?? 'node',
      external: options.exclude ?? [],
      ...(options.mainFields !== undefined && { mainFields: options.mainFields }),
      ...(options.supported !== undefined && { supported: options.supported }),
      ...(options.alias !== undefined && { alias: options.alias }),
      plugins: [swapPlugin(root, swap)],
    });
    dirs.set(label, dir);
  }
  return dirs;
}
