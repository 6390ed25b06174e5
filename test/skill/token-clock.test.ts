// Token ordering tolerates bad clocks (issue 19): a request stamped far in the future counts as made
// now, so it cannot pin its token; a future time already stored (by code before this rule) loses to
// the next request. Real skill, dynalite, emulator.
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DeviceCloud } from '../../src/cloud/client';
import { TOKEN_CLOCK_SKEW_MS } from '../../src/store/dynamo-user-store';
import { newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { launch } from '../support/skill/requests';
import { useDeployedSkill } from '../support/skill/deployed';

const loopback = useLoopback();
const deployed = useDeployedSkill(loopback);
const iso = (ms: number): string => new Date(ms).toISOString();

const cases: Array<{
  why: string;
  first: () => string | number;
  second: () => string | undefined;
  stored: 'second' | 'first';
}> = [
  {
    why: 'a request stamped 2099, then a fresh one',
    first: () => '2099-01-01T00:00:00Z',
    second: () => undefined,
    stored: 'second',
  },
  {
    why: 'a request an hour ahead, then a fresh one',
    first: () => iso(Date.now() + 3_600_000),
    second: () => undefined,
    stored: 'second',
  },
  {
    why: 'a stored time of 2099 (written before the rule), then a fresh request',
    first: () => Date.parse('2099-01-01T00:00:00Z'),
    second: () => undefined,
    stored: 'second',
  },
  // Within the tolerance the order still counts: a late request with an older token loses.
  {
    why: 'a request a minute ahead, then one a minute old',
    first: () => iso(Date.now() + 60_000),
    second: () => iso(Date.now() - 60_000),
    stored: 'first',
  },
  {
    why: 'a fresh request, then one stamped 2099',
    first: () => iso(Date.now()),
    second: () => '2099-06-01T00:00:00Z',
    stored: 'second',
  },
];

it('tolerates a few minutes of skew', () => {
  expect(TOKEN_CLOCK_SKEW_MS).toBeGreaterThanOrEqual(60_000);
  expect(TOKEN_CLOCK_SKEW_MS).toBeLessThanOrEqual(15 * 60_000);
});

it.each(cases)('$why: the $stored token is kept', async ({ first, second, stored }) => {
  const [tokenOne, tokenTwo] = [newToken(), newToken()];
  const userId = `amzn1.ask.account.${randomUUID()}`;
  await registerDemoTv(loopback.emulator, tokenOne);
  loopback.emulator.addAccount(tokenTwo);
  const handler = deployed.with({
    store: loopback.dynamo.store,
    cloud: new DeviceCloud({ baseUrl: loopback.emulator.url }),
  });

  const at = first();
  if (typeof at === 'number') {
    // What the code before this rule wrote for a request stamped 2099.
    await loopback.dynamo.store.links.saveAccessToken(userId, tokenOne);
    await DynamoDBDocumentClient.from(loopback.dynamo.client).send(
      new UpdateCommand({
        TableName: loopback.dynamo.tableName,
        Key: { pk: `user#${userId}` },
        UpdateExpression: 'SET accessTokenSeenAt = :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } else {
    await handler(launch({ timestamp: at })({ userId, token: tokenOne }));
  }
  await handler(launch({ timestamp: second() })({ userId, token: tokenTwo }));

  expect((await loopback.dynamo.store.links.get(userId))?.accessToken).toBe(stored === 'second' ? tokenTwo : tokenOne);
});
