import { PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
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
      tv: { M: { thingId: { S: 't' }, serviceId: { S: 's' }, deviceName: { S: 'TV' }, gatewayId: { S: 'g' }, colour: { S: 'black' } } },
    });
    expect(await dynamo.store.get('extra')).toEqual({
      userId: 'extra',
      accessToken: 'token',
      tv: { thingId: 't', serviceId: 's', deviceName: 'TV', gatewayId: 'g' },
    });
  });

  it('treats malformed maps and values as absent instead of failing the read', async () => {
    await plant({
      pk: { S: 'user#broken' },
      userId: { S: 'broken' },
      accessToken: { N: '42' },
      tv: { S: 'not a map' },
      setup: { M: { gatewayId: { S: 'gw' }, remote: { M: { thingId: { S: 'only-this' } } }, startedAt: { N: '1' } } },
      linkCode: { M: { code: { S: '12ab56' }, expiresAt: { N: '99999999999999999999999' } } },
    });
    expect(await dynamo.store.get('broken')).toEqual({ userId: 'broken', setup: { gatewayId: 'gw' } });
  });

  it("keeps a TV's channel names, dropping the parts of them that are not of their shape", async () => {
    await plant({
      pk: { S: 'user#names' },
      userId: { S: 'names' },
      tv: { M: {
        thingId: { S: 't' }, serviceId: { S: 's' }, deviceName: { S: 'TV' }, gatewayId: { S: 'g' },
        channels: { M: { area: { S: 'kanto' }, map: { M: { 'BBC One': { N: '1' }, broken: { S: 'two' } } } } },
      } },
    });
    expect((await dynamo.store.get('names'))?.tv?.channels).toEqual({ area: 'kanto', map: { 'BBC One': 1 } });
  });

  it('writes and reads back a TV with channel names', async () => {
    const tv = { thingId: 't', serviceId: 's', deviceName: 'TV', gatewayId: 'g', channels: { area: 'kinki', map: { 'My DVD': 11 } } };
    await dynamo.store.saveTv('roundtrip', tv);
    expect((await dynamo.store.get('roundtrip'))?.tv).toEqual(tv);
  });

  it('reads a link code item without a user or expiry as unknown', async () => {
    await plant({ pk: { S: 'code#314159' }, expiresAt: { N: String(NOW + 3600) } });
    await plant({ pk: { S: 'code#271828' }, userId: { S: 'someone' }, expiresAt: { S: 'tomorrow' } });
    expect(await dynamo.store.findLinkCode('314159', NOW)).toBeUndefined();
    expect(await dynamo.store.findLinkCode('271828', NOW)).toBeUndefined();
  });

  it('issues a fresh link code when the remembered one is malformed', async () => {
    await plant({ pk: { S: 'user#oldcode' }, userId: { S: 'oldcode' }, linkCode: { S: '123456' } });
    const issued = await dynamo.store.issueLinkCode('oldcode', NOW);
    expect(await dynamo.store.findLinkCode(issued.code, NOW)).toBe('oldcode');
  });
});
