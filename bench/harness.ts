// What the warm benchmarks share: the raw device-call baseline and the interleaved timing rounds that
// check every timed operation really made its device calls.
import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fetch from 'node-fetch';
import { startDynalite, useLocalAwsDefaults } from '../src/local/dynamo';
import { startEmulator, type Emulator } from '../src/local/emulator';
import { sample } from './stats';

export const ROUNDS = 5;

export interface Backends {
  emulator: Emulator;
  /** A client of dynalite (no table yet), found through AWS_ENDPOINT_URL_DYNAMODB as a Lambda would. */
  dynamo: DynamoDBClient;
  /** Keep-alive, for the raw baseline calls. */
  rawAgent: http.Agent;
  close(): Promise<void>;
}

/** The emulator and dynalite on 127.0.0.1, with the AWS SDK pointed at dynalite. */
export async function startBackends(): Promise<Backends> {
  const emulator = await startEmulator();
  const dynalite = await startDynalite().catch(async (e: unknown) => {
    await emulator.close();
    throw e;
  });
  process.env['AWS_ENDPOINT_URL_DYNAMODB'] = dynalite.endpoint;
  useLocalAwsDefaults();
  const dynamo = new DynamoDBClient({});
  const rawAgent = new http.Agent({ keepAlive: true });
  return {
    emulator,
    dynamo,
    rawAgent,
    close: async () => {
      rawAgent.destroy();
      dynamo.destroy();
      await emulator.close();
      await dynalite.close();
    },
  };
}

/** One timed operation: the device-cloud calls it must make, and its durations in ms. */
export interface Scenario {
  name: string;
  calls: number;
  op: () => Promise<unknown>;
  samples: number[];
}

/** A raw node-fetch PUT /device/v2/tv/channel/ over `agent`: the cost floor of one device-cloud call. */
export function rawChannelPut(baseUrl: string, token: string, thingId: string, agent: http.Agent): () => Promise<void> {
  const channelUrl = new URL('device/v2/tv/channel/', `${baseUrl}/`).toString();
  const rawBody = JSON.stringify({ thingId, tuning: '5' });
  const rawHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return async () => {
    const res = await fetch(channelUrl, { method: 'PUT', headers: rawHeaders, body: rawBody, agent });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`baseline PUT answered ${res.status}: ${text}`);
  };
}

export interface RoundHooks<S extends Scenario> {
  /** When a scenario's share of a round must stop (epoch ms); default never. */
  deadline?(s: S): number;
  /** Around each scenario's share of a round, e.g. to count its table calls. */
  before?(s: S): void;
  after?(s: S, elapsedMs: number): void;
}

/**
 * Warms every scenario up, then times them in ROUNDS interleaved rounds (so drift affects all alike)
 * until each has `n` samples. Fails when a timed operation did not make all its device calls.
 */
export async function timeInRounds<S extends Scenario>(
  emulator: Emulator,
  scenarios: S[],
  n: number,
  warmup: number,
  hooks: RoundHooks<S> = {},
): Promise<void> {
  for (const s of scenarios) await sample(s.op, warmup, []);
  const perRound = Math.ceil(n / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of scenarios) {
      const start = Date.now();
      const before = s.samples.length;
      emulator.clearCalls();
      hooks.before?.(s);
      await sample(s.op, Math.min(perRound, n - s.samples.length), s.samples, hooks.deadline?.(s) ?? Infinity);
      hooks.after?.(s, Date.now() - start);
      // No silent error answers: every timed operation made all its device-cloud calls.
      const expected = (s.samples.length - before) * s.calls;
      const failed = emulator.calls.filter((c) => c.status !== 200).length;
      if (emulator.calls.length !== expected || failed > 0) {
        throw new Error(
          `${s.name}: ${emulator.calls.length} device-cloud calls (${failed} failed), expected ${expected}`,
        );
      }
    }
  }
  // The emulator records every call; keep its memory flat.
  emulator.clearCalls();
}
