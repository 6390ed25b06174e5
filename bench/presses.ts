// How many IR presses one voice command can send and still finish inside Alexa's answer window, with the
// device cloud over TLS 100 ms away: src/tv/control.ts's MAX_STEPS. Method: docs/cold-start.md#bench-presses.
//    npm run bench:presses      (BENCH_PRESSES=<presses timed>, default 40; BENCH_RTT_MS, default 100)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeviceCloud } from '../src/cloud/client';
import { DEFAULT_TIMEOUT_MS } from '../src/cloud/connection';
import { startEmulator } from '../src/local/emulator';
import { DEFAULT_BUDGET_MS, tvControlFor } from '../src/tv/control';
import { MAX_STEPS } from '../src/tv/control';
import { registerDemoTv } from '../test/support/emulator';
import { remoteCloud } from './cold-net';
import { positiveInt } from './stats';
import { cliArgs } from '../scripts/cli';
import { benchPressesCli } from '../scripts/usage';

const PRESSES = positiveInt(process.env['BENCH_PRESSES'], 40);
const RTT_MS = positiveInt(process.env['BENCH_RTT_MS'], 100);
const ROUNDS = 3;

/** In the child: press `PRESSES` times, print when each press ended (ms from the command's start). */
async function child(): Promise<void> {
  const baseUrl = process.env['BENCH_CLOUD_URL'] ?? '';
  const token = process.env['BENCH_TOKEN'] ?? '';
  const thingId = process.env['BENCH_THING_ID'] ?? '';
  const cloud = new DeviceCloud({ baseUrl, timeoutMs: DEFAULT_TIMEOUT_MS });
  const start = performance.now();
  const control = tvControlFor(cloud, token, thingId, { deadline: Date.now() + 60_000 });
  const ends: number[] = [];
  for (let i = 0; i < PRESSES; i += 1) {
    const { done, stoppedBy } = await control.stepVolume(i % 2 === 0 ? 'up' : 'down', 1);
    if (done !== 1)
      throw new Error(`press ${i + 1} failed: ${stoppedBy === 'deadline' ? 'deadline' : stoppedBy?.message}`);
    ends.push(performance.now() - start);
  }
  // The keep-alive agent would hold the process open.
  process.stdout.write(JSON.stringify(ends), () => process.exit(0));
}

/** Presses that start in time under the run's rule, pressing back to back at the measured pace. */
function fit(ends: number[], budgetMs: number, timeoutMs: number): number {
  const first = ends[0]!;
  const gaps = ends
    .slice(1)
    .map((end, i) => end - ends[i]!)
    .sort((a, b) => a - b);
  const pace = gaps[Math.floor(gaps.length / 2)]!;
  // Press 1 starts at 0 and ends at `first`; press k (k >= 2) starts at first + (k - 2) * pace.
  let presses = 1;
  while (first + (presses - 1) * pace + timeoutMs <= budgetMs) presses += 1;
  return presses;
}

async function main(): Promise<void> {
  const emulator = await startEmulator();
  const cloud = await remoteCloud(emulator.url, RTT_MS);
  try {
    const token = 'bench-presses-token';
    const tv = await registerDemoTv(emulator, token);
    const results: { first: number; pace: number; fit: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Asynchronous: the emulator and the proxy answer from this process's event loop.
      const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', __filename, 'child'], {
        env: {
          PATH: process.env['PATH'] ?? '',
          NODE_EXTRA_CA_CERTS: cloud.ca.certFile,
          BENCH_PRESSES: String(PRESSES),
          BENCH_CLOUD_URL: cloud.url,
          BENCH_TOKEN: token,
          BENCH_THING_ID: tv.tv.thingId,
        },
        timeout: 120_000,
      });
      const ends = JSON.parse(run.stdout) as number[];
      const gaps = ends
        .slice(1)
        .map((end, i) => end - ends[i]!)
        .sort((a, b) => a - b);
      results.push({
        first: ends[0]!,
        pace: gaps[Math.floor(gaps.length / 2)]!,
        fit: fit(ends, DEFAULT_BUDGET_MS, DEFAULT_TIMEOUT_MS),
      });
    }
    console.log(
      `device cloud ${RTT_MS} ms away over TLS; budget ${DEFAULT_BUDGET_MS} ms, per-call timeout ${DEFAULT_TIMEOUT_MS} ms`,
    );
    for (const [i, r] of results.entries()) {
      console.log(
        `round ${i + 1}: first press ${r.first.toFixed(0)} ms (with the TLS handshake), then one every ${r.pace.toFixed(0)} ms: ${r.fit} presses fit`,
      );
    }
    const least = Math.min(...results.map((r) => r.fit));
    console.log(
      `fewest that fit: ${least}; MAX_STEPS is ${MAX_STEPS}${MAX_STEPS <= least ? '' : ' (MORE than fit: lower it)'}`,
    );
    if (MAX_STEPS > least) process.exitCode = 1;
  } finally {
    await cloud.close();
    await emulator.close();
  }
}

if (process.argv[2] === 'child') {
  child().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  cliArgs(benchPressesCli);
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
