// Both Lambdas, wired by their real composition roots, with the table behind a real loopback TCP
// server that hangs, answers slowly, resets or refuses. The skill must still answer in words within
// Alexa's 8 s; setup must fail with a clear error within the store's per-call budget.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { SETUP_TABLE_BUDGET, ALEXA_TABLE_BUDGET, worstCallMs } from '../../src/store';
import { intent, SKILL_ID } from '../support/skill/requests';
import { coldStart } from '../support/lambda-env';
import { newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { expectLogAgrees } from '../support/emf';
import { refusedEndpoint, startFaultProxy, type FaultProxy, type TcpRule } from '../support/tcp-faults';

type Handler<E, R> = (event: E) => Promise<R>;

const ALEXA_WAITS_MS = 8000;
const STORE_UNAVAILABLE = "I can't reach your TV settings right now. Please try again in a moment.";
const VARS = [
  'TABLE_NAME',
  'DEVICE_CLOUD_BASE_URL',
  'SKILL_ID',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'SETUP_FUNCTION_NAME',
] as const;
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

const loopback = useLoopback();
let proxy: FaultProxy;
let table: string;

// The Lambdas log JSON lines to stdout; the assertions are on what they answer. A test running beside the
// others (it.concurrent) keeps what it logs to itself; the rest is the current test's.
const ownLines = new AsyncLocalStorage<string[]>();
let lines: string[] = [];

beforeAll(async () => {
  table = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
  proxy = await startFaultProxy(table);
  jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
    (ownLines.getStore() ?? lines).push(String(line));
  });
});
beforeEach(() => {
  lines = [];
});
afterAll(async () => {
  jest.restoreAllMocks();
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  await Promise.all([proxy?.close()]);
  // The AWS SDK clears its connect timer only when a socket connects: after a refused or hung connect it
  // stays until it fires, at most the longest connect timeout, and would hold Jest's worker open.
  await new Promise((resolve) => setTimeout(resolve, SETUP_TABLE_BUDGET.connectTimeoutMs));
});

/**
 * Cold starts one at a time, as a test beside the others starts too: jest.isolateModulesAsync does not nest,
 * and the environment must stay as the start set it until `work` is done with it.
 */
let starting: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const done = starting.then(work);
  starting = done.catch(() => undefined);
  return done;
}

/** A cold start of one Lambda module with its table reached through `endpoint`. */
function start<E, R>(module: 'skill' | 'setup', endpoint: string): Promise<Handler<E, R>> {
  return oneAtATime(() => startNow(module, endpoint));
}

async function startNow<E, R>(module: 'skill' | 'setup', endpoint: string): Promise<Handler<E, R>> {
  process.env.TABLE_NAME = loopback.dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = loopback.emulator.url;
  process.env.SKILL_ID = SKILL_ID;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  process.env.SETUP_FUNCTION_NAME = 'tv-voice-remote-test-setup';
  return module === 'skill'
    ? (coldStart(() => import('../../src/skill/lambda')) as unknown as Promise<Handler<E, R>>)
    : (coldStart(() => import('../../src/setup/lambda')) as unknown as Promise<Handler<E, R>>);
}

/** A user with a TV (off) and the token stored, written straight to dynalite. */
async function userWithTv(power: 'on' | 'off' = 'off'): Promise<{ userId: string; token: string; thingId: string }> {
  const token = newToken();
  const userId = `amzn1.ask.account.faults-${token}`;
  const { tv } = await registerDemoTv(loopback.emulator, token, { power });
  await loopback.dynamo.store.links.saveAccessToken(userId, token);
  await loopback.dynamo.store.tvs.saveTv(userId, tv);
  return { userId, token, thingId: tv.thingId };
}

/**
 * Alexa rotated the token: a new account whose requests carry one the store does not hold yet, and the
 * user's TV as that account knows it (the same name, so it takes the old one's place).
 */
async function rotateToken(
  userId: string,
): Promise<{ rotated: string; tv: Awaited<ReturnType<typeof registerDemoTv>>['tv'] }> {
  const rotated = newToken();
  loopback.emulator.addAccount(rotated);
  const { tv } = await registerDemoTv(loopback.emulator, rotated);
  const [old] = (await loopback.dynamo.store.links.get(userId))?.tvs ?? [];
  if (old) await loopback.dynamo.store.tvs.removeTv(userId, old);
  await loopback.dynamo.store.tvs.saveTv(userId, tv);
  return { rotated, tv };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

const speech = (r: ResponseEnvelope): string | undefined =>
  r.response.outputSpeech?.type === 'SSML' ? r.response.outputSpeech.ssml : undefined;

describe('the skill Lambda with a failing table', () => {
  const cases: Array<[string, TcpRule]> = [
    ['accepts connections and never answers', () => 'hang'],
    ['answers each request after 1.5 s, past the request timeout', () => ({ slowMs: 1500 })],
    ['resets every connection', () => 'reset'],
  ];
  it.each(cases)(
    'answers in words within 8 s when the table %s',
    async (_name, rule) => {
      const user = await userWithTv();
      proxy.set(rule);
      const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', proxy.endpoint);
      loopback.emulator.clearCalls();

      const { value: reply, ms } = await timed(handler(intent('TurnOnIntent')(user)));

      expect(speech(reply)).toBe(`<speak>${STORE_UNAVAILABLE}</speak>`);
      expect(reply.response.shouldEndSession).toBe(true);
      expect(ms).toBeLessThan(ALEXA_WAITS_MS);
      // The table's failure ends the request before anything is sent to the TV.
      expect(loopback.emulator.calls).toEqual([]);
      // And its metric line says so: a failed command of outcome store, its log line agreeing.
      expect(expectLogAgrees(lines, 0)).toMatchObject({
        Door: 'skill',
        Command: 'TurnOnIntent',
        Outcome: 'store',
        Failed: 1,
      });
      proxy.set(() => 'pass');
    },
    20_000,
  );

  it('answers in words within 8 s when the table refuses connections', async () => {
    const user = await userWithTv();
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', await refusedEndpoint());

    const { value: reply, ms } = await timed(handler(intent('TurnOnIntent')(user)));

    expect(speech(reply)).toBe(`<speak>${STORE_UNAVAILABLE}</speak>`);
    expect(ms).toBeLessThan(ALEXA_WAITS_MS);
  }, 20_000);

  it('says so in Japanese to a ja-JP request when the table refuses connections', async () => {
    const user = await userWithTv();
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', await refusedEndpoint());

    const reply = await handler(intent('TurnOnIntent')({ ...user, locale: 'ja-JP' }));

    expect(speech(reply)).toBe('<speak>今はテレビの設定を読み込めません。少ししてからもう一度お試しください。</speak>');
  }, 20_000);

  it('serves the command normally when the table is slow but within its budget', async () => {
    const user = await userWithTv('on');
    proxy.set(() => ({ slowMs: 300 }));
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', proxy.endpoint);

    const { value: reply, ms } = await timed(handler(intent('SetChannelIntent', { channel: '7' })(user)));

    expect(speech(reply)).toBe('<speak>OK, channel 7.</speak>');
    expect(loopback.emulator.tvState(user.thingId)?.channel).toBe(7);
    expect(ms).toBeLessThan(ALEXA_WAITS_MS);
    proxy.set(() => 'pass');
  }, 20_000);

  it('still turns the TV on when only the token write hangs, within 8 s', async () => {
    const user = await userWithTv();
    proxy.set((operation) => (operation === 'UpdateItem' ? 'hang' : 'pass'));
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', proxy.endpoint);
    const { rotated, tv } = await rotateToken(user.userId);

    const { value: reply, ms } = await timed(handler(intent('TurnOnIntent')({ userId: user.userId, token: rotated })));

    expect(speech(reply)).toBe('<speak>Turning the TV on.</speak>');
    expect(loopback.emulator.tvState(tv.thingId)?.power).toBe('on');
    expect(ms).toBeLessThan(ALEXA_WAITS_MS);
    expect(ms).toBeGreaterThanOrEqual(ALEXA_TABLE_BUDGET.requestTimeoutMs);
    expect(proxy.operations).toContain('UpdateItem');
    proxy.set(() => 'pass');
  }, 20_000);

  it('sends the command while a rotated token is being copied, and answers once the copy is stored', async () => {
    const user = await userWithTv();
    const { rotated } = await rotateToken(user.userId);
    // The token's write is held 600 ms (within the request timeout); halfway, has the TV been told?
    let callsDuringWrite: number | undefined;
    proxy.set((operation) => {
      if (operation !== 'UpdateItem') return 'pass';
      setTimeout(() => {
        callsDuringWrite = loopback.emulator.calls.length;
      }, 300);
      return { slowMs: 600 };
    });
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', proxy.endpoint);
    loopback.emulator.clearCalls();

    const reply = await handler(intent('TurnOnIntent')({ userId: user.userId, token: rotated }));

    expect(speech(reply)).toBe('<speak>Turning the TV on.</speak>');
    expect(callsDuringWrite).toBe(1);
    // The answer left only after the copy was stored: Lambda may freeze the process once it answers.
    expect((await loopback.dynamo.store.links.get(user.userId))?.accessToken).toBe(rotated);
    proxy.set(() => 'pass');
  }, 20_000);

  it('answers in words within 8 s when the table hangs after the first read (the setup-code path)', async () => {
    const token = newToken();
    loopback.emulator.addAccount(token);
    const userId = `amzn1.ask.account.faults-code-${token}`;
    let reads = 0;
    // The user read passes; every later call (the link-code writes) hangs.
    proxy.set((operation) => (operation === 'GetItem' && reads++ === 0 ? 'pass' : 'hang'));
    const handler = await start<RequestEnvelope, ResponseEnvelope>('skill', proxy.endpoint);

    const { value: reply, ms } = await timed(handler(intent('AddTvIntent')({ userId, token })));

    expect(speech(reply)).toBe(`<speak>${STORE_UNAVAILABLE}</speak>`);
    expect(ms).toBeLessThan(ALEXA_WAITS_MS);
    proxy.set(() => 'pass');
  }, 20_000);
});

describe('the setup Lambda with a failing table', () => {
  const budgetMs = worstCallMs(SETUP_TABLE_BUDGET);
  const title = 'fails with an error naming the table within one call budget when the table %s';
  const failure =
    /^finding the user and the access token failed: the user table failed to read a record: \w+.*the DynamoDB table is slow or unreachable.*run setup again$/;
  const aUser = () => ({ userId: `amzn1.ask.account.setup-${newToken()}` });

  // The file's longest wait (every attempt of one call timing out) runs beside the other tests, through a
  // proxy of its own. The client reads its endpoint from the environment at its first request, so the
  // other tests' cold starts wait until that request has reached the proxy.
  it.concurrent.each([['accepts connections and never answers', () => 'hang' as const]])(
    title,
    (_name, rule) =>
      ownLines.run([], async () => {
        let reached = () => {};
        const arrived = new Promise<void>((resolve) => (reached = resolve));
        const own = await startFaultProxy(table, () => {
          reached();
          return rule();
        });
        try {
          const { run, started } = await oneAtATime(async () => {
            const handler = await startNow<unknown, unknown>('setup', own.endpoint);
            const started = Date.now();
            const run = handler(aUser());
            await Promise.race([arrived, run.catch(() => undefined)]);
            return { run, started };
          });
          await expect(run).rejects.toThrow(failure);
          // Bounded by the budget (with room for a loaded machine), not by the Lambda's 90 s.
          expect(Date.now() - started).toBeLessThan(budgetMs + 2000);
        } finally {
          await own.close();
        }
      }),
    30_000,
  );

  it.each([['resets every connection', () => 'reset' as const]])(
    title,
    async (_name, rule) => {
      proxy.set(rule);
      const handler = await start<unknown, unknown>('setup', proxy.endpoint);
      const started = Date.now();
      await expect(handler(aUser())).rejects.toThrow(failure);
      expect(Date.now() - started).toBeLessThan(budgetMs + 2000);
      proxy.set(() => 'pass');
    },
    30_000,
  );

  it('fails with an error naming the table when the table refuses connections', async () => {
    const handler = await start<unknown, unknown>('setup', await refusedEndpoint());
    await expect(handler({ code: '123456' })).rejects.toThrow(
      /the user table failed to count a link code try: .*run setup again/,
    );
  }, 30_000);
});
