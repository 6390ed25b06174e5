// Setup against itself and against guessers: one run per user and one per home gateway at a time
// (leases in the table), a lease that a crashed run cannot keep forever, and a bound on wrong link codes.
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { SETUP_LEASE_SECONDS } from '../../src/setup/setup';
import { CODE_MISSES_PER_WINDOW, CODE_TRY_WINDOW_SECONDS } from '../../src/setup/user';
import type { UserStore } from '../../src/store';
import { intent } from '../support/skill/requests';
import { newToken } from '../support/emulator';
import { randomUUID } from 'node:crypto';
import { newAccount, setup, setupFails, setupOk, useWorld, type Account, type Run } from '../support/setup-world';
import { useDeployedSkill } from '../support/skill/deployed';

const PRESET = DEFAULT_PRESETS[0].deviceId;
const BUSY = /^starting setup failed: another setup for this Alexa user is running right now; nothing was changed\./;
const GATEWAY_BUSY =
  /^starting setup failed: another setup for this device-cloud account \(home gateway [^)]+\) is running right now, perhaps by another Alexa user of the household; nothing was changed\. Wait for it to finish \(at most 2 minutes\), then run setup again to see the result$/;

const world = useWorld();
const deployed = useDeployedSkill(world);

/**
 * Runs started together against a slow cloud, which holds each run inside its device-cloud calls while the
 * other starts. Only until the first run ends (the refused one, or with no lease a winner): from then on
 * the cloud answers at full speed, as nothing is left to overlap.
 */
async function race(start: () => Array<Promise<Run>>): Promise<Run[]> {
  world.emulator.injectFault({ latencyMs: 300, times: 100 });
  const runs = start();
  void Promise.race(runs).then(() => world.emulator.clearFaults());
  return Promise.all(runs);
}

describe('one setup at a time per user', () => {
  it.each([1, 2, 3, 4, 5])(
    'two runs at once with different TV names register exactly one TV (round %i)',
    async () => {
      const { token, userId } = await newAccount(world);
      const [a, b] = await race(() => [
        setup(world, { userId, tvPresetId: PRESET, tvName: 'Living room TV' }),
        setup(world, { userId, tvPresetId: PRESET, tvName: 'Bedroom TV' }),
      ]);

      const outcomes = [a, b].map((r) => r.result?.status ?? r.error?.message);
      expect(outcomes).toContain('registered');
      expect(outcomes.filter((o) => o === 'registered')).toHaveLength(1);
      const loser = a.result ? b : a;
      expect(loser.error?.message).toMatch(BUSY);
      expect(loser.error).toMatchObject({ name: 'SetupStepError', step: 'take-lease' });
      expect(world.emulator.tvs(token)).toHaveLength(1);
      // The remote and one TV: nothing registered twice.
      expect(world.emulator.registeredDevices(token)).toHaveLength(2);

      // The loser's rerun, once the winner is done, adds its TV beside the winner's, registering nothing twice.
      world.emulator.clearFaults();
      const again = await setupOk(world, {
        userId,
        tvPresetId: PRESET,
        tvName: a.result ? 'Bedroom TV' : 'Living room TV',
      });
      expect(again.status).toBe('registered');
      expect(again.tvs).toHaveLength(2);
      expect(world.emulator.tvs(token)).toHaveLength(2);
      expect(world.emulator.registeredDevices(token)).toHaveLength(3);
    },
    20_000,
  );

  it('two runs at once with the same link code register exactly one TV', async () => {
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    const runs = await race(() => [
      setup(world, { code, tvPresetId: PRESET }),
      setup(world, { code, tvPresetId: PRESET }),
    ]);

    expect(runs.filter((r) => r.result?.status === 'registered')).toHaveLength(1);
    expect(runs.find((r) => r.error)?.error?.message).toMatch(BUSY);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  }, 20_000);

  it('refuses while another run holds the lease, sending nothing and creating nothing', async () => {
    const { token, userId } = await newAccount(world);
    const now = Math.floor(Date.now() / 1000);
    expect(await world.dynamo.store.setups.takeSetupLease(userId, 'a-running-setup', now, SETUP_LEASE_SECONDS)).toBe(
      true,
    );
    world.emulator.clearCalls();

    const error = await setupFails(world, { userId, tvPresetId: PRESET });

    expect(error.message).toMatch(BUSY);
    expect(error.message).toContain('Wait for it to finish (at most 2 minutes), then run setup again');
    expect(world.emulator.calls).toEqual([]);
    expect(world.emulator.registeredDevices(token)).toEqual([]);
    expect((await world.dynamo.store.links.get(userId))?.setups).toBeUndefined();
  });

  it('takes over the lease of a run that crashed once it has expired', async () => {
    const { token, userId } = await newAccount(world);
    const crashedAt = Math.floor(Date.now() / 1000) - SETUP_LEASE_SECONDS - 1;
    await world.dynamo.store.setups.takeSetupLease(userId, 'a-crashed-setup', crashedAt, SETUP_LEASE_SECONDS);

    const result = await setupOk(world, { userId, tvPresetId: PRESET });

    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });

  it('releases the lease when a run fails, so the rerun is not refused', async () => {
    const { token, userId } = await newAccount(world);
    world.emulator.setGatewayOnline(token, false);
    await setupFails(world, { userId, tvPresetId: PRESET });
    world.emulator.setGatewayOnline(token, true);

    const result = await setupOk(world, { userId, tvPresetId: PRESET });

    expect(result.status).toBe('registered');
  });
});

/** A second Alexa user of the account's household: the same device-cloud account linked in their own Alexa app. */
async function housemate(account: Account): Promise<string> {
  const userId = `amzn1.ask.account.${randomUUID()}`;
  await world.dynamo.store.links.saveAccessToken(userId, account.token);
  return userId;
}

async function gatewayOf(token: string): Promise<string> {
  const [plugin] = await world.cloud.forToken(token).listCloudPlugins();
  return plugin?.gatewayId ?? '';
}

describe('one setup at a time per home gateway, across the users of one device-cloud account', () => {
  const together: Array<{ description: string; events: [Record<string, unknown>, Record<string, unknown>] }> = [
    { description: 'both naming no TV', events: [{ tvPresetId: PRESET }, { tvPresetId: PRESET }] },
    {
      description: 'both naming the same TV',
      events: [
        { tvPresetId: PRESET, tvName: 'Living room TV' },
        { tvPresetId: PRESET, tvName: 'Living room TV' },
      ],
    },
    {
      description: 'naming the TV in two forms',
      events: [
        { tvPresetId: PRESET, tvName: 'Living room TV' },
        { tvPresetId: PRESET, tvName: 'ＬＩＶＩＮＧ ＲＯＯＭ ＴＶ' },
      ],
    },
  ];

  it.each(together)(
    'two users starting together register the TV once; the other is refused, and its rerun reports the TV ($description)',
    async ({ events }) => {
      const account = await newAccount(world);
      const users = [account.userId, await housemate(account)];
      const runs = await race(() => users.map((userId, i) => setup(world, { userId, ...events[i] })));

      expect(runs.map((r) => r.result?.status ?? 'refused').sort()).toEqual(['refused', 'registered']);
      const winner = runs.findIndex((r) => r.result !== undefined);
      const loser = runs[1 - winner]!;
      expect(loser.error?.message).toMatch(GATEWAY_BUSY);
      expect(loser.error).toMatchObject({ name: 'SetupStepError', step: 'take-lease' });
      // Refused before any registration: the remote and one TV, each registered once; the loser's record has no checkpoint.
      expect(world.emulator.tvs(account.token)).toHaveLength(1);
      expect(world.emulator.registeredDevices(account.token)).toHaveLength(2);
      expect((await world.dynamo.store.links.get(users[1 - winner]!))?.setups).toBeUndefined();

      world.emulator.clearFaults();
      const again = await setupOk(world, { userId: users[1 - winner], ...events[1 - winner] });
      expect(again.status).toBe('registered');
      expect(again.tv?.thingId).toBe(runs[winner]!.result?.tv?.thingId);
      expect(world.emulator.tvs(account.token)).toHaveLength(1);
      expect(world.emulator.registeredDevices(account.token)).toHaveLength(2);
    },
    20_000,
  );

  it('refuses while a run of another user holds the gateway, registering nothing, and frees its own user lease', async () => {
    const account = await newAccount(world);
    const gatewayId = await gatewayOf(account.token);
    const now = Math.floor(Date.now() / 1000);
    expect(
      await world.dynamo.store.setups.takeGatewayLease(gatewayId, 'a-housemates-setup', now, SETUP_LEASE_SECONDS),
    ).toBe(true);
    world.emulator.clearCalls();

    const error = await setupFails(world, { userId: account.userId, tvPresetId: PRESET });

    expect(error.message).toMatch(GATEWAY_BUSY);
    expect(error.message).toContain(`home gateway ${gatewayId}`);
    // Only the read-only listing went out.
    expect(world.emulator.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /management/v2/me/cloudPlugins']);
    expect(world.emulator.registeredDevices(account.token)).toEqual([]);
    expect((await world.dynamo.store.links.get(account.userId))?.setups).toBeUndefined();
    // The refused run's own lease is gone: once the other run ends, the rerun goes through.
    await world.dynamo.store.setups.releaseGatewayLease(gatewayId, 'a-housemates-setup');
    expect((await setupOk(world, { userId: account.userId, tvPresetId: PRESET })).status).toBe('registered');
  });

  it('takes over the gateway lease of a run that crashed once it has expired, and frees it when done', async () => {
    const account = await newAccount(world);
    const gatewayId = await gatewayOf(account.token);
    const crashedAt = Math.floor(Date.now() / 1000) - SETUP_LEASE_SECONDS - 1;
    await world.dynamo.store.setups.takeGatewayLease(gatewayId, 'a-crashed-setup', crashedAt, SETUP_LEASE_SECONDS);

    expect((await setupOk(world, { userId: account.userId, tvPresetId: PRESET })).status).toBe('registered');
    expect(world.emulator.tvs(account.token)).toHaveLength(1);
    expect(
      await world.dynamo.store.setups.takeGatewayLease(
        gatewayId,
        'next',
        Math.floor(Date.now() / 1000),
        SETUP_LEASE_SECONDS,
      ),
    ).toBe(true);
  });

  it('frees the gateway lease when a run fails after taking it, so a housemate is not refused', async () => {
    const account = await newAccount(world);
    world.emulator.injectFault({ path: '/device/v2/device', method: 'POST', status: 500, body: { result: 'NG' } });
    await setupFails(world, { userId: account.userId, tvPresetId: PRESET });
    world.emulator.clearFaults();

    const result = await setupOk(world, { userId: await housemate(account), tvPresetId: PRESET });
    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(account.token)).toHaveLength(1);
  });
});

describe('a lease in the store', () => {
  const leases: Array<{
    kind: string;
    take: (store: UserStore, id: string, owner: string, now: number) => Promise<boolean>;
    release: (store: UserStore, id: string, owner: string) => Promise<void>;
  }> = [
    {
      kind: 'user',
      take: (s, id, owner, now) => s.setups.takeSetupLease(id, owner, now, SETUP_LEASE_SECONDS),
      release: (s, id, owner) => s.setups.releaseSetupLease(id, owner),
    },
    {
      kind: 'gateway',
      take: (s, id, owner, now) => s.setups.takeGatewayLease(id, owner, now, SETUP_LEASE_SECONDS),
      release: (s, id, owner) => s.setups.releaseGatewayLease(id, owner),
    },
  ];

  it.each(leases)(
    "$kind: is its owner's to take again, refused to another until released by its owner or expired",
    async ({ take, release }) => {
      const store = world.dynamo.store;
      const id = randomUUID();
      const now = Math.floor(Date.now() / 1000);
      expect(await take(store, id, 'first', now)).toBe(true);
      expect(await take(store, id, 'first', now)).toBe(true);
      expect(await take(store, id, 'second', now)).toBe(false);
      // Released by another than its owner, the lease stays.
      await release(store, id, 'second');
      expect(await take(store, id, 'second', now)).toBe(false);
      expect(await take(store, id, 'second', now + SETUP_LEASE_SECONDS)).toBe(true);
      await release(store, id, 'second');
      expect(await take(store, id, 'third', now)).toBe(true);
    },
  );

  it('on a gateway leaves its TV index as it is', async () => {
    const store = world.dynamo.store;
    const gatewayId = randomUUID();
    const tv = { gatewayId, thingId: 'tv-1', serviceId: 's-1', deviceName: 'TV', userId: 'user-1' };
    await store.tvs.indexTv(tv);
    await store.setups.takeGatewayLease(gatewayId, 'owner', Math.floor(Date.now() / 1000), SETUP_LEASE_SECONDS);
    expect(await store.tvs.tvsBehindGateways([gatewayId])).toEqual([tv]);
    await store.setups.releaseGatewayLease(gatewayId, 'owner');
    expect(await store.tvs.tvsBehindGateways([gatewayId])).toEqual([tv]);
  });
});

describe('guessing link codes', () => {
  /** A clock in a window of its own, so these counts meet no other test's tries. */
  const windowStart = (n: number) => (2_000_000 + n) * CODE_TRY_WINDOW_SECONDS * 1000;

  /** A six-digit code that is nobody's. */
  const wrongCode = (i: number) => String(900000 + i);

  it(`refuses every code for the rest of the window after ${CODE_MISSES_PER_WINDOW} misses, and says so naming code`, async () => {
    const now = () => windowStart(1) + 60_000;
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId, Math.floor(now() / 1000));

    for (let i = 0; i < CODE_MISSES_PER_WINDOW; i++) {
      const miss = await setupFails(world, { code: wrongCode(i) }, { now });
      expect(miss).toMatchObject({ name: 'SetupInputError', field: 'code' });
      expect(miss.message).toContain('is unknown or expired');
    }
    world.emulator.clearCalls();

    // Even the right code: a guesser must not learn that a guess hit.
    const refused = await setupFails(world, { code, tvPresetId: PRESET }, { now });
    expect(refused).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expect(refused.message).toBe(
      'too many wrong link codes were tried recently, so setup by code is paused for 14 minutes; ' +
        'check the code Alexa gave you (it is also on the card in the Alexa app) and try again then',
    );
    expect(world.emulator.calls).toEqual([]);

    // The next window starts afresh.
    const later = () => windowStart(2) + 1000;
    const result = await setupOk(world, { code, tvPresetId: PRESET }, { now: later });
    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });

  it('does not count right codes as misses', async () => {
    const now = () => windowStart(3);
    for (let i = 0; i < CODE_MISSES_PER_WINDOW + 2; i++) {
      const { userId } = await newAccount(world);
      const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId, Math.floor(now() / 1000));
      // Without a preset the run stops at the choice: a right code, used for real.
      const run = await setupOk(world, { code }, { now });
      expect(run.status).toBe('choose_preset');
    }
  }, 30_000);

  it('lets no more than the limit of parallel guesses through', async () => {
    const now = () => windowStart(4);
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => setup(world, { code: wrongCode(i) }, { now })));

    const messages = runs.map((r) => r.error?.message ?? '');
    expect(messages.filter((m) => m.includes('is unknown or expired'))).toHaveLength(CODE_MISSES_PER_WINDOW);
    expect(messages.filter((m) => m.startsWith('too many wrong link codes'))).toHaveLength(30 - CODE_MISSES_PER_WINDOW);
  });
});

describe('the newest token', () => {
  it('is the one setup uses after a rotation raced by a late request carrying the old token', async () => {
    const { token: old, userId } = await newAccount(world);
    const skill = deployed.with({ store: world.dynamo.store, cloud: world.cloud });
    const fresh = newToken();
    world.emulator.rotateToken(old, fresh);
    const t = Date.now();

    // The request with the new token is answered first; one made a second earlier, with the old
    // token, arrives late (a slow network, a retry).
    await skill(intent('TurnOnIntent', {}, { timestamp: new Date(t).toISOString() })({ userId, token: fresh }));
    await skill(intent('TurnOnIntent', {}, { timestamp: new Date(t - 1000).toISOString() })({ userId, token: old }));
    expect((await world.dynamo.store.links.get(userId))?.accessToken).toBe(fresh);

    const result = await setupOk(world, { userId, tvPresetId: PRESET });
    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(fresh)).toHaveLength(1);
  });
});
