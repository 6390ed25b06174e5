// `npm run check` (the first half of `npm test`): the type check, the linter and the format check, run at once
// so that the two cores share their wait; each one's output is printed whole when it ends, with its time. Fails
// when any of them fails.
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

const results = await Promise.all(
  CHECKS.map((check) =>
    run(check).then((r) => {
      process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)\n${r.ok ? '' : r.output}`);
      return r;
    }),
  ),
);
if (results.some((r) => !r.ok)) process.exitCode = 1;
