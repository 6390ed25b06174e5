import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { handler } from '../../src/setup/lambda';
import { newAccount, startWorld, type World } from './setup-world';

let world: World;
let lines: string[];
let restoreLog: () => void;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());
beforeEach(() => {
  lines = [];
  // The Lambda logs JSON lines to stdout; read them instead of printing them.
  const spy = jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  restoreLog = () => spy.mockRestore();
});
afterEach(() => restoreLog());

describe('the setup Lambda', () => {
  it('names the missing environment variable when it is not configured', async () => {
    delete process.env.TABLE_NAME;
    process.env.DEVICE_CLOUD_BASE_URL = world.emulator.url;
    await expect(handler({ userId: 'anyone' })).rejects.toThrow('environment variable TABLE_NAME is not set');
  });

  it('registers the TV from a serverless-style JSON text event, logging steps as JSON lines without the token', async () => {
    process.env.TABLE_NAME = world.dynamo.tableName;
    process.env.DEVICE_CLOUD_BASE_URL = world.emulator.url;
    const { token, userId } = await newAccount(world);

    const result = await handler(JSON.stringify({ userId, tvPresetId: DEFAULT_PRESETS[0].deviceId }));

    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.filter((l) => l.message === 'setup step').map((l) => l.step)).toEqual(result.steps.map((s) => s.step));
    expect(logged.every((l) => l.fn === 'setup')).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('rejects a bad event with an error naming the field and logs the failure', async () => {
    await expect(handler({ userId: 'u', tvPresetId: 3 })).rejects.toThrow('tvPresetId must be a string');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'setup failed', field: 'tvPresetId' }),
    );
  });
});
