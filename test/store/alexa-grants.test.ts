// The `grant#<gatewayId>` items: Alexa's event grant per gateway. A refresh never overwrites a newer
// grant, forgetting drops only the grant it was about, and the gateway index items stay as they are.
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AlexaGrant } from '../../src/store';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const grant = (n: number, extra: Partial<AlexaGrant> = {}): AlexaGrant => ({
  region: 'FE',
  accessToken: `Atza|access-${n}`,
  refreshToken: `Atzr|refresh-${n}`,
  accessTokenExpiresAt: 1_800_000_000_000 + n,
  ...extra,
});

describe('Alexa grants', () => {
  it('are kept per gateway and read back whole; a gateway without one reads nothing', async () => {
    expect(await dynamo.store.grants.saveAlexaGrant('gw-a', grant(1))).toBe(true);
    expect(await dynamo.store.grants.alexaGrant('gw-a')).toEqual(grant(1));
    expect(await dynamo.store.grants.alexaGrant('gw-none')).toBeUndefined();
    // Their own items: the gateway's TV index is untouched.
    expect(await dynamo.store.tvs.tvsBehindGateways(['gw-a'])).toEqual([]);
  });

  it('take a new grant whole (the latest AcceptGrant wins)', async () => {
    await dynamo.store.grants.saveAlexaGrant('gw-b', grant(2));
    await dynamo.store.grants.saveAlexaGrant('gw-b', grant(3, { region: 'EU' }));
    expect(await dynamo.store.grants.alexaGrant('gw-b')).toEqual(grant(3, { region: 'EU' }));
  });

  it('keep a refresh only while the grant it refreshed is still the stored one', async () => {
    await dynamo.store.grants.saveAlexaGrant('gw-c', grant(4));
    expect(
      await dynamo.store.grants.saveAlexaGrant('gw-c', grant(5, { refreshToken: 'Atzr|refresh-4' }), 'Atzr|refresh-4'),
    ).toBe(true);
    expect((await dynamo.store.grants.alexaGrant('gw-c'))?.accessToken).toBe('Atza|access-5');
    // A newer grant arrived meanwhile: a late refresh of the old one is refused.
    await dynamo.store.grants.saveAlexaGrant('gw-c', grant(6));
    expect(
      await dynamo.store.grants.saveAlexaGrant('gw-c', grant(7, { refreshToken: 'Atzr|refresh-4' }), 'Atzr|refresh-4'),
    ).toBe(false);
    expect(await dynamo.store.grants.alexaGrant('gw-c')).toEqual(grant(6));
  });

  it('are forgotten only when the stored grant is the one meant, and no token stays behind', async () => {
    await dynamo.store.grants.saveAlexaGrant('gw-d', grant(8));
    expect(await dynamo.store.grants.forgetAlexaGrant('gw-d', 'Atzr|someone-else')).toBe(false);
    expect(await dynamo.store.grants.alexaGrant('gw-d')).toEqual(grant(8));
    expect(await dynamo.store.grants.forgetAlexaGrant('gw-d', 'Atzr|refresh-8')).toBe(true);
    expect(await dynamo.store.grants.alexaGrant('gw-d')).toBeUndefined();
    const { Item } = await DynamoDBDocumentClient.from(dynamo.client).send(
      new GetCommand({ TableName: dynamo.tableName, Key: { pk: 'grant#gw-d' } }),
    );
    expect(Object.keys(Item ?? {}).sort()).toEqual(['forgottenAt', 'gatewayId', 'pk', 'region', 'savedAt']);
    // A grant that never was cannot be forgotten.
    expect(await dynamo.store.grants.forgetAlexaGrant('gw-never', 'Atzr|x')).toBe(false);
  });
});
