// The sandbox as a person starts it: `npm start`'s entry in a child process on its embedded defaults, lines
// piped in, its output read back. One place for the sandbox tests, so every one clears the same settings.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_CLI = require.resolve('tsx/cli');

/** Settings the surrounding environment may hold that would take the sandbox off its embedded defaults. */
const SANDBOX_SETTINGS = [
  'DEVICE_CLOUD_BASE_URL', 'DEVICE_CLOUD_TOKEN', 'TABLE_NAME', 'SANDBOX_DATA_DIR', 'TV_PRESET_ID', 'SANDBOX_TVS', 'AWS_ENDPOINT_URL_DYNAMODB',
  'SANDBOX_LOCALE', 'SANDBOX_AREA', 'SANDBOX_METRICS', 'SANDBOX_VERBOSE', 'SANDBOX_PLATFORM',
];

export interface SandboxRun { code: number | null; stdout: string; stderr: string }

export function spawnSandbox(env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  const base = { ...process.env };
  for (const name of SANDBOX_SETTINGS) delete base[name];
  return spawn(process.execPath, [TSX_CLI, 'src/local/sandbox-main.ts'], { cwd: ROOT, env: { ...base, ...env } });
}

/** The lines said, then the end of input; resolves with everything the sandbox printed and its exit code. */
export function runSandbox(input: string, env: NodeJS.ProcessEnv = {}): Promise<SandboxRun> {
  return new Promise((resolve, reject) => {
    const child = spawnSandbox(env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
