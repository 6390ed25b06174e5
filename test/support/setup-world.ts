// The real parts a setup test runs against: the device-cloud emulator over HTTP, dynalite behind
// DynamoUserStore, and a logger whose lines the test can read.
import { randomUUID } from 'node:crypto';
import { DeviceCloud } from '../../src/cloud/client';
import { startEmulator, type AccountOptions, type Emulator, type RecordedCall } from '../../src/local/emulator';
import { jsonLogger } from '../../src/log';
import { emfLines } from '../../src/metrics';
import type { Deployment } from '../../src/deployment';
import { runSetup, type SetupDeps, type SetupResult, type SetupStepReport } from '../../src/setup';
import type { UserStore } from '../../src/store';
import { startTestDynamo, type TestDynamo } from './dynamo';
import { expectLogAgrees } from './emf';
import { newToken } from './emulator';
import { useFixture } from './fixture';

export const REGISTER_DEVICE = { method: 'POST', path: '/management/v2/me/devices' };
export const REGISTER_TV_ON_REMOTE = { method: 'POST', path: '/device/v2/device' };
export const SEARCH = { method: 'GET', path: '/management/v2/me/devices/availabilities' };
export const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' };
export const PRESETS = { method: 'GET', path: '/device/v2/device/preset' };

export interface World {
  emulator: Emulator;
  dynamo: TestDynamo;
  cloud: DeviceCloud;
  close(): Promise<void>;
}

async function startWorld(): Promise<World> {
  const [emulator, dynamo] = await Promise.all([startEmulator(), startTestDynamo()]);
  return {
    emulator,
    dynamo,
    cloud: new DeviceCloud({ baseUrl: emulator.url }),
    close: async () => {
      await Promise.all([emulator.close(), dynamo.close()]);
    },
  };
}

/**
 * Registers the hooks of a test file: one world started before its tests, its recorded calls and
 * faults cleared before each, closed after them all. Read the fields inside tests.
 */
export function useWorld(): World {
  const started = useFixture('the world', {
    start: startWorld,
    close: (world) => world.close(),
    beforeEach: (world) => {
      world.emulator.clearCalls();
      world.emulator.clearFaults();
    },
  });
  return {
    get emulator() {
      return started().emulator;
    },
    get dynamo() {
      return started().dynamo;
    },
    get cloud() {
      return started().cloud;
    },
    close: () => started().close(),
  };
}

export interface Account {
  token: string;
  userId: string;
}

/** A fresh device-cloud account and an Alexa user whose linked token the store holds (unless told not to). */
export async function newAccount(
  world: World,
  options: AccountOptions & { storeToken?: boolean } = {},
): Promise<Account> {
  const { storeToken = true, ...accountOptions } = options;
  const token = newToken();
  world.emulator.addAccount(token, accountOptions);
  const userId = `amzn1.ask.account.${randomUUID()}`;
  if (storeToken) await world.dynamo.store.links.saveAccessToken(userId, token);
  return { token, userId };
}

export interface Run {
  /** The result, or undefined when the run threw. */
  result?: SetupResult;
  error?: Error;
  /** Reports as onStep saw them, in order. */
  live: SetupStepReport[];
  /** Every log line written during the run, its EMF line last. */
  logLines: string[];
}

export interface RunOptions {
  store?: UserStore;
  /** Called after each step is recorded, before the next call goes out (to break the next call). */
  afterStep?: (step: SetupStepReport) => void;
  /** The run's clock (epoch ms); the real one by default. */
  now?: () => number;
  deployment?: Deployment;
  /** Request Sync after each change (test/support/homegraph.ts); none by default. */
  google?: SetupDeps['google'];
}

/** Runs the real setup function against the world, capturing what it reports and logs. */
export async function setup(world: World, event: unknown, options: RunOptions = {}): Promise<Run> {
  const live: SetupStepReport[] = [];
  const logLines: string[] = [];
  const run: Run = { live, logLines };
  try {
    run.result = await runSetup(
      {
        store: options.store ?? world.dynamo.store,
        cloud: world.cloud,
        logger: jsonLogger((line) => logLines.push(line)),
        metrics: emfLines((line) => logLines.push(line)),
        now: options.now,
        deployment: options.deployment,
        ...(options.google && { google: options.google }),
        onStep: (step) => {
          live.push(step);
          options.afterStep?.(step);
        },
      },
      event,
    );
  } catch (e) {
    run.error = e instanceof Error ? e : new Error(String(e));
  }
  // Every run, however it ended, writes one EMF line that says what its closing log line says.
  expectLogAgrees(logLines);
  return run;
}

/** Like setup(), but the run must succeed. */
export async function setupOk(
  world: World,
  event: unknown,
  options: RunOptions = {},
): Promise<SetupResult & { run: Run }> {
  const run = await setup(world, event, options);
  if (!run.result) throw new Error(`setup failed: ${run.error?.message}`);
  return { ...run.result, run };
}

/** Like setup(), but the run must fail; returns the error. */
export async function setupFails(
  world: World,
  event: unknown,
  options: RunOptions = {},
): Promise<Error & { run: Run }> {
  const run = await setup(world, event, options);
  if (!run.error) throw new Error(`setup unexpectedly ended with status ${run.result?.status}`);
  return Object.assign(run.error, { run });
}

/** Calls of one endpoint that the emulator answered with success. */
export function succeeded(calls: RecordedCall[], endpoint: { method: string; path: string }): RecordedCall[] {
  return calls.filter((c) => c.method === endpoint.method && c.path === endpoint.path && c.status === 200);
}

export function callsTo(calls: RecordedCall[], endpoint: { method: string; path: string }): RecordedCall[] {
  return calls.filter((c) => c.method === endpoint.method && c.path === endpoint.path);
}

/** The body field of a recorded JSON call. */
export function bodyField(call: RecordedCall, field: string): unknown {
  return typeof call.body === 'object' && call.body !== null
    ? (call.body as Record<string, unknown>)[field]
    : undefined;
}
