// The token-reach item family on dynalite: what a listing found comes back until it expires or is
// forgotten, a listing that started before the token was forgotten cannot bring it back, and the item
// is keyed by the token's digest, never the token.
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { DynamoTokenReach, tokenReachKey, TOKEN_REACH_TTL_MS } from '../../src/store/families/token-reach';
import { newToken } from '../support/emulator';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

function world() {
  let offset = 0;
  const reach = new DynamoTokenReach({
    tableName: dynamo.tableName,
    client: dynamo.client,
    now: () => Date.now() + offset,
  });
  const item = async (token: string) =>
    (
      await DynamoDBDocumentClient.from(dynamo.client).send(
        new GetCommand({ TableName: dynamo.tableName, Key: tokenReachKey(token) }),
      )
    ).Item;
  return {
    reach,
    item,
    later: (ms: number) => {
      offset += ms;
    },
  };
}

const found = new Map([
  ['gw-1', ['tv-a', 'tv-b']],
  ['gw-2', []],
]);

it('gives back the gateways a listing found and vouches only for the TVs it found behind them', async () => {
  const { reach } = world();
  const token = newToken();
  await reach.listing(token).remember(found);
  const known = await reach.known(token);
  expect(known?.gateways).toEqual(['gw-1', 'gw-2']);
  expect([
    known?.vouches('gw-1', 'tv-a'),
    known?.vouches('gw-1', 'tv-b'),
    known?.vouches('gw-2', 'tv-a'),
    known?.vouches('gw-3', 'tv-a'),
  ]).toEqual([true, true, false, false]);
  expect(await reach.known(newToken())).toBeUndefined();
});

it('knows nothing once the entry has expired, though the table still holds it', async () => {
  const { reach, item, later } = world();
  const token = newToken();
  await reach.listing(token).remember(found);
  later(TOKEN_REACH_TTL_MS);
  expect(await reach.known(token)).toBeUndefined();
  expect(await item(token)).toBeDefined();
});

it('forgets, and a listing that started before the token was forgotten does not bring it back; a later one does', async () => {
  const { reach, later } = world();
  const token = newToken();
  await reach.listing(token).remember(found);
  const onItsWay = reach.listing(token);
  later(1);
  await reach.forget(token);
  expect(await reach.known(token)).toBeUndefined();
  await onItsWay.remember(found);
  expect(await reach.known(token)).toBeUndefined();
  later(1);
  await reach.listing(token).remember(found);
  expect((await reach.known(token))?.gateways).toEqual(['gw-1', 'gw-2']);
});

it("writes nothing when forgetting a token it never knew (a stranger's, at the public URL)", async () => {
  const { reach, item } = world();
  const token = newToken();
  await reach.forget(token);
  expect(await item(token)).toBeUndefined();
});

it('keys the entry by the SHA-256 of the token; the token is nowhere in it', async () => {
  const { reach, item } = world();
  const token = newToken();
  await reach.listing(token).remember(found);
  const stored = await item(token);
  expect(stored?.['pk']).toBe(`reach#${createHash('sha256').update(token).digest('base64url')}`);
  expect(JSON.stringify(stored)).not.toContain(token);
  expect(stored?.['expiresAt']).toBeGreaterThan(Date.now() / 1000);
});
