// The Lambda entry: reads its environment once at cold start and wires the real parts together.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { coldStart as load, isolateEnvironment } from '../support/lambda-env';
import { SKILL_ID, intent } from '../support/skill/requests';
import { expectLogAgrees } from '../support/emf';

type LambdaHandler = (event: RequestEnvelope, context?: unknown) => Promise<ResponseEnvelope>;

isolateEnvironment([
  'TABLE_NAME',
  'DEVICE_CLOUD_BASE_URL',
  'SKILL_ID',
  'DEVICE_CLOUD_TIMEOUT_MS',
  'STAGE',
  'REGION',
  'SETUP_FUNCTION_NAME',
]);
// serverless.yml always names the setup function; the test that leaves it out says so.
beforeEach(() => {
  process.env.SETUP_FUNCTION_NAME = 'tv-voice-remote-test-setup';
});

const loopback = useLoopback();

/** A cold start: the module loaded afresh with the environment as it is now. */
const start = (): Promise<LambdaHandler> => load<LambdaHandler>(() => import('../../src/skill/lambda'));

it('answers a voice command with the table, device cloud and skill id from the environment', async () => {
  process.env.TABLE_NAME = loopback.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  process.env.SKILL_ID = SKILL_ID;
  process.env.DEVICE_CLOUD_TIMEOUT_MS = '2000';
  const handler = await start();
  // The Lambda writes its log and EMF lines to stdout: read them instead of printing them.
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);

  const token = newToken();
  const userId = 'amzn1.ask.account.lambda-test';
  const { tv } = await registerDemoTv(loopback.emulator, token, { power: 'on' });
  await loopback.dynamo.store.tvs.saveTv(userId, tv);

  const reply = await handler(intent('SetChannelIntent', { channel: '6' })({ userId, token }));
  expect(reply.response.outputSpeech).toEqual({ type: 'SSML', ssml: '<speak>OK, channel 6.</speak>' });
  expect(
    expectLogAgrees(
      log.mock.calls.map((c) => String(c[0])),
      1,
    ),
  ).toMatchObject({ Door: 'skill', Command: 'SetChannelIntent', Outcome: 'ok', ColdStart: 1 });
  expect(loopback.emulator.tvState(tv.thingId)?.channel).toBe(6);
  // The token seen in the request was kept for setup.
  expect((await loopback.dynamo.store.links.get(userId))?.accessToken).toBe(token);

  loopback.emulator.clearCalls();
  log.mockClear();
  const other = intent('TurnOnIntent', {}, { applicationId: 'amzn1.ask.skill.someone-else' })({ userId, token });
  try {
    await expect(handler(other)).rejects.toThrow(/verification failed/);
    // The refusal is logged as JSON lines without the token: why, then the request's log and EMF lines.
    const lines = log.mock.calls.map((c) => String(c[0]));
    expect(lines).toEqual([
      expect.stringContaining('"message":"request refused"'),
      expect.stringContaining('"message":"request handled"'),
      expect.stringContaining('"_aws"'),
    ]);
    expect(expectLogAgrees(lines, 0)).toMatchObject({
      Door: 'skill',
      Command: 'TurnOnIntent',
      Outcome: 'refused',
      Failed: 0,
      ColdStart: 0,
    });
    for (const line of lines) expect(line).not.toContain(token);
  } finally {
    log.mockRestore();
  }
  expect(loopback.emulator.calls).toEqual([]);
});

it('gives a household asking for a setup code a card it can read: no terminal command (docs/setup.md has it)', async () => {
  process.env.TABLE_NAME = loopback.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  process.env.STAGE = 'prod';
  process.env.REGION = 'eu-west-1';
  const handler = await start();
  jest.spyOn(console, 'log').mockImplementation(() => undefined);

  const reply = await handler(intent('AddTvIntent')({ userId: 'amzn1.ask.account.lambda-no-tv', token: newToken() }));
  const card = reply.response.card;
  const content = card?.type === 'Simple' ? (card.content ?? '') : '';
  expect(content).toMatch(/^Your setup code: \d{6}\n/);
  expect(content).toContain('Or set the TV up by voice: Alexa, ask TV remote to set up the bedroom TV.');
  expect(content).not.toMatch(/serverless|--data|prod|eu-west-1/);
  jest.restoreAllMocks();
});

it('refuses to start without its setup function', async () => {
  process.env.TABLE_NAME = loopback.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  delete process.env.SETUP_FUNCTION_NAME;
  await expect(start()).rejects.toThrow('environment variable SETUP_FUNCTION_NAME is not set');
});

it('refuses to start without its table name', async () => {
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  await expect(start()).rejects.toThrow('environment variable TABLE_NAME is not set');
});

it('refuses to start with a timeout that is not a positive whole number', async () => {
  process.env.TABLE_NAME = loopback.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  process.env.DEVICE_CLOUD_TIMEOUT_MS = 'soon';
  await expect(start()).rejects.toThrow('DEVICE_CLOUD_TIMEOUT_MS must be a positive integer');
});
