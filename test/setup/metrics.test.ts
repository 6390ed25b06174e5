// A setup run's EMF line, for each way a run ends: its outcome class, whether it counts as failed, and
// every device call it made (the emulator's count).
import type { Fault } from '../../src/local/emulator';
import type { Outcome } from '../../src/metrics';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { SETUP_LEASE_SECONDS } from '../../src/setup/setup';
import { DynamoUserStore } from '../../src/store';
import { emfDocuments } from '../support/emf';
import { FlakyStore } from '../support/flaky-store';
import { newAccount, PLUGINS, setup, useWorld, type World } from '../support/setup-world';

const world = useWorld();

interface SetupMetricsCase {
  description: string;
  /** The event, given the account; a preset chosen by default, so a working run registers. */
  event?: (account: { userId: string; token: string }) => unknown;
  given?: (world: World, account: { userId: string; token: string }) => void | Promise<void>;
  /** 'saveTv': the store throws a plain error when saving the TV; 'missing-table': every table call fails. */
  store?: 'saveTv' | 'missing-table';
  command?: string;
  outcome: Outcome;
  failed: 0 | 1;
}

const preset = DEFAULT_PRESETS[0].deviceId;
const fault = (f: Fault) => (w: World) => w.emulator.injectFault(f);

/** Another Alexa user of the account is setting up: that run holds the home gateway's lease. */
async function housemateSettingUp(w: World, { token }: { token: string }): Promise<void> {
  const [plugin] = await w.cloud.forToken(token).listCloudPlugins();
  await w.dynamo.store.setups.takeGatewayLease(
    plugin?.gatewayId ?? '',
    'a-housemates-setup',
    Math.floor(Date.now() / 1000),
    SETUP_LEASE_SECONDS,
  );
  w.emulator.clearCalls();
}

const cases: SetupMetricsCase[] = [
  { description: 'a run that registers the TV is ok', outcome: 'ok', failed: 0 },
  { description: 'a run that asks for a preset is ok', event: ({ userId }) => ({ userId }), outcome: 'ok', failed: 0 },
  {
    description: 'a run that forgets a TV the user does not have is refused, naming the field',
    event: ({ userId }) => ({ userId, removeTv: 'Den' }),
    command: 'RemoveTv',
    outcome: 'refused',
    failed: 0,
  },
  {
    description: 'a removal sent as JSON text is a RemoveTv run',
    event: ({ userId }) => JSON.stringify({ userId, removeTv: 'Den' }),
    command: 'RemoveTv',
    outcome: 'refused',
    failed: 0,
  },
  {
    description: 'a null removeTv (absent) is a Setup run',
    event: ({ userId }) => ({ userId, tvPresetId: preset, removeTv: null }),
    outcome: 'ok',
    failed: 0,
  },
  {
    description: 'a bad field is refused',
    event: ({ userId }) => ({ userId, tvPresetId: 3 }),
    outcome: 'refused',
    failed: 0,
  },
  { description: 'an unknown link code is refused', event: () => ({ code: '000000' }), outcome: 'refused', failed: 0 },
  {
    description: "a run that finds the home gateway leased by another user's setup is refused",
    given: housemateSettingUp,
    outcome: 'refused',
    failed: 0,
  },
  {
    description: 'an offline gateway fails as offline',
    given: (w, { token }) => w.emulator.setGatewayOnline(token, false),
    outcome: 'offline',
    failed: 1,
  },
  {
    description: 'a refused token fails as unauthorized',
    given: fault({ ...PLUGINS, status: 401, errorCode: 12 }),
    outcome: 'unauthorized',
    failed: 1,
  },
  {
    description: 'a device cloud answering 503 fails as unavailable',
    given: fault({ ...PLUGINS, status: 503 }),
    outcome: 'unavailable',
    failed: 1,
  },
  { description: 'a table that cannot be reached fails as store', store: 'missing-table', outcome: 'store', failed: 1 },
  {
    description: 'a store that throws what no table failure is fails as unexpected',
    store: 'saveTv',
    outcome: 'unexpected',
    failed: 1,
  },
];

it.each(cases.map((c) => [c.description, c] as const))('%s', async (_d, c) => {
  const account = await newAccount(world);
  await c.given?.(world, account);
  const store =
    c.store === 'saveTv'
      ? new FlakyStore(world.dynamo.store).failOnce('saveTv')
      : c.store === 'missing-table'
        ? new DynamoUserStore({ tableName: 'no-such-table', client: world.dynamo.client })
        : undefined;
  const run = await setup(world, c.event?.(account) ?? { userId: account.userId, tvPresetId: preset }, { store });

  const [emf] = emfDocuments(run.logLines);
  expect(emf).toMatchObject({
    Door: 'setup',
    Command: c.command ?? 'Setup',
    Outcome: c.outcome,
    Failed: c.failed,
    DeviceCalls: world.emulator.calls.length,
  });
  expect(run.logLines.join('\n')).not.toContain(account.token);
});
