// The sandbox as a person runs it: `npm start`'s entry with lines piped in, read from its output.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { settingsFromEnv } from '../../src/local/sandbox/sandbox';

const ROOT = path.resolve(__dirname, '..', '..');
const TSX_CLI = require.resolve('tsx/cli');

interface Run { code: number | null; stdout: string; stderr: string }

function runSandbox(input: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    // Embedded defaults: no real device cloud or table from the surrounding environment.
    for (const name of ['DEVICE_CLOUD_BASE_URL', 'DEVICE_CLOUD_TOKEN', 'TABLE_NAME', 'SANDBOX_DATA_DIR', 'TV_PRESET_ID', 'AWS_ENDPOINT_URL_DYNAMODB']) {
      delete base[name];
    }
    const child = spawn(process.execPath, [TSX_CLI, 'src/local/sandbox-main.ts'], { cwd: ROOT, env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The lines that follow `you> <utterance>` up to the next prompt. */
function answerTo(stdout: string, utterance: string, occurrence = 0): string[] {
  const lines = stdout.split('\n');
  let seen = -1;
  const start = lines.findIndex((l) => l === `you> ${utterance}` && ++seen === occurrence);
  if (start < 0) throw new Error(`no "you> ${utterance}" in:\n${stdout}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('you> ') || l === 'Bye.');
  return rest.slice(0, end < 0 ? undefined : end);
}

jest.setTimeout(60_000);

describe('the local sandbox', () => {
  it('registers the demo TV with the setup function, then answers piped commands and shows the TV state', async () => {
    const run = await runSandbox('turn on the tv\nchannel 5\nnext channel\nvolume up 3\nturn it down\nchannel 13\nturn off the tv\n');

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/register-remote/);
    expect(run.stdout).toMatch(/register-tv/);
    expect(run.stdout).toMatch(/- Ready: TV "TV"/);
    expect(answerTo(run.stdout, 'turn on the tv')).toEqual(['Alexa: Turning the TV on.', '  TV: ON  | channel  1 | volume 10']);
    expect(answerTo(run.stdout, 'channel 5')).toEqual(['Alexa: OK, channel 5.', '  TV: ON  | channel  5 | volume 10']);
    expect(answerTo(run.stdout, 'next channel')[1]).toBe('  TV: ON  | channel  6 | volume 10');
    expect(answerTo(run.stdout, 'volume up 3')[1]).toBe('  TV: ON  | channel  6 | volume 13');
    expect(answerTo(run.stdout, 'turn it down')[1]).toBe('  TV: ON  | channel  6 | volume 12');
    expect(answerTo(run.stdout, 'channel 13')).toEqual(['Alexa: I can only choose channels 1 to 12.', '  TV: ON  | channel  6 | volume 12']);
    expect(answerTo(run.stdout, 'turn off the tv')[1]).toBe('  TV: off | channel  6 | volume 12');
    expect(run.stdout.trimEnd().endsWith('Bye.')).toBe(true);
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });

  it('keeps Alexa listening after "open tv remote" until "stop"', async () => {
    const run = await runSandbox('open tv remote\nchannel 2\nstop\n');

    expect(answerTo(run.stdout, 'open tv remote')[1]).toMatch(/\(Alexa is listening\)$/);
    expect(answerTo(run.stdout, 'channel 2')[1]).toBe('  TV: off | channel  2 | volume 10  (Alexa is listening)');
    expect(answerTo(run.stdout, 'stop')[1]).not.toMatch(/listening/);
  });

  it('answers a phrase the model does not know through the fallback, and lists examples on help', async () => {
    const run = await runSandbox('what is the weather\nhelp\nexit\nturn on the tv\n');

    const fallback = answerTo(run.stdout, 'what is the weather');
    expect(fallback[0]).toMatch(/FallbackIntent/);
    expect(fallback[1]).toMatch(/^Alexa: .+/);
    expect(answerTo(run.stdout, 'help').join('\n')).toMatch(/turn on the tv[\s\S]*volume up 3/);
    // "exit" leaves: the line after it is never spoken.
    expect(run.stdout).not.toMatch(/you> turn on the tv/);
    expect(run.code).toBe(0);
  });

  it('keeps the table and the emulated cloud in SANDBOX_DATA_DIR, so a second start finds the same TV', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    try {
      const first = await runSandbox('turn on the tv\nchannel 7\n', { SANDBOX_DATA_DIR: dir });
      const second = await runSandbox('channel 8\n', { SANDBOX_DATA_DIR: dir });

      const tvOf = (out: string) => /- Ready: TV "TV" \((.+)\)/.exec(out)?.[1];
      expect(tvOf(second.stdout)).toBe(tvOf(first.stdout));
      expect(second.stdout).toMatch(/state restored/);
      expect(second.stdout).not.toMatch(/register-tv-on-remote/);
      expect(answerTo(second.stdout, 'channel 8')).toEqual(['Alexa: OK, channel 8.', '  TV: ON  | channel  8 | volume 10']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sandbox settings', () => {
  it('use the embedded parts when nothing is set', () => {
    expect(settingsFromEnv({})).toEqual({});
  });

  it('refuse a real device cloud without a token, naming the variable', () => {
    expect(() => settingsFromEnv({ DEVICE_CLOUD_BASE_URL: 'https://dsymphony.com' })).toThrow(/DEVICE_CLOUD_TOKEN/);
  });
});
