// The operator's deletion (npm run forget): one user's data, or one home gateway's, from the table
// (dynalite), each item named in what it prints; a second run finds nothing more. The deletion a user's
// SkillDisabled starts is test/skill/skill-disabled.test.ts.
import { forget, requestFrom } from '../../scripts/forget';
import { DynamoForgetting } from '../../src/store/families/forgetting';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const forgetting = () => new DynamoForgetting({ tableName: dynamo.tableName, client: dynamo.client });
const grant = {
  region: 'FE' as const,
  accessToken: 'Atza|a',
  refreshToken: 'Atzr|r',
  accessTokenExpiresAt: 1_900_000_000_000,
};

/** Two users sharing a TV behind gateway `gw`, the first with a second TV of their own behind `other`. */
async function household(n: string) {
  const [a, b, gw, other] = [`user-a-${n}`, `user-b-${n}`, `gw-${n}`, `gw-other-${n}`];
  const tv = { thingId: `thing-${n}`, serviceId: `remote-${n}`, deviceName: 'Living room TV', gatewayId: gw };
  const own = { thingId: `thing-own-${n}`, serviceId: `remote-own-${n}`, deviceName: 'Bedroom TV', gatewayId: other };
  for (const userId of [a, b]) {
    await dynamo.store.links.saveAccessToken(userId, `token-${userId}`);
    await dynamo.store.tvs.saveTv(userId, tv);
    await dynamo.store.tvs.indexTv({ ...tv, userId });
  }
  await dynamo.store.tvs.saveTv(a, own);
  await dynamo.store.tvs.indexTv({ ...own, userId: a });
  await dynamo.store.grants.saveAlexaGrant(gw, grant);
  await dynamo.store.grants.saveAlexaGrant(other, grant);
  await new DynamoGoogleLinks({ tableName: dynamo.tableName, client: dynamo.client }).agentUserIdFor([gw]);
  return { a, b, gw, other, tv, own };
}

describe('npm run forget', () => {
  it("--user deletes the user's record, their TV only they had and its gateway's grant, and names each item; the shared TV and grant stay", async () => {
    const { a, b, gw, other, tv, own } = await household('u');
    const printed = await forget({ user: a, tableName: dynamo.tableName }, forgetting());
    expect(printed.split('\n')).toEqual(
      expect.arrayContaining([
        `deleted  user#${a}`,
        `deleted  grant#${other}`,
        `changed  gw#${other}: TV ${own.thingId}: taken out of the index (no one else reaches it)`,
        expect.stringMatching(
          new RegExp(`^(changed|kept) {2,}gw#${gw}: TV ${tv.thingId}: kept for the other Alexa users who have it`),
        ),
        `kept     grant#${gw}: kept, another Alexa user has a TV behind the gateway`,
      ]),
    );
    expect(await dynamo.store.links.get(a)).toBeUndefined();
    expect((await dynamo.store.links.get(b))?.tvs?.map((t) => t.thingId)).toEqual([tv.thingId]);
    expect(await dynamo.store.tvs.tvsBehindGateways([gw, other])).toEqual([{ ...tv, userId: b }]);
    expect(await dynamo.store.grants.alexaGrant(gw)).toEqual(grant);
    expect(await dynamo.store.grants.alexaGrant(other)).toBeUndefined();
    expect(await forget({ user: a, tableName: dynamo.tableName }, forgetting())).toBe(
      `nothing is kept for user ${a}\n`,
    );
  });

  it('--user of the last Alexa user keeps a TV Google still reaches, without a user, and says so', async () => {
    const { a, b, gw, tv } = await household('last');
    await forget({ user: a, tableName: dynamo.tableName }, forgetting());
    const printed = await forget({ user: b, tableName: dynamo.tableName }, forgetting());
    expect(printed.split('\n')).toEqual(
      expect.arrayContaining([
        `deleted  user#${b}`,
        `changed  gw#${gw}: TV ${tv.thingId}: kept for Google, without a user`,
      ]),
    );
    expect(await dynamo.store.tvs.tvsBehindGateways([gw])).toEqual([tv]);
  });

  it("--gateway deletes its index, grant and Google link, and its TVs from every owner's record; their other TVs stay", async () => {
    const { a, b, gw, tv, own } = await household('g');
    const printed = await forget({ gateway: gw, tableName: dynamo.tableName }, forgetting());
    expect(printed.split('\n')).toEqual(
      expect.arrayContaining([
        `deleted  gw#${gw}`,
        `deleted  grant#${gw}`,
        `deleted  google#${gw}`,
        `changed  user#${a}: tvs living room tv behind the gateway`,
        `changed  user#${b}: tvs living room tv behind the gateway`,
      ]),
    );
    expect((await dynamo.store.links.get(a))?.tvs?.map((t) => t.thingId)).toEqual([own.thingId]);
    expect((await dynamo.store.links.get(b))?.tvs).toBeUndefined();
    expect(await dynamo.store.tvs.tvsBehindGateways([gw])).toEqual([]);
    expect(tv.gatewayId).toBe(gw);
    expect(await forget({ gateway: gw, tableName: dynamo.tableName }, forgetting())).toBe(
      `nothing is kept for gateway ${gw}\n`,
    );
  });

  it('takes one of --user or --gateway, the table from TABLE_NAME or the stage (--help: test/deploy/cli.test.ts)', () => {
    expect(requestFrom(['--user', ' u1 '], {})).toEqual({ user: 'u1', tableName: 'tv-voice-remote-dev-users' });
    expect(requestFrom(['--gateway', 'g1', '--stage', 'prod'], {})).toEqual({
      gateway: 'g1',
      tableName: 'tv-voice-remote-prod-users',
    });
    expect(requestFrom(['--user', 'u1'], { TABLE_NAME: 'mine' })).toMatchObject({ tableName: 'mine' });
    expect(() => requestFrom([], {})).toThrow(/one of --user <userId> or --gateway <gatewayId>/);
    expect(() => requestFrom(['--user', 'u', '--gateway', 'g'], {})).toThrow(/one of/);
  });
});
