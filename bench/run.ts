// Benchmark of a voice command's hot path against the cost floor of one device-cloud call.
//
// Everything runs in this process on 127.0.0.1: the device-cloud emulator, dynalite with the user
// table, the real DeviceCloud client, DynamoUserStore and the skill handler (silent logger).
// Baseline: a raw node-fetch PUT /device/v2/tv/channel/ to the emulator over a keep-alive agent, the
// same settings as the client's transport (src/cloud/http.ts). Scenarios are measured in interleaved
// rounds after a warm-up so drift affects all of them alike; ratios are median / baseline median.
//
//   npm run bench            (BENCH_N=<iterations per scenario>, default 500)
// First: keep the AWS SDK's Node-version notice out of the output (as the sandbox does).
import '../src/local/sandbox/quiet-sdk-notices';
import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fetch from 'node-fetch';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../src/cloud/client';
import { createUserTable, startDynalite, type RunningDynalite } from '../src/local/dynamo';
import { startEmulator, type Emulator } from '../src/local/emulator';
import { silentLogger } from '../src/log';
import { createSkillHandler } from '../src/skill/app';
import { DynamoUserStore } from '../src/store';
import { registerDemoTv } from '../test/support/emulator';
// The tests' envelope builder (plain TypeScript, no jest): the benchmark sends the same requests.
import { intent, SKILL_ID as BENCH_SKILL_ID } from '../test/skill/support/requests';
import { sample, summarise, type Summary } from './stats';

const N = positiveInt(process.env['BENCH_N'], 500);
const WARMUP = Math.min(50, N);
const ROUNDS = 5;
/** Wall-clock cap per scenario for the measured rounds, so a slow machine still ends in time. */
const SCENARIO_CAP_MS = 6000;
/** Hard stop for the whole run. */
const WATCHDOG_MS = 60_000;

interface Scenario {
  name: string;
  /** Device-cloud calls per operation. */
  calls: number;
  op: () => Promise<unknown>;
  samples: number[];
  spentMs: number;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`bench: did not finish within ${WATCHDOG_MS} ms`);
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  let emulator: Emulator | undefined;
  let dynalite: RunningDynalite | undefined;
  let dynamo: DynamoDBClient | undefined;
  const rawAgent = new http.Agent({ keepAlive: true });
  try {
    emulator = await startEmulator();
    dynalite = await startDynalite();
    process.env['AWS_ENDPOINT_URL_DYNAMODB'] = dynalite.endpoint;
    process.env['AWS_REGION'] ??= 'us-east-1';
    process.env['AWS_ACCESS_KEY_ID'] ??= 'bench';
    process.env['AWS_SECRET_ACCESS_KEY'] ??= 'bench';

    const tableName = 'users-bench';
    dynamo = new DynamoDBClient({});
    await createUserTable(dynamo, tableName);
    const store = new DynamoUserStore({ tableName, client: dynamo });

    const token = 'bench-token-0001';
    const userId = 'amzn1.ask.account.BENCHUSER0001';
    const { tv } = await registerDemoTv(emulator, token);
    await store.saveAccessToken(userId, token);
    await store.saveTv(userId, tv);

    const cloud = new DeviceCloud({ baseUrl: emulator.url });
    const api = cloud.forToken(token);
    const handler = createSkillHandler({ store, cloud, skillId: BENCH_SKILL_ID, logger: silentLogger });
    const who = { userId, token };
    const em = emulator;

    // Sanity: each path really does what it claims before anything is timed.
    await check(handler(intent('SetChannelIntent', { channel: '7' })(who)), () => em.tvState(tv.thingId)?.channel === 7, 'SetChannelIntent');
    const volumeBefore = em.tvState(tv.thingId)!.volume;
    await check(handler(intent('VolumeUpIntent', { steps: '5' })(who)), () => em.tvState(tv.thingId)?.volume === volumeBefore + 5, 'VolumeUpIntent');
    em.clearCalls();
    await api.tvChannel(tv.thingId, { tuning: 3 });
    if (em.calls.length !== 1) throw new Error(`tvChannel made ${em.calls.length} calls, expected 1`);

    const channelUrl = new URL('device/v2/tv/channel/', `${emulator.url}/`).toString();
    const rawBody = JSON.stringify({ thingId: tv.thingId, tuning: '5' });
    const rawHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const rawPut = async (): Promise<void> => {
      const res = await fetch(channelUrl, { method: 'PUT', headers: rawHeaders, body: rawBody, agent: rawAgent });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`baseline PUT answered ${res.status}: ${text}`);
    };

    // Envelopes are built outside the timed region (fresh ids per request, as Alexa sends them).
    const pool = (name: string, slots: Record<string, string>) => {
      const list = Array.from({ length: N + WARMUP }, () => intent(name, slots)(who));
      let i = 0;
      return () => list[i++ % list.length]!;
    };
    const nextSetChannel = pool('SetChannelIntent', { channel: '5' });
    const nextVolumeUp = pool('VolumeUpIntent', { steps: '5' });

    const scenarios: Scenario[] = [
      { name: 'baseline: raw node-fetch PUT channel', calls: 1, op: rawPut, samples: [], spentMs: 0 },
      { name: 'client: tvChannel via forToken', calls: 1, op: () => cloud.forToken(token).tvChannel(tv.thingId, { tuning: 5 }), samples: [], spentMs: 0 },
      { name: 'skill: SetChannelIntent channel 5', calls: 1, op: () => handler(nextSetChannel()), samples: [], spentMs: 0 },
      { name: 'skill: VolumeUpIntent steps 5', calls: 5, op: () => handler(nextVolumeUp()), samples: [], spentMs: 0 },
    ];

    for (const s of scenarios) await sample(s.op, WARMUP, []);
    em.clearCalls();

    const perRound = Math.ceil(N / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of scenarios) {
        const left = Math.min(perRound, N - s.samples.length);
        const start = Date.now();
        const before = s.samples.length;
        em.clearCalls();
        await sample(s.op, left, s.samples, start + Math.max(0, SCENARIO_CAP_MS - s.spentMs));
        s.spentMs += Date.now() - start;
        // Every timed operation must have made all its device-cloud calls (no silent error answers).
        const expected = (s.samples.length - before) * s.calls;
        const failed = em.calls.filter((c) => c.status !== 200).length;
        if (em.calls.length !== expected || failed > 0) {
          throw new Error(`${s.name}: ${em.calls.length} device-cloud calls (${failed} failed), expected ${expected}`);
        }
      }
      em.clearCalls(); // the emulator records every call; keep its memory flat
    }

    printTable(scenarios.map((s) => ({ s, sum: summarise(s.samples) })));
  } finally {
    rawAgent.destroy();
    dynamo?.destroy();
    await emulator?.close();
    await dynalite?.close();
    clearTimeout(watchdog);
  }
}

async function check(response: Promise<ResponseEnvelope>, effect: () => boolean, what: string): Promise<void> {
  const r = await response;
  if (!effect()) {
    throw new Error(`${what} did not reach the TV; answer: ${JSON.stringify(r.response?.outputSpeech)}`);
  }
}

function printTable(rows: { s: Scenario; sum: Summary }[]): void {
  const base = rows[0]!.sum.medianMs;
  const header = ['scenario', 'calls', 'n', 'median ms', 'p95 ms', 'x baseline'];
  const body = rows.map(({ s, sum }) => [
    s.name, String(s.calls), String(sum.n), sum.medianMs.toFixed(3), sum.p95Ms.toFixed(3), `${(sum.medianMs / base).toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`node ${process.version}, warm-up ${WARMUP}, ${ROUNDS} interleaved rounds, all on 127.0.0.1`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
