import { startTestDynamo, type TestDynamo } from '../support/dynamo';
import { DynamoUserStore, TvNameTaken, type RegisteredTv, type SetupProgress } from '../../src/store';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

let n = 0;
const newUser = (): string => `amzn1.ask.account.TEST${++n}`;

const tv: RegisteredTv = {
  thingId: 'thing-tv',
  serviceId: 'x-remote-1-2',
  deviceName: 'Living room TV',
  gatewayId: 'gw-1',
};
const progress: SetupProgress = {
  gatewayId: 'gw-1',
  remote: { thingId: 'thing-remote', serviceId: 'x-base-1', deviceName: 'IR remote', gatewayId: 'gw-1' },
  tvOnRemote: { serviceId: 'x-remote-1-2', deviceId: 'preset-7', deviceName: 'Living room TV' },
  startedAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:05.000Z',
};

describe('DynamoUserStore records', () => {
  it('returns undefined for a user it has never seen', async () => {
    expect(await dynamo.store.links.get(newUser())).toBeUndefined();
  });

  it('creates the record when the first access token is saved', async () => {
    const user = newUser();
    await dynamo.store.links.saveAccessToken(user, 'token-one');
    expect(await dynamo.store.links.get(user)).toEqual({ userId: user, accessToken: 'token-one' });
  });

  it('round-trips setup progress and the TV exactly as given', async () => {
    const user = newUser();
    await dynamo.store.setups.saveSetupProgress(user, 'Living room TV', progress);
    expect(await dynamo.store.links.get(user)).toEqual({ userId: user, setups: { 'living room tv': progress } });
    await dynamo.store.tvs.saveTv(user, tv);
    expect(await dynamo.store.links.get(user)).toEqual({ userId: user, tvs: [tv] });
  });

  it('replaces the token without touching the TVs or the setup progress', async () => {
    const user = newUser();
    await dynamo.store.setups.saveSetupProgress(user, 'Bedroom TV', progress);
    await dynamo.store.tvs.saveTv(user, tv);
    await dynamo.store.links.saveAccessToken(user, 'token-one');
    await dynamo.store.links.saveAccessToken(user, 'token-two');
    expect(await dynamo.store.links.get(user)).toEqual({
      userId: user,
      accessToken: 'token-two',
      setups: { 'bedroom tv': progress },
      tvs: [tv],
    });
  });

  it('keeps the token of the newer request when the older one is saved after it', async () => {
    const user = newUser();
    expect(await dynamo.store.links.saveAccessToken(user, 'token-new', 2_000)).toBe(true);
    expect(await dynamo.store.links.saveAccessToken(user, 'token-old', 1_000)).toBe(false);
    expect((await dynamo.store.links.get(user))?.accessToken).toBe('token-new');
    // A request made at the same second (Alexa's timestamps have whole seconds) may replace it.
    expect(await dynamo.store.links.saveAccessToken(user, 'token-same-second', 2_000)).toBe(true);
  });

  it('ends with the newest token for every user when a rotation races late stale requests (50 users)', async () => {
    const users = Array.from({ length: 50 }, () => newUser());
    await Promise.all(users.map((u) => dynamo.store.links.saveAccessToken(u, `${u}-first`, 1_000)));
    // Per user: the rotated token (newer request) and a late request carrying the previous one, at once,
    // in both orders.
    await Promise.all(
      users.flatMap((u, i) => {
        const newer = () => dynamo.store.links.saveAccessToken(u, `${u}-rotated`, 3_000);
        const stale = () => dynamo.store.links.saveAccessToken(u, `${u}-first`, 2_000);
        return i % 2 === 0 ? [newer(), stale()] : [stale(), newer()];
      }),
    );
    const tokens = await Promise.all(users.map(async (u) => (await dynamo.store.links.get(u))?.accessToken));
    expect(tokens).toEqual(users.map((u) => `${u}-rotated`));
  });

  it("keeps one checkpoint per TV being set up, replacing only that TV's", async () => {
    const user = newUser();
    await dynamo.store.links.saveAccessToken(user, 'token-one');
    await dynamo.store.setups.saveSetupProgress(user, 'Den', progress);
    await dynamo.store.setups.saveSetupProgress(user, 'Kitchen', progress);
    await dynamo.store.setups.saveSetupProgress(user, ' den ', {
      gatewayId: 'gw-2',
      startedAt: '2024-02-01T00:00:00.000Z',
    });
    expect(await dynamo.store.links.get(user)).toEqual({
      userId: user,
      accessToken: 'token-one',
      setups: { den: { gatewayId: 'gw-2', startedAt: '2024-02-01T00:00:00.000Z' }, kitchen: progress },
    });
  });

  it('drops the checkpoint of the run that finished the TV, and only that one', async () => {
    const user = newUser();
    await dynamo.store.setups.saveSetupProgress(user, 'TV', progress);
    await dynamo.store.setups.saveSetupProgress(user, 'Kitchen', progress);
    await dynamo.store.tvs.saveTv(user, { ...tv, deviceName: 'TV 2' }, 'TV');
    expect(await dynamo.store.links.get(user)).toEqual({
      userId: user,
      setups: { kitchen: progress },
      tvs: [{ ...tv, deviceName: 'TV 2' }],
    });
  });

  it('adds a second TV beside the first, oldest first', async () => {
    const user = newUser();
    // Named so that the order by name, for two saved within the same millisecond, is the order of adding too.
    const study: RegisteredTv = {
      thingId: 'thing-tv-2',
      serviceId: 'x-remote-1-3',
      deviceName: 'Study TV',
      gatewayId: 'gw-1',
    };
    await dynamo.store.tvs.saveTv(user, tv);
    await dynamo.store.tvs.saveTv(user, study);
    expect((await dynamo.store.links.get(user))?.tvs).toEqual([tv, study]);
  });

  it('keeps both TVs when two writers add one each at the same time', async () => {
    const user = newUser();
    const others = Array.from({ length: 4 }, (_, i): RegisteredTv => ({
      ...tv,
      thingId: `thing-${i}`,
      deviceName: `TV ${i}`,
    }));
    await Promise.all([
      ...others.map((t) => dynamo.store.tvs.saveTv(user, t)),
      dynamo.store.links.saveAccessToken(user, 'token-one'),
    ]);
    const record = await dynamo.store.links.get(user);
    expect(record?.tvs?.map((t) => t.thingId).sort()).toEqual(others.map((t) => t.thingId));
    expect(record?.accessToken).toBe('token-one');
  });

  it('refuses a second TV under a name another TV has, whatever its case', async () => {
    const user = newUser();
    await dynamo.store.tvs.saveTv(user, tv);
    await expect(
      dynamo.store.tvs.saveTv(user, { ...tv, thingId: 'other', deviceName: 'LIVING ROOM TV ' }),
    ).rejects.toBeInstanceOf(TvNameTaken);
    expect((await dynamo.store.links.get(user))?.tvs).toEqual([tv]);
  });

  it('rewrites the same TV under its name without a second entry', async () => {
    const user = newUser();
    await dynamo.store.tvs.saveTv(user, tv);
    await dynamo.store.tvs.saveTv(user, { ...tv, serviceId: 'x-remote-1-9' });
    expect((await dynamo.store.links.get(user))?.tvs).toEqual([{ ...tv, serviceId: 'x-remote-1-9' }]);
  });

  it('forgets a TV by name and thingId, keeping the others', async () => {
    const user = newUser();
    const bedroom: RegisteredTv = { ...tv, thingId: 'thing-tv-2', deviceName: 'Bedroom TV' };
    await dynamo.store.tvs.saveTv(user, tv);
    await dynamo.store.tvs.saveTv(user, bedroom);
    expect(await dynamo.store.tvs.removeTv(user, { ...tv, thingId: 'not-this-one' })).toBe(false);
    expect(await dynamo.store.tvs.removeTv(user, tv)).toBe(true);
    expect(await dynamo.store.tvs.removeTv(user, tv)).toBe(false);
    expect((await dynamo.store.links.get(user))?.tvs).toEqual([bedroom]);
    expect(await dynamo.store.tvs.removeTv(user, bedroom)).toBe(true);
    // Each removal is remembered until the gateway index is updated, then dropped.
    expect((await dynamo.store.links.get(user))?.removing).toEqual([tv, bedroom]);
    await dynamo.store.tvs.finishRemoval(user, tv.thingId);
    await dynamo.store.tvs.finishRemoval(user, bedroom.thingId);
    await dynamo.store.tvs.finishRemoval(user, bedroom.thingId);
    expect(await dynamo.store.links.get(user)).toEqual({ userId: user });
  });

  it('stores only the contract fields, not extra properties a caller happens to pass', async () => {
    const user = newUser();
    const withExtra = { ...tv, accessToken: 'should-not-be-stored-here' };
    await dynamo.store.tvs.saveTv(user, withExtra);
    expect((await dynamo.store.links.get(user))?.tvs).toEqual([tv]);
  });

  it('keeps users apart', async () => {
    const a = newUser();
    const b = newUser();
    await dynamo.store.links.saveAccessToken(a, 'token-a');
    await dynamo.store.tvs.saveTv(b, tv);
    expect(await dynamo.store.links.get(a)).toEqual({ userId: a, accessToken: 'token-a' });
    expect(await dynamo.store.links.get(b)).toEqual({ userId: b, tvs: [tv] });
  });

  it('rejects an empty user id instead of writing a record for nobody', async () => {
    await expect(dynamo.store.links.saveAccessToken('', 'token')).rejects.toThrow(/userId/);
  });

  it('finds the table through the standard AWS environment when given no client', async () => {
    const user = newUser();
    await new DynamoUserStore({ tableName: dynamo.tableName }).links.saveAccessToken(user, 'token-env');
    expect(await dynamo.store.links.get(user)).toEqual({ userId: user, accessToken: 'token-env' });
  });
});
