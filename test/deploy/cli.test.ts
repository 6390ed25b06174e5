// Every command people run answers --help with its usage (what it does, its flags, its environment) and
// exit 0, and a wrong command line with why and the usage on stderr and exit 2. In-process over each
// script's command line (scripts/usage.ts; doctor's and skill-package's beside their flags), a check that
// each script reads it first, and one real run of doctor for the streams and exit codes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCli, type Cli } from '../../scripts/cli';
import { CLI as doctor } from '../../scripts/doctor';
import { CLI as forget } from '../../scripts/forget';
import { CLI as skillPackage } from '../../skill/package';
import * as usage from '../../scripts/usage';

const ROOT = path.resolve(__dirname, '..', '..');
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Each script file, its command line, and what its usage must name: its flags and the environment it reads. */
const SCRIPTS: [string, string, Cli, string[]][] = [
  [
    'scripts/doctor.ts',
    'CLI',
    doctor,
    ['npm run doctor', '--google-project-id', '--vendor-id', '--param', 'SKILL_ID', 'GOOGLE_PROJECT_ID'],
  ],
  ['scripts/forget.ts', 'CLI', forget, ['npm run forget', '--user', '--gateway', '--stage', 'TABLE_NAME']],
  ['scripts/screens.ts', 'screensCli', usage.screensCli, ['npm run screens', 'CHROMIUM_PATH']],
  ['scripts/test-on-node24.ts', 'testOnNode24Cli', usage.testOnNode24Cli, ['npm run test:node24', 'NODE24', 'jest']],
  [
    'skill/package.ts',
    'CLI',
    skillPackage,
    ['npm run skill-package', '--account', '--stage', '--regions', 'SKILL_ID', 'DEVICE_CLOUD_CLIENT_ID'],
  ],
  ['models/build.ts', 'modelsCli', usage.modelsCli, ['npm run models']],
  [
    'bench/cold.ts',
    'benchColdCli',
    usage.benchColdCli,
    [
      'npm run bench:cold',
      'BENCH_COLD_N',
      'BENCH_COLD_SIZES',
      'BENCH_COLD_BEFORE',
      'BENCH_COLD_POWERTOOLS',
      'BENCH_NODE',
    ],
  ],
  ['bench/run.ts', 'benchWarmCli', usage.benchWarmCli, ['npm run bench:warm', 'BENCH_N']],
  ['bench/smarthome.ts', 'benchSmarthomeCli', usage.benchSmarthomeCli, ['npm run bench:smarthome', 'BENCH_N']],
  [
    'bench/presses.ts',
    'benchPressesCli',
    usage.benchPressesCli,
    ['npm run bench:presses', 'BENCH_PRESSES', 'BENCH_RTT_MS'],
  ],
  ['bench/hearing.ts', 'benchHearingCli', usage.benchHearingCli, ['bench/hearing.ts', 'lines per locale']],
  [
    'src/local/sandbox-main.ts',
    'sandboxCli',
    usage.sandboxCli,
    ['npm start', 'SANDBOX_LOCALE', 'SANDBOX_PLATFORM', 'DEVICE_CLOUD_BASE_URL'],
  ],
];

describe('--help on every script', () => {
  it('covers every script of package.json that runs a file of ours', () => {
    const files = Object.values(PACKAGE.scripts).flatMap((line) =>
      [...line.matchAll(/tsx (\S+\.ts)/g)].map((m) => m[1]),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(SCRIPTS.map(([f]) => f)).toContain(file);
    expect(Object.keys(usage).sort()).toEqual(
      SCRIPTS.map(([, name]) => name)
        .filter((n) => n !== 'CLI')
        .sort(),
    );
  });

  it.each(SCRIPTS)(
    '%s: --help and -h print the usage, naming its flags and environment',
    (_file, _name, cli, names) => {
      for (const flag of ['--help', '-h']) {
        const verdict = readCli(cli, [flag]);
        expect(verdict.kind).toBe('help');
        const text = verdict.kind === 'help' ? verdict.text : '';
        expect(text).toMatch(/^usage: /);
        for (const name of names) expect(text).toContain(name);
      }
    },
  );

  it.each(SCRIPTS.filter(([, , cli]) => !cli.passThrough))(
    '%s: an option it does not take is wrong, with the usage',
    (_file, _name, cli) => {
      const verdict = readCli(cli, ['--no-such-option']);
      expect(verdict).toEqual({ kind: 'wrong', text: expect.stringContaining("Unknown option '--no-such-option'") });
      expect(verdict.kind === 'wrong' && verdict.text).toContain(cli.usage.trimEnd());
      expect(readCli(cli, []).kind).toBe('run');
    },
  );

  it("hands test:node24's arguments to jest, all but --help", () => {
    expect(readCli(usage.testOnNode24Cli, ['test/deploy/cli.test.ts', '--verbose']).kind).toBe('run');
  });

  it.each(SCRIPTS)('%s: reads its command line before it does anything', (file, name) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(text).toContain(`cliArgs(${name});`);
  });

  it('as a command: --help on stdout and exit 0; an unknown option on stderr and exit 2', async () => {
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [require.resolve('tsx/cli'), path.join('scripts', 'doctor.ts'), ...args],
          { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '' } },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const [help, wrong] = await Promise.all([run(['--help']), run(['--vendor', 'X'])]);
    expect(help).toEqual({ status: 0, stdout: `${doctor.usage}\n`, stderr: '' });
    expect(wrong).toEqual({ status: 2, stdout: '', stderr: expect.stringContaining("Unknown option '--vendor'") });
  }, 30_000);
});
