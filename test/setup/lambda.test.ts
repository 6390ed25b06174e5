// The setup Lambda entry: every test starts it cold (the module loaded afresh), so none depends on
// what an earlier test left wired, and the environment is restored afterwards.
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import type { SetupResult } from '../../src/setup/types';
import { coldStart } from '../support/lambda-env';
import { newAccount, useWorld } from '../support/setup-world';
import { expectLogAgrees } from '../support/emf';

type SetupHandler = (event: unknown) => Promise<SetupResult>;

const VARS = ['TABLE_NAME', 'DEVICE_CLOUD_BASE_URL'] as const;
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

const world = useWorld();
let lines: string[];
afterAll(async () => {
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
});
beforeEach(() => {
  for (const v of VARS) delete process.env[v];
  lines = [];
  // The Lambda logs JSON lines to stdout; read them instead of printing them.
  jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
});
afterEach(() => jest.restoreAllMocks());

const start = (): Promise<SetupHandler> => coldStart(() => import('../../src/setup/lambda'));

function configure(): void {
  process.env.TABLE_NAME = world.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = world.emulator.url;
}

describe('the setup Lambda', () => {
  it('registers the TV from a serverless-style JSON text event, logging steps as JSON lines without the token', async () => {
    configure();
    const handler = await start();
    const { token, userId } = await newAccount(world);

    const result = await handler(JSON.stringify({ userId, tvPresetId: DEFAULT_PRESETS[0].deviceId }));

    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => !('_aws' in l));
    expect(logged.filter((l) => l.message === 'setup step').map((l) => l.step)).toEqual(
      result.steps.map((s) => s.step),
    );
    expect(logged.every((l) => l.fn === 'setup')).toBe(true);
    // The run's EMF line follows its closing log line, with every device call of the run.
    expect(expectLogAgrees(lines, world.emulator.calls.length)).toMatchObject({
      Door: 'setup',
      Command: 'Setup',
      Outcome: 'ok',
      ColdStart: 1,
    });
    expect(world.emulator.calls.length).toBeGreaterThan(3);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('names the missing environment variable when it is not configured', async () => {
    process.env.DEVICE_CLOUD_BASE_URL = world.emulator.url;
    const handler = await start();
    await expect(handler({ userId: 'anyone' })).rejects.toThrow('environment variable TABLE_NAME is not set');
  });

  it('rejects a bad event with an error naming the field and logs the failure', async () => {
    configure();
    const handler = await start();
    await expect(handler({ userId: 'u', tvPresetId: 3 })).rejects.toThrow('tvPresetId must be a string');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'setup failed', field: 'tvPresetId' }),
    );
    // Then the run's closing line, and its EMF line: refused by rule, not a failed command.
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ message: 'setup finished', outcome: 'refused', deviceCalls: 0 }),
    );
    expect(expectLogAgrees(lines, 0)).toMatchObject({ Door: 'setup', Outcome: 'refused', Failed: 0 });
  });
});
