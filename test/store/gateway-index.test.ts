// The `gw#<gatewayId>` items: a map of TVs by thingId that several writers may add to at once.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IndexedTv } from '../../src/store';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

let n = 0;
const tv = (gatewayId: string, extra: Partial<IndexedTv> = {}): IndexedTv & { userId: string } => {
  n++;
  return {
    thingId: `thing-${n}`,
    serviceId: `x-remote-1-${n}`,
    deviceName: `TV ${n}`,
    gatewayId,
    userId: `user-${n}`,
    ...extra,
  };
};

describe('the gateway index', () => {
  it('reads nothing for gateways never indexed', async () => {
    expect(await dynamo.store.tvs.tvsBehindGateways(['gw-unknown'])).toEqual([]);
    expect(await dynamo.store.tvs.tvsBehindGateways([])).toEqual([]);
  });

  it('keeps every TV of a gateway, even when they are indexed at the same moment', async () => {
    const a = tv('gw-shared', { manufacturer: 'SHARP', model: 'AQUOS' });
    const b = tv('gw-shared');
    const c = tv('gw-shared');
    await Promise.all([dynamo.store.tvs.indexTv(a), dynamo.store.tvs.indexTv(b), dynamo.store.tvs.indexTv(c)]);

    const found = await dynamo.store.tvs.tvsBehindGateways(['gw-shared']);
    expect(found.sort((x, y) => x.thingId.localeCompare(y.thingId))).toEqual(
      [a, b, c].sort((x, y) => x.thingId.localeCompare(y.thingId)),
    );
  });

  it('replaces a TV indexed again (a new name, a new owner) without a second entry', async () => {
    const first = tv('gw-again');
    // Whether the index lacked it: what tells setup to report the TV to Alexa as added.
    expect(await dynamo.store.tvs.indexTv(first)).toBe(true);
    expect(await dynamo.store.tvs.indexTv({ ...first, deviceName: 'Renamed', userId: 'someone-else' })).toBe(false);

    expect(await dynamo.store.tvs.tvsBehindGateways(['gw-again'])).toEqual([
      { ...first, deviceName: 'Renamed', userId: 'someone-else' },
    ]);
  });

  it('reads several gateways at once, each once', async () => {
    const one = tv('gw-one');
    const two = tv('gw-two');
    await dynamo.store.tvs.indexTv(one);
    await dynamo.store.tvs.indexTv(two);

    expect(await dynamo.store.tvs.tvsBehindGateways(['gw-one', 'gw-two', 'gw-one'])).toEqual([one, two]);
  });

  it('leaves out entries that do not read as a TV, and reads the rest', async () => {
    const good = tv('gw-messy');
    await dynamo.store.tvs.indexTv(good);
    const docs = DynamoDBDocumentClient.from(dynamo.client);
    await docs.send(
      new PutCommand({
        TableName: dynamo.tableName,
        Item: { pk: 'gw#gw-messy', tvs: { [good.thingId]: good, broken: { thingId: 'x' }, odd: 'text' } },
      }),
    );

    expect(await dynamo.store.tvs.tvsBehindGateways(['gw-messy'])).toEqual([good]);
  });

  // Who has the TV: a set of users per TV beside the map. [user, action] in order, and whether the
  // gateway still lists the TV at the end.
  const sequences: Array<[string, Array<['a' | 'b', 'index' | 'unindex']>, boolean]> = [
    [
      'one user indexes and forgets',
      [
        ['a', 'index'],
        ['a', 'unindex'],
      ],
      false,
    ],
    [
      'two users index, one forgets',
      [
        ['a', 'index'],
        ['b', 'index'],
        ['a', 'unindex'],
      ],
      true,
    ],
    [
      'two users index, both forget',
      [
        ['a', 'index'],
        ['b', 'index'],
        ['b', 'unindex'],
        ['a', 'unindex'],
      ],
      false,
    ],
    [
      'one forgets twice, the other keeps it',
      [
        ['a', 'index'],
        ['b', 'index'],
        ['a', 'unindex'],
        ['a', 'unindex'],
      ],
      true,
    ],
    [
      'a user who never had it forgets it',
      [
        ['a', 'index'],
        ['b', 'unindex'],
      ],
      true,
    ],
    [
      'forgotten, then indexed again',
      [
        ['a', 'index'],
        ['a', 'unindex'],
        ['b', 'index'],
      ],
      true,
    ],
  ];

  it.each(sequences)('keeps the TV while a user has it: %s', async (_name, steps, listed) => {
    const shared = tv(`gw-owners-${n}`);
    for (const [who, action] of steps) {
      const userId = `${shared.thingId}-${who}`;
      if (action === 'index') await dynamo.store.tvs.indexTv({ ...shared, userId });
      else await dynamo.store.tvs.unindexTv({ ...shared, userId });
    }
    expect((await dynamo.store.tvs.tvsBehindGateways([shared.gatewayId])).map((t) => t.thingId)).toEqual(
      listed ? [shared.thingId] : [],
    );
  });

  it('keeps the TV when one user forgets it while the other indexes it at the same moment', async () => {
    const shared = tv('gw-race');
    await dynamo.store.tvs.indexTv({ ...shared, userId: 'a' });
    await Promise.all([
      dynamo.store.tvs.unindexTv({ ...shared, userId: 'a' }),
      dynamo.store.tvs.indexTv({ ...shared, userId: 'b' }),
    ]);
    expect((await dynamo.store.tvs.tvsBehindGateways(['gw-race'])).map((t) => t.thingId)).toEqual([shared.thingId]);
  });
});
