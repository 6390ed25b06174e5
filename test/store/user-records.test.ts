import { startTestDynamo, type TestDynamo } from '../support/dynamo';
import { DynamoUserStore, type RegisteredTv, type SetupProgress } from '../../src/store';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

let n = 0;
const newUser = (): string => `amzn1.ask.account.TEST${++n}`;

const tv: RegisteredTv = { thingId: 'thing-tv', serviceId: 'x-remote-1-2', deviceName: 'Living room TV', gatewayId: 'gw-1' };
const progress: SetupProgress = {
  gatewayId: 'gw-1',
  remote: { thingId: 'thing-remote', serviceId: 'x-base-1', deviceName: 'IR remote', gatewayId: 'gw-1' },
  tvOnRemote: { serviceId: 'x-remote-1-2', deviceId: 'preset-7', deviceName: 'Living room TV' },
  startedAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:05.000Z',
};

describe('DynamoUserStore records', () => {
  it('returns undefined for a user it has never seen', async () => {
    expect(await dynamo.store.get(newUser())).toBeUndefined();
  });

  it('creates the record when the first access token is saved', async () => {
    const user = newUser();
    await dynamo.store.saveAccessToken(user, 'token-one');
    expect(await dynamo.store.get(user)).toEqual({ userId: user, accessToken: 'token-one' });
  });

  it('round-trips setup progress and the TV exactly as given', async () => {
    const user = newUser();
    await dynamo.store.saveSetupProgress(user, progress);
    await dynamo.store.saveTv(user, tv);
    expect(await dynamo.store.get(user)).toEqual({ userId: user, setup: progress, tv });
  });

  it('replaces the token without touching the TV or the setup progress', async () => {
    const user = newUser();
    await dynamo.store.saveSetupProgress(user, progress);
    await dynamo.store.saveTv(user, tv);
    await dynamo.store.saveAccessToken(user, 'token-one');
    await dynamo.store.saveAccessToken(user, 'token-two');
    expect(await dynamo.store.get(user)).toEqual({ userId: user, accessToken: 'token-two', setup: progress, tv });
  });

  it('keeps the token of the newer request when the older one is saved after it', async () => {
    const user = newUser();
    expect(await dynamo.store.saveAccessToken(user, 'token-new', 2_000)).toBe(true);
    expect(await dynamo.store.saveAccessToken(user, 'token-old', 1_000)).toBe(false);
    expect((await dynamo.store.get(user))?.accessToken).toBe('token-new');
    // A request made at the same second (Alexa's timestamps have whole seconds) may replace it.
    expect(await dynamo.store.saveAccessToken(user, 'token-same-second', 2_000)).toBe(true);
  });

  it('ends with the newest token for every user when a rotation races late stale requests (50 users)', async () => {
    const users = Array.from({ length: 50 }, () => newUser());
    await Promise.all(users.map((u) => dynamo.store.saveAccessToken(u, `${u}-first`, 1_000)));
    // Per user: the rotated token (newer request) and a late request carrying the previous one, at once,
    // in both orders.
    await Promise.all(users.flatMap((u, i) => {
      const newer = () => dynamo.store.saveAccessToken(u, `${u}-rotated`, 3_000);
      const stale = () => dynamo.store.saveAccessToken(u, `${u}-first`, 2_000);
      return i % 2 === 0 ? [newer(), stale()] : [stale(), newer()];
    }));
    const tokens = await Promise.all(users.map(async (u) => (await dynamo.store.get(u))?.accessToken));
    expect(tokens).toEqual(users.map((u) => `${u}-rotated`));
  });

  it('replaces the setup checkpoints as a whole while keeping the token and the TV', async () => {
    const user = newUser();
    await dynamo.store.saveAccessToken(user, 'token-one');
    await dynamo.store.saveTv(user, tv);
    await dynamo.store.saveSetupProgress(user, progress);
    await dynamo.store.saveSetupProgress(user, { gatewayId: 'gw-2', startedAt: '2024-02-01T00:00:00.000Z' });
    expect(await dynamo.store.get(user)).toEqual({
      userId: user,
      accessToken: 'token-one',
      tv,
      setup: { gatewayId: 'gw-2', startedAt: '2024-02-01T00:00:00.000Z' },
    });
  });

  it('keeps the setup checkpoints when the finished TV is saved', async () => {
    const user = newUser();
    await dynamo.store.saveSetupProgress(user, progress);
    await dynamo.store.saveTv(user, tv);
    await dynamo.store.saveTv(user, { ...tv, deviceName: 'Bedroom TV' });
    expect(await dynamo.store.get(user)).toEqual({ userId: user, setup: progress, tv: { ...tv, deviceName: 'Bedroom TV' } });
  });

  it('stores only the contract fields, not extra properties a caller happens to pass', async () => {
    const user = newUser();
    const withExtra = { ...tv, accessToken: 'should-not-be-stored-here' };
    await dynamo.store.saveTv(user, withExtra);
    expect((await dynamo.store.get(user))?.tv).toEqual(tv);
  });

  it('keeps users apart', async () => {
    const a = newUser();
    const b = newUser();
    await dynamo.store.saveAccessToken(a, 'token-a');
    await dynamo.store.saveTv(b, tv);
    expect(await dynamo.store.get(a)).toEqual({ userId: a, accessToken: 'token-a' });
    expect(await dynamo.store.get(b)).toEqual({ userId: b, tv });
  });

  it('rejects an empty user id instead of writing a record for nobody', async () => {
    await expect(dynamo.store.saveAccessToken('', 'token')).rejects.toThrow(/userId/);
  });

  it('finds the table through the standard AWS environment when given no client', async () => {
    const user = newUser();
    await new DynamoUserStore({ tableName: dynamo.tableName }).saveAccessToken(user, 'token-env');
    expect(await dynamo.store.get(user)).toEqual({ userId: user, accessToken: 'token-env' });
  });
});
