import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';
import { DynamoUserStore, LINK_CODE_REUSE_MARGIN_SECONDS, LinkCodeError } from '../../src/store';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const NOW = 1_700_000_000;
const HOUR = 3600;
let n = 0;
const newUser = (): string => `amzn1.ask.account.CODE${++n}`;

/** A store whose "random" numbers come from a list, so a test can force a collision or a leading zero. */
function storeDrawing(...randoms: number[]): DynamoUserStore {
  const queue = [...randoms];
  return new DynamoUserStore({
    tableName: dynamo.tableName,
    client: dynamo.client,
    random: () => {
      const next = queue.shift();
      if (next === undefined) throw new Error('test ran out of random numbers');
      return next;
    },
  });
}

describe('link codes', () => {
  it('issues a six-digit code valid for two hours by default and remembers it on the record', async () => {
    const user = newUser();
    const issued = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.expiresAt).toBe(NOW + 2 * HOUR);
    expect((await dynamo.store.links.get(user))?.linkCode).toEqual(issued);
  });

  it('keeps leading zeros, so every code from 000000 to 999999 can occur', async () => {
    const low = await storeDrawing(0).linkCodes.issueLinkCode(newUser(), NOW);
    const small = await storeDrawing(0.000042).linkCodes.issueLinkCode(newUser(), NOW);
    const high = await storeDrawing(0.9999999).linkCodes.issueLinkCode(newUser(), NOW);
    expect([low.code, small.code, high.code]).toEqual(['000000', '000042', '999999']);
  });

  it.each([1, -0.1, Number.NaN])(
    'refuses a random source that returns %p instead of making a malformed code',
    async (r) => {
      await expect(storeDrawing(r).linkCodes.issueLinkCode(newUser(), NOW)).rejects.toThrow(RangeError);
    },
  );

  it('writes the code item with its expiry as the TTL attribute', async () => {
    const user = newUser();
    const { code, expiresAt } = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    const docs = DynamoDBDocumentClient.from(dynamo.client);
    const { Item } = await docs.send(new GetCommand({ TableName: dynamo.tableName, Key: { pk: `code#${code}` } }));
    expect(Item).toEqual({ pk: `code#${code}`, userId: user, expiresAt });
  });

  it("carries the Echo's postal code the skill read this time, also on a code given again, and none when none was read", async () => {
    const user = newUser();
    const first = await dynamo.store.linkCodes.issueLinkCode(user, NOW, '060-0001');
    expect(await dynamo.store.linkCodes.readLinkCode(first.code, NOW)).toEqual({
      userId: user,
      used: false,
      postalCode: '060-0001',
    });
    // Asked again on another Echo: the same code, now with that Echo's postal code.
    expect(await dynamo.store.linkCodes.issueLinkCode(user, NOW + 60, '812-0011')).toEqual(first);
    expect(await dynamo.store.linkCodes.readLinkCode(first.code, NOW + 60)).toMatchObject({ postalCode: '812-0011' });
    // Asked again where none could be read (the permission withdrawn since): the earlier read is not reused.
    expect(await dynamo.store.linkCodes.issueLinkCode(user, NOW + 120)).toEqual(first);
    expect(await dynamo.store.linkCodes.readLinkCode(first.code, NOW + 120)).toEqual({ userId: user, used: false });
    const other = await dynamo.store.linkCodes.issueLinkCode(newUser(), NOW);
    expect(await dynamo.store.linkCodes.readLinkCode(other.code, NOW)).toEqual({
      userId: expect.any(String),
      used: false,
    });
  });

  it('gives the same code again while it has more than ten minutes left', async () => {
    const user = newUser();
    const first = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    const later = first.expiresAt - LINK_CODE_REUSE_MARGIN_SECONDS - 1;
    expect(await dynamo.store.linkCodes.issueLinkCode(user, later)).toEqual(first);
  });

  it('issues a new code once the current one has ten minutes or less left', async () => {
    const user = newUser();
    const store = storeDrawing(0.111111, 0.222222);
    const first = await store.linkCodes.issueLinkCode(user, NOW);
    const second = await store.linkCodes.issueLinkCode(user, first.expiresAt - LINK_CODE_REUSE_MARGIN_SECONDS);
    expect(second.code).not.toBe(first.code);
    expect(second.expiresAt).toBe(first.expiresAt - LINK_CODE_REUSE_MARGIN_SECONDS + 2 * HOUR);
    expect((await store.links.get(user))?.linkCode).toEqual(second);
  });

  it('issues a new code after expiry', async () => {
    const user = newUser();
    const store = storeDrawing(0.333333, 0.444444);
    const first = await store.linkCodes.issueLinkCode(user, NOW);
    const second = await store.linkCodes.issueLinkCode(user, first.expiresAt + 1);
    expect(second.code).not.toBe(first.code);
    expect(await store.linkCodes.findLinkCode(second.code, first.expiresAt + 1)).toBe(user);
  });

  it('issues a new code when the remembered one has been used', async () => {
    const user = newUser();
    const store = storeDrawing(0.555555, 0.666666);
    const first = await store.linkCodes.issueLinkCode(user, NOW);
    await store.linkCodes.consumeLinkCode(first.code);
    const second = await store.linkCodes.issueLinkCode(user, NOW + 60);
    expect(second.code).not.toBe(first.code);
    expect(await store.linkCodes.findLinkCode(second.code, NOW + 60)).toBe(user);
  });

  it('draws again when the code is held by another user, and never hands out a live code twice', async () => {
    const holder = newUser();
    const other = newUser();
    const held = await storeDrawing(0.777777).linkCodes.issueLinkCode(holder, NOW);
    const fresh = await storeDrawing(0.777777, 0.777777, 0.888888).linkCodes.issueLinkCode(other, NOW);
    expect(held.code).toBe('777777');
    expect(fresh.code).toBe('888888');
    expect(await dynamo.store.linkCodes.findLinkCode('777777', NOW)).toBe(holder);
    expect(await dynamo.store.linkCodes.findLinkCode('888888', NOW)).toBe(other);
  });

  it('takes over an expired code that TTL has not deleted yet', async () => {
    const oldOwner = newUser();
    const newOwner = newUser();
    const old = await storeDrawing(0.123456).linkCodes.issueLinkCode(oldOwner, NOW);
    const reused = await storeDrawing(0.123456).linkCodes.issueLinkCode(newOwner, old.expiresAt);
    expect(reused.code).toBe(old.code);
    expect(await dynamo.store.linkCodes.findLinkCode(old.code, old.expiresAt)).toBe(newOwner);
  });

  it('gives up with a clear error when every draw collides with a live code', async () => {
    await storeDrawing(0.246802).linkCodes.issueLinkCode(newUser(), NOW);
    const attempt = storeDrawing(...Array.from({ length: 10 }, () => 0.246802)).linkCodes.issueLinkCode(newUser(), NOW);
    await expect(attempt).rejects.toThrow(LinkCodeError);
  });

  it('finds the user a valid code belongs to', async () => {
    const user = newUser();
    const { code } = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    expect(await dynamo.store.linkCodes.findLinkCode(code, NOW + HOUR)).toBe(user);
  });

  it('finds nothing for an unknown code', async () => {
    expect(await storeDrawing().linkCodes.findLinkCode('424242', NOW)).toBeUndefined();
  });

  it('finds nothing for an expired code, even though its item still exists', async () => {
    const user = newUser();
    const { code, expiresAt } = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    expect(await dynamo.store.linkCodes.findLinkCode(code, expiresAt - 1)).toBe(user);
    expect(await dynamo.store.linkCodes.findLinkCode(code, expiresAt)).toBeUndefined();
  });

  it.each(['12345', '1234567', '12a456', ' 123456', '', '123456\n', '１２３４５６'])(
    'finds nothing for the malformed code %j, even when an item with that key exists',
    async (code) => {
      // Planted directly: only the format check stands between the lookup and this item.
      const docs = DynamoDBDocumentClient.from(dynamo.client);
      await docs.send(
        new PutCommand({
          TableName: dynamo.tableName,
          Item: { pk: `code#${code}`, userId: newUser(), expiresAt: NOW + HOUR },
        }),
      );
      expect(await dynamo.store.linkCodes.findLinkCode(code, NOW)).toBeUndefined();
    },
  );

  it('makes a consumed code unusable', async () => {
    const user = newUser();
    const { code } = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    await dynamo.store.linkCodes.consumeLinkCode(code);
    expect(await dynamo.store.linkCodes.findLinkCode(code, NOW)).toBeUndefined();
  });

  it('refuses to consume a code twice, and the code stays used', async () => {
    const user = newUser();
    const { code } = await dynamo.store.linkCodes.issueLinkCode(user, NOW);
    await dynamo.store.linkCodes.consumeLinkCode(code);
    await expect(dynamo.store.linkCodes.consumeLinkCode(code)).rejects.toMatchObject({
      name: 'LinkCodeError',
      reason: 'unknown-or-used',
    });
    expect(await dynamo.store.linkCodes.findLinkCode(code, NOW)).toBeUndefined();
  });

  it('lets only one of two simultaneous consumers win', async () => {
    const { code } = await dynamo.store.linkCodes.issueLinkCode(newUser(), NOW);
    const results = await Promise.allSettled([
      dynamo.store.linkCodes.consumeLinkCode(code),
      dynamo.store.linkCodes.consumeLinkCode(code),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses to consume an unknown or malformed code without creating it', async () => {
    await expect(dynamo.store.linkCodes.consumeLinkCode('989898')).rejects.toMatchObject({ reason: 'unknown-or-used' });
    await expect(dynamo.store.linkCodes.consumeLinkCode('98989')).rejects.toMatchObject({ reason: 'malformed' });
    const docs = DynamoDBDocumentClient.from(dynamo.client);
    expect(
      (await docs.send(new GetCommand({ TableName: dynamo.tableName, Key: { pk: 'code#989898' } }))).Item,
    ).toBeUndefined();
  });

  it('does not put the code into its error messages', async () => {
    const error: unknown = await dynamo.store.linkCodes.consumeLinkCode('135791').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LinkCodeError);
    expect(String((error as Error).message)).not.toContain('135791');
  });

  it('refuses a link-code lifetime shorter than an hour', () => {
    expect(() => new DynamoUserStore({ tableName: dynamo.tableName, linkCodeTtlSeconds: HOUR - 1 })).toThrow(
      /at least 3600/,
    );
    expect(new DynamoUserStore({ tableName: dynamo.tableName, linkCodeTtlSeconds: HOUR })).toBeInstanceOf(
      DynamoUserStore,
    );
  });
});

describe("the store's clock", () => {
  // One injected clock: a code's life and its use are measured by it, whichever method asks.
  const at = (seconds: number) =>
    new DynamoUserStore({ tableName: dynamo.tableName, client: dynamo.client, now: () => seconds * 1000 });

  it.each([
    [
      'a new code lives two hours from its clock',
      async (user: string) => {
        const issued = await at(NOW).linkCodes.issueLinkCode(user);
        expect(issued.expiresAt).toBe(NOW + 2 * HOUR);
      },
    ],
    [
      'a code is found before its end and not after, by the clock',
      async (user: string) => {
        const { code } = await at(NOW).linkCodes.issueLinkCode(user);
        await expect(at(NOW + 2 * HOUR - 1).linkCodes.findLinkCode(code)).resolves.toBe(user);
        await expect(at(NOW + 2 * HOUR).linkCodes.findLinkCode(code)).resolves.toBeUndefined();
      },
    ],
    [
      'a code used is marked used at the clock',
      async (user: string) => {
        const { code } = await at(NOW).linkCodes.issueLinkCode(user);
        await at(NOW + 60).linkCodes.consumeLinkCode(code);
        const item = await DynamoDBDocumentClient.from(dynamo.client).send(
          new GetCommand({ TableName: dynamo.tableName, Key: { pk: `code#${code}` } }),
        );
        expect(item.Item?.['usedAt']).toBe(NOW + 60);
      },
    ],
  ])('%s', async (_what, check) => {
    await check(newUser());
  });
});
