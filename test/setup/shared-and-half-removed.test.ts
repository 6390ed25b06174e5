// The gateway index stays true (issue 19): two Alexa users of one device-cloud account (a household)
// share a TV, and one forgetting it keeps it for the other; a removal whose index update fails (the
// table resets the connection, through the loopback fault proxy) is finished by a rerun.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { DynamoUserStore } from '../../src/store';
import { startFaultProxy, type FaultProxy } from '../support/tcp-faults';
import { newAccount, setupFails, setupOk, useWorld, type World } from '../support/setup-world';

const world = useWorld();
const sharp = DEFAULT_PRESETS[0].deviceId;

async function listed(token: string): Promise<Array<{ thingId: string; deviceName: string }>> {
  const [plugin] = await world.cloud.forToken(token).listCloudPlugins();
  return (await world.dynamo.store.tvs.tvsBehindGateways([plugin?.gatewayId ?? ''])).map(({ thingId, deviceName }) => ({
    thingId,
    deviceName,
  }));
}

/** One device-cloud account, its TV set up by `users` Alexa users in turn (each with the account's token). */
async function household(w: World, users: number): Promise<{ token: string; userIds: string[]; thingId: string }> {
  const first = await newAccount(w);
  const userIds = [first.userId];
  for (let i = 1; i < users; i++) {
    const userId = `amzn1.ask.account.${randomUUID()}`;
    await w.dynamo.store.links.saveAccessToken(userId, first.token);
    userIds.push(userId);
  }
  let thingId = '';
  for (const userId of userIds) {
    const result = await setupOk(w, { userId, tvName: 'Living room TV', tvPresetId: sharp });
    thingId = result.tv!.thingId;
  }
  expect(w.emulator.tvs(first.token)).toHaveLength(1);
  return { token: first.token, userIds, thingId };
}

describe('a TV two Alexa users share through one device-cloud account', () => {
  const orders: Array<[string, number[]]> = [
    ['the first user, then the second', [0, 1]],
    ['the second user, then the first', [1, 0]],
  ];

  it.each(orders)('stays listed until every user forgot it: %s', async (_order, order) => {
    const { token, userIds, thingId } = await household(world, 2);
    expect(await listed(token)).toEqual([{ thingId, deviceName: 'Living room TV' }]);

    await setupOk(world, { userId: userIds[order[0]!], removeTv: 'Living room TV' });
    expect(await listed(token)).toEqual([{ thingId, deviceName: 'Living room TV' }]);
    expect((await world.dynamo.store.links.get(userIds[order[1]!]!))?.tvs?.map((t) => t.thingId)).toEqual([thingId]);

    await setupOk(world, { userId: userIds[order[1]!], removeTv: 'Living room TV' });
    expect(await listed(token)).toEqual([]);
  });

  it('a user forgetting it twice does not take it from the other', async () => {
    const { token, userIds, thingId } = await household(world, 2);
    await setupOk(world, { userId: userIds[0], removeTv: 'Living room TV' });
    await setupFails(world, { userId: userIds[0], removeTv: 'Living room TV' });
    expect(await listed(token)).toEqual([{ thingId, deviceName: 'Living room TV' }]);
  });
});

describe('a removal whose gateway-index update fails', () => {
  let proxy: FaultProxy;
  let flaky: DynamoUserStore;
  beforeAll(async () => {
    proxy = await startFaultProxy(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '');
    flaky = new DynamoUserStore({
      tableName: world.dynamo.tableName,
      client: new DynamoDBClient({ endpoint: proxy.endpoint, maxAttempts: 1 }),
    });
  });
  afterAll(() => proxy.close());
  afterEach(() => proxy.set(() => 'pass'));

  /** The table resets the connection of every update of this kind, and passes everything else. */
  const failing = (marker: string) => () =>
    proxy.set((operation, request) => (operation === 'UpdateItem' && request.includes(marker) ? 'reset' : 'pass'));

  const reruns: Array<{ why: string; breaks: () => void; rerun: (userId: string) => Record<string, unknown> }> = [
    {
      why: 'the owners update, then the same command again',
      breaks: failing('DELETE #owners'),
      rerun: (userId) => ({ userId, removeTv: 'Living room TV' }),
    },
    {
      why: 'the entry removal, then the same command again',
      breaks: failing('REMOVE #tvs.#thingId'),
      rerun: (userId) => ({ userId, removeTv: 'living room tv' }),
    },
    // A run naming no TV would take the forgotten TV back (it is still on the remote): another one is named.
    {
      why: 'the owners update, then a run for another TV',
      breaks: failing('DELETE #owners'),
      rerun: (userId) => ({ userId, tvName: 'Bedroom TV' }),
    },
  ];

  it.each(reruns)(
    'breaking $why: the first run names the step, the rerun finishes it and discovery stops listing it',
    async ({ breaks, rerun }) => {
      const { token, userIds, thingId } = await household(world, 1);
      const userId = userIds[0]!;
      breaks();

      const error = await setupFails(world, { userId, removeTv: 'Living room TV' }, { store: flaky });
      expect(error).toMatchObject({ name: 'SetupStepError', step: 'remove-tv' });
      expect(error.message).toContain('run setup again');
      const half = await world.dynamo.store.links.get(userId);
      expect(half?.tvs).toBeUndefined();
      expect(half?.removing?.map((t) => t.thingId)).toEqual([thingId]);
      expect(await listed(token)).toHaveLength(1);
      proxy.set(() => 'pass');

      const again = await setupOk(world, rerun(userId), { store: flaky });
      expect(again.steps.find((s) => s.step === 'remove-tv')).toMatchObject({
        outcome: 'done',
        detail: expect.stringContaining("finished forgetting TV 'Living room TV'"),
      });
      expect(await listed(token)).toEqual([]);
      expect((await world.dynamo.store.links.get(userId))?.removing).toBeUndefined();
      if ('removeTv' in rerun(userId)) expect(again).toMatchObject({ status: 'removed', tv: { thingId } });
      expect(world.emulator.tvs(token)).toHaveLength(1);
    },
  );
});
