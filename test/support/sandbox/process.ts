// The sandbox as a person starts it: `npm start`'s function on its embedded defaults, lines piped in, its
// output read back; in this process, or as the entry in a child process where only a process shows the
// behaviour. One place for the sandbox tests, so every one clears the same settings.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import '../../../src/local/sandbox/quiet-sdk-notices';
import { sandboxMain } from '../../../src/local/sandbox/main';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_CLI = require.resolve('tsx/cli');

/** Settings the surrounding environment may hold that would take the sandbox off its embedded defaults. */
const SANDBOX_SETTINGS = [
  'DEVICE_CLOUD_BASE_URL',
  'DEVICE_CLOUD_TOKEN',
  'TABLE_NAME',
  'SANDBOX_DATA_DIR',
  'TV_PRESET_ID',
  'SANDBOX_TVS',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'SANDBOX_LOCALE',
  'SANDBOX_AREA',
  'SANDBOX_METRICS',
  'SANDBOX_VERBOSE',
  'SANDBOX_PLATFORM',
];

export interface SandboxRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function spawnSandbox(env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  const base = { ...process.env };
  for (const name of SANDBOX_SETTINGS) delete base[name];
  return spawn(process.execPath, [TSX_CLI, 'src/local/sandbox-main.ts'], { cwd: ROOT, env: { ...base, ...env } });
}

/** The lines said, then the end of input, to `npm start`'s entry in a child process: for what only a process shows. */
export function runSandboxProcess(input: string, env: NodeJS.ProcessEnv = {}): Promise<SandboxRun> {
  return new Promise((resolve, reject) => {
    const child = spawnSandbox(env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * The same run in this process: `sandboxMain`, the function the entry calls, with the lines as its input and
 * the environment a child would have (the process's, less the sandbox settings, plus `env`) in place while it
 * runs. A child process costs seconds of module loading each time; this pays it once per test file.
 */
export async function runSandbox(input: string, env: NodeJS.ProcessEnv = {}): Promise<SandboxRun> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const saved = { ...process.env };
  for (const name of SANDBOX_SETTINGS) delete process.env[name];
  Object.assign(process.env, env);
  try {
    const code = await sandboxMain({
      env: process.env,
      input: Readable.from([input]),
      output: sink((t) => {
        stdout += t;
      }),
      errors: sink((t) => {
        stderr += t;
      }),
    });
    return { code, stdout, stderr };
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}
