import { PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { readChannelNames } from '../../src/tv/channels';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const NOW = 1_700_000_000;

/** Items written as another (older, newer or broken) writer might have: raw attribute values. */
async function plant(item: Record<string, AttributeValue>): Promise<void> {
  await dynamo.client.send(new PutItemCommand({ TableName: dynamo.tableName, Item: item }));
}

describe('reading items tolerantly', () => {
  it('ignores attributes it does not know', async () => {
    await plant({
      pk: { S: 'user#extra' },
      userId: { S: 'extra' },
      accessToken: { S: 'token' },
      futureFlag: { BOOL: true },
      tv: {
        M: {
          thingId: { S: 't' },
          serviceId: { S: 's' },
          deviceName: { S: 'TV' },
          gatewayId: { S: 'g' },
          colour: { S: 'black' },
        },
      },
    });
    expect(await dynamo.store.links.get('extra')).toEqual({
      userId: 'extra',
      accessToken: 'token',
      tvs: [{ thingId: 't', serviceId: 's', deviceName: 'TV', gatewayId: 'g' }],
    });
  });

  it('treats malformed maps and values as absent instead of failing the read', async () => {
    await plant({
      pk: { S: 'user#broken' },
      userId: { S: 'broken' },
      accessToken: { N: '42' },
      tv: { S: 'not a map' },
      tvs: { M: { den: { S: 'not a map' }, kitchen: { M: { thingId: { S: 'k' } } } } },
      tvSetups: {
        M: {
          den: { M: { gatewayId: { S: 'gw' }, remote: { M: { thingId: { S: 'only-this' } } }, startedAt: { N: '1' } } },
          tv: { L: [] },
        },
      },
      linkCode: { M: { code: { S: '12ab56' }, expiresAt: { N: '99999999999999999999999' } } },
    });
    expect(await dynamo.store.links.get('broken')).toEqual({ userId: 'broken', setups: { den: { gatewayId: 'gw' } } });
  });

  it("keeps a TV's channel names as stored, which the domain's one reader takes only the valid parts of", async () => {
    await plant({
      pk: { S: 'user#names' },
      userId: { S: 'names' },
      tv: {
        M: {
          thingId: { S: 't' },
          serviceId: { S: 's' },
          deviceName: { S: 'TV' },
          gatewayId: { S: 'g' },
          channels: { M: { area: { S: 'kanto' }, map: { M: { 'BBC One': { N: '1' }, broken: { S: 'two' } } } } },
        },
      },
    });
    const stored = (await dynamo.store.links.get('names'))?.tvs?.[0]?.channels;
    expect(stored).toEqual({ area: 'kanto', map: { 'BBC One': 1, broken: 'two' } });
    expect(readChannelNames(stored)).toEqual({ area: 'tokyo', map: { 'BBC One': 1 } });
  });

  it('writes and reads back a TV with channel names', async () => {
    const tv = {
      thingId: 't',
      serviceId: 's',
      deviceName: 'TV',
      gatewayId: 'g',
      channels: { area: 'kinki', map: { 'My DVD': 11 } },
    };
    await dynamo.store.tvs.saveTv('roundtrip', tv);
    expect((await dynamo.store.links.get('roundtrip'))?.tvs).toEqual([tv]);
  });

  it('reads a link code item without a user or expiry as unknown', async () => {
    await plant({ pk: { S: 'code#314159' }, expiresAt: { N: String(NOW + 3600) } });
    await plant({ pk: { S: 'code#271828' }, userId: { S: 'someone' }, expiresAt: { S: 'tomorrow' } });
    expect(await dynamo.store.linkCodes.findLinkCode('314159', NOW)).toBeUndefined();
    expect(await dynamo.store.linkCodes.findLinkCode('271828', NOW)).toBeUndefined();
  });

  it('issues a fresh link code when the remembered one is malformed', async () => {
    await plant({ pk: { S: 'user#oldcode' }, userId: { S: 'oldcode' }, linkCode: { S: '123456' } });
    const issued = await dynamo.store.linkCodes.issueLinkCode('oldcode', NOW);
    expect(await dynamo.store.linkCodes.findLinkCode(issued.code, NOW)).toBe('oldcode');
  });
});

describe('a record written by the one-TV code', () => {
  const legacyTv = { thingId: 'old-tv', serviceId: 'irc-remote-1-1', deviceName: 'TV', gatewayId: 'gw' };
  const plantLegacy = (userId: string) =>
    plant({
      pk: { S: `user#${userId}` },
      userId: { S: userId },
      accessToken: { S: 'token' },
      tv: {
        M: {
          thingId: { S: legacyTv.thingId },
          serviceId: { S: legacyTv.serviceId },
          deviceName: { S: 'TV' },
          gatewayId: { S: 'gw' },
        },
      },
      setup: { M: { gatewayId: { S: 'gw' }, startedAt: { S: '2024-01-01T00:00:00.000Z' } } },
    });
  const bedroom = { thingId: 'new-tv', serviceId: 'irc-remote-1-2', deviceName: 'Bedroom TV', gatewayId: 'gw' };

  it('reads its single TV as a list of one, and its finished checkpoint not at all', async () => {
    await plantLegacy('legacy-read');
    expect(await dynamo.store.links.get('legacy-read')).toEqual({
      userId: 'legacy-read',
      accessToken: 'token',
      tvs: [legacyTv],
    });
  });

  it('gets a second TV after its first, without a migration', async () => {
    await plantLegacy('legacy-add');
    await dynamo.store.tvs.saveTv('legacy-add', bedroom);
    expect((await dynamo.store.links.get('legacy-add'))?.tvs).toEqual([legacyTv, bedroom]);
    await expect(dynamo.store.tvs.saveTv('legacy-add', { ...bedroom, thingId: 'other' })).rejects.toThrow(
      /another TV named 'Bedroom TV'/,
    );
  });

  it('forgets its single TV', async () => {
    await plantLegacy('legacy-remove');
    await dynamo.store.tvs.saveTv('legacy-remove', bedroom);
    expect(await dynamo.store.tvs.removeTv('legacy-remove', legacyTv)).toBe(true);
    expect(await dynamo.store.links.get('legacy-remove')).toEqual({
      userId: 'legacy-remove',
      accessToken: 'token',
      tvs: [bedroom],
      removing: [legacyTv],
    });
    await dynamo.store.tvs.finishRemoval('legacy-remove', legacyTv.thingId);
    expect(await dynamo.store.links.get('legacy-remove')).toEqual({
      userId: 'legacy-remove',
      accessToken: 'token',
      tvs: [bedroom],
    });
  });

  it("reads the map's entry, not the old one, when both name the same TV", async () => {
    await plantLegacy('legacy-both');
    await dynamo.store.tvs.saveTv('legacy-both', { ...legacyTv, serviceId: 'irc-remote-1-7' });
    expect((await dynamo.store.links.get('legacy-both'))?.tvs).toEqual([{ ...legacyTv, serviceId: 'irc-remote-1-7' }]);
  });
});

describe('a TV saved under the key used before the normal form of names', () => {
  const m = (fields: Record<string, string>) => ({
    M: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { S: v }])),
  });
  const cases: Array<[string, string]> = [
    ['full width', 'Ｂｅｄｒｏｏｍ'],
    ['an apostrophe', "Kid's TV"],
    ['a zero-width space', 'Gar\u200Bage'],
  ];

  it.each(cases)(
    'with %s is rewritten under its new key, forgotten by name, and never listed twice',
    async (_why, name) => {
      const userId = `old-key-${name}`;
      const oldKey = name.trim().replace(/\s+/g, ' ').toLowerCase();
      const tv = { thingId: 't-1', serviceId: 's-1', deviceName: name, gatewayId: 'g' };
      await plant({
        pk: { S: `user#${userId}` },
        userId: { S: userId },
        tvs: { M: { [oldKey]: m({ ...tv, addedAt: '2024-01-01T00:00:00.000Z' }) } },
      });

      await dynamo.store.tvs.saveTv(userId, { ...tv, channels: { area: 'kanto' } });
      expect((await dynamo.store.links.get(userId))?.tvs).toEqual([{ ...tv, channels: { area: 'kanto' } }]);
      expect(await dynamo.store.tvs.removeTv(userId, tv)).toBe(true);
      expect((await dynamo.store.links.get(userId))?.tvs).toBeUndefined();

      await plant({
        pk: { S: `user#${userId}` },
        userId: { S: userId },
        tvs: { M: { [oldKey]: m({ ...tv, addedAt: '2024-01-01T00:00:00.000Z' }) } },
      });
      expect(await dynamo.store.tvs.removeTv(userId, tv)).toBe(true);
      expect((await dynamo.store.links.get(userId))?.tvs).toBeUndefined();
    },
  );
});
