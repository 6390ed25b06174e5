// `npm test` (`check.mjs tsc eslint prettier jest`): the type check, the linter, the format check and the tests,
// run at once so that the two cores share their waits (jest's files mostly wait on loopback servers). Jest's
// output streams as it runs; each check's is printed whole when it ends, with its time. Fails when any of them
// fails. `npm run check` names the three checks alone.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const CHECKS = [
  ['tsc', bin('tsc'), ['--noEmit']],
  ['eslint', bin('eslint'), ['.']],
  ['prettier', bin('prettier'), ['--check', '--log-level', 'warn', '--no-color', '.']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => done({ name, ok: false, output: `${output}${e.message}\n`, seconds: 0 }));
    child.on('close', (code) => done({ name, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

function jest(args) {
  return new Promise((done) => {
    const child = spawn(bin('jest'), args, { cwd: root, stdio: 'inherit' });
    child.on('error', (e) => done({ name: 'jest', ok: false, output: `${e.message}\n` }));
    child.on('close', (code) => done({ name: 'jest', ok: code === 0, output: '' }));
  });
}

const named = process.argv.slice(2);
const unknown = named.filter((n) => n !== 'jest' && !CHECKS.some(([name]) => name === n));
if (named.length === 0 || unknown.length > 0) {
  process.stderr.write(`usage: node build/check.mjs <${[...CHECKS.map(([name]) => name), 'jest'].join('|')}>...\n`);
  process.exit(2);
}
const results = await Promise.all([
  ...(named.includes('jest') ? [jest([])] : []),
  ...CHECKS.filter(([name]) => named.includes(name)).map((check) =>
    run(check).then((r) => {
      process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)\n${r.ok ? '' : r.output}`);
      return r;
    }),
  ),
]);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length > 0) {
  process.stdout.write(`npm test failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
