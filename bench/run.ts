// Warm benchmark of a voice command against the I/O it cannot avoid (one GetItem, one PUT per IR step),
// and its I/O budget: the run fails if a command exceeds it. Method: docs/cold-start.md#bench-warm.
//    npm run bench:warm       (BENCH_N=<iterations per scenario>, default 500)

// Keep the AWS SDK's Node-version notice out of the output (as the sandbox does).
import '../src/local/sandbox/quiet-sdk-notices';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../src/cloud/client';
import { createUserTable } from '../src/local/dynamo';
import { silentLogger } from '../src/log';
import { createSkillHandler } from '../src/skill/app';
import { lambdaSetupTrigger } from '../src/skill/services/setup-trigger';
import { DynamoUserStore } from '../src/store';
import { userKey } from '../src/store/items';
import { button, registerDemoTv } from '../test/support/emulator';
// The tests' envelope builder (plain TypeScript, no jest): the benchmark sends the same requests.
import { intent, SKILL_ID as BENCH_SKILL_ID } from '../test/support/skill/requests';
import { rawChannelPut, ROUNDS, startBackends, timeInRounds, type Scenario as TimedScenario } from './harness';
import { positiveInt, summarise, table, type Summary } from './stats';
import { cliArgs } from '../scripts/cli';
import { benchWarmCli } from '../scripts/usage';

const N = positiveInt(process.env['BENCH_N'], 500);
const WARMUP = Math.min(50, N);
/** Wall-clock cap per scenario for the measured rounds, so a slow machine still ends in time. */
const SCENARIO_CAP_MS = 6000;
/** Hard stop for the whole run. */
const WATCHDOG_MS = 60_000;

interface Scenario extends TimedScenario {
  spentMs: number;
  /** The scenario whose median this one is divided by. */
  baseline?: Scenario;
  /** Table calls per operation, by DynamoDB action, over all timed operations. */
  table: Map<string, number>;
}

/** DynamoDB actions by what they do to the table. */
const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
const BUDGET = { reads: 1, writes: 0 } as const;

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`bench: did not finish within ${WATCHDOG_MS} ms`);
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const { emulator, dynamo, rawAgent, close } = await startBackends();
  try {
    const tableName = 'users-bench';
    // Count every table call on the wire (the action header), whichever layer sent it.
    let tableCalls: string[] = [];
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        const target = (args.request as { headers?: Record<string, string> }).headers?.['x-amz-target'] ?? '?';
        tableCalls.push(target.replace(/^DynamoDB_\d+\./, ''));
        return next(args);
      },
      { step: 'finalizeRequest', name: 'benchCountTableCalls' },
    );
    await createUserTable(dynamo, tableName);
    const store = new DynamoUserStore({ tableName, client: dynamo });

    const token = 'bench-token-0001';
    const userId = 'amzn1.ask.account.BENCHUSER0001';
    const { tv } = await registerDemoTv(emulator, token);
    await store.links.saveAccessToken(userId, token);
    await store.tvs.saveTv(userId, tv);

    const cloud = new DeviceCloud({ baseUrl: emulator.url });
    const api = cloud.forToken(token);
    // The commands timed never set a TV up: the trigger is there as deployed, and nothing listens behind it.
    const setupTrigger = lambdaSetupTrigger({
      functionName: 'setup',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
    });
    const handler = createSkillHandler({ store, cloud, skillId: BENCH_SKILL_ID, logger: silentLogger, setupTrigger });
    const who = { userId, token };
    const em = emulator;

    // Sanity: each path really does what it claims before anything is timed.
    await check(
      handler(intent('SetChannelIntent', { channel: '7' })(who)),
      () => em.tvState(tv.thingId)?.channel === 7,
      'SetChannelIntent',
    );
    const volumeBefore = em.tvState(tv.thingId)!.volume;
    await check(
      handler(intent('VolumeUpIntent', { count: '5' })(who)),
      () => em.tvState(tv.thingId)?.volume === volumeBefore + 5,
      'VolumeUpIntent',
    );
    em.clearCalls();
    await api.tvChannel(tv.thingId, { tuning: button(3) });
    if (em.calls.length !== 1) throw new Error(`tvChannel made ${em.calls.length} calls, expected 1`);

    const rawPut = rawChannelPut(emulator.url, token, tv.thingId, rawAgent);
    // The raw table read a command cannot do without: the user's item, by key, as the store reads it.
    const userItem = await store.links.get(userId);
    if (!userItem?.tvs?.length) throw new Error('the bench user has no TV in the table');
    const rawRead = async (): Promise<void> => {
      const out = await dynamo.send(
        new GetItemCommand({ TableName: tableName, Key: { pk: { S: userKey(userId).pk } } }),
      );
      if (!out.Item) throw new Error('baseline GetItem found no user item');
    };
    const rawIo = (puts: number) => async (): Promise<void> => {
      await rawRead();
      for (let i = 0; i < puts; i++) await rawPut();
    };

    // Envelopes are built outside the timed region (fresh ids per request, as Alexa sends them).
    const pool = (name: string, slots: Record<string, string>) => {
      const list = Array.from({ length: N + WARMUP }, () => intent(name, slots)(who));
      let i = 0;
      return () => list[i++ % list.length]!;
    };
    const nextSetChannel = pool('SetChannelIntent', { channel: '5' });
    const nextVolumeUp = pool('VolumeUpIntent', { count: '5' });

    const scenario = (name: string, calls: number, op: () => Promise<unknown>, baseline?: Scenario): Scenario => ({
      name,
      calls,
      op,
      samples: [],
      spentMs: 0,
      table: new Map(),
      ...(baseline ? { baseline } : {}),
    });
    const rawPutOnly = scenario('raw: PUT channel', 1, rawPut);
    const io1 = scenario('raw I/O: GetItem + 1 PUT', 1, rawIo(1));
    const io5 = scenario('raw I/O: GetItem + 5 PUT', 5, rawIo(5));
    const scenarios: Scenario[] = [
      rawPutOnly,
      io1,
      io5,
      scenario(
        'client: tvChannel via forToken',
        1,
        () => cloud.forToken(token).tvChannel(tv.thingId, { tuning: button(5) }),
        rawPutOnly,
      ),
      scenario('skill: SetChannelIntent channel 5', 1, () => handler(nextSetChannel()), io1),
      scenario('skill: VolumeUpIntent count 5', 5, () => handler(nextVolumeUp()), io5),
    ];

    await timeInRounds(em, scenarios, N, WARMUP, {
      deadline: (s) => Date.now() + Math.max(0, SCENARIO_CAP_MS - s.spentMs),
      before: () => {
        tableCalls = [];
      },
      after: (s, elapsedMs) => {
        for (const action of tableCalls) s.table.set(action, (s.table.get(action) ?? 0) + 1);
        s.spentMs += elapsedMs;
      },
    });

    printTable(scenarios.map((s) => ({ s, sum: summarise(s.samples) })));
    checkBudgets(scenarios.filter((s) => s.name.startsWith('skill:')));
  } finally {
    await close();
    clearTimeout(watchdog);
  }
}

async function check(response: Promise<ResponseEnvelope>, effect: () => boolean, what: string): Promise<void> {
  const r = await response;
  if (!effect()) {
    throw new Error(`${what} did not reach the TV; answer: ${JSON.stringify(r.response?.outputSpeech)}`);
  }
}

/** Table calls of one kind per timed operation. */
function perOp(s: Scenario, kind: 'reads' | 'writes'): number {
  let n = 0;
  for (const [action, count] of s.table) if (READS.has(action) === (kind === 'reads')) n += count;
  return n / s.samples.length;
}

/** Fails the run, naming the command and its I/O, when a command does more than its budget. */
function checkBudgets(commands: Scenario[]): void {
  const over = commands.flatMap((s) => {
    const reads = perOp(s, 'reads');
    const writes = perOp(s, 'writes');
    const problems = [
      reads > BUDGET.reads ? `${reads} table reads (budget ${BUDGET.reads})` : '',
      writes > BUDGET.writes ? `${writes} table writes (budget ${BUDGET.writes}: the token did not change)` : '',
    ].filter(Boolean);
    return problems.length
      ? [
          `${s.name}: ${problems.join(', ')}; table calls ${JSON.stringify(Object.fromEntries(s.table))} over ${s.samples.length} runs`,
        ]
      : [];
  });
  if (over.length) throw new Error(`I/O over budget:\n  ${over.join('\n  ')}`);
  console.log(
    `I/O budget kept by every command: at most ${BUDGET.reads} table read, ${BUDGET.writes} writes, 1 device call per IR step`,
  );
}

function printTable(rows: { s: Scenario; sum: Summary }[]): void {
  const medians = new Map(rows.map(({ s, sum }) => [s, sum.medianMs]));
  const header = [
    'scenario',
    'device calls',
    'table reads',
    'table writes',
    'n',
    'median ms',
    'p95 ms',
    'x baseline',
    'baseline',
  ];
  const body = rows.map(({ s, sum }) => [
    s.name,
    String(s.calls),
    perOp(s, 'reads').toFixed(2),
    perOp(s, 'writes').toFixed(2),
    String(sum.n),
    sum.medianMs.toFixed(3),
    sum.p95Ms.toFixed(3),
    s.baseline ? `${(sum.medianMs / medians.get(s.baseline)!).toFixed(2)}x` : '-',
    s.baseline?.name ?? '',
  ]);
  console.log(`node ${process.version}, warm-up ${WARMUP}, ${ROUNDS} interleaved rounds, all on 127.0.0.1`);
  table(header, body, [0, 8]);
}

cliArgs(benchWarmCli);
main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
