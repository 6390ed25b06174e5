// What the lint rules cannot say about the layers (the layer map itself is the lint rule house/layers, in
// eslint.config.mjs): which packages a layer loads. Nothing a Lambda bundles loads a devDependency, and the domain
// (src/tv) names no package at all.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const SRC = resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The packages a file loads when it runs: static imports but `import type`, side-effect imports, import() and require(). */
function packageImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*'([^'.][^']*)'/gm),
    ...text.matchAll(/^\s*import\s*'([^'.][^']*)'/gm),
    ...text.matchAll(/(?:import|require)\(\s*'([^'.][^']*)'/g),
  ].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

it("nothing a Lambda bundles loads a devDependency: validators, renderers and the stand-ins' parts (apl-suggester, playwright-core, virtual-alexa) stay in src/local, scripts/ and test/", () => {
  const pkg = JSON.parse(readFileSync(resolve(SRC, '../package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const dev = new Set(Object.keys(pkg.devDependencies));
  expect(dev).toContain('apl-suggester');
  const local = join(SRC, 'local') + sep;
  const bundled = sourceFiles(SRC).filter((file) => !file.startsWith(local));
  expect(bundled.some((file) => packageImports(file).includes('ask-sdk-core'))).toBe(true);
  const wrong = bundled.flatMap((file) =>
    packageImports(file)
      .filter((name) => dev.has(name))
      .map((name) => `${relative(SRC, file)} -> ${name}`),
  );
  expect(wrong).toEqual([]);
});

it('the domain (src/tv, src/tv/health.ts included) names no package, not even a type: it knows neither Alexa nor HTTP', () => {
  const tv = sourceFiles(join(SRC, 'tv'));
  expect(tv.map((f) => relative(SRC, f))).toContain(join('tv', 'health.ts'));
  const wrong = tv.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(?|require\()\s*'([^'.][^']*)'/g)].map(
      (m) => `${relative(SRC, file)} -> ${m[1]}`,
    ),
  );
  expect(wrong).toEqual([]);
});
