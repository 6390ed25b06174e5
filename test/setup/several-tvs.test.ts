// Several TVs per user: a run with a new tvName adds one (on the same remote), a rerun for a TV that is
// set up reports it, removeTv forgets one; resumable per TV, and nothing is ever registered twice.
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { discoveredEndpoint } from '../../src/alexa/endpoint';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { FlakyStore } from '../support/flaky-store';
import {
  REGISTER_DEVICE,
  REGISTER_TV_ON_REMOTE,
  SEARCH,
  callsTo,
  newAccount,
  setupFails,
  setupOk,
  succeeded,
  useWorld,
  type Account,
} from '../support/setup-world';

const world = useWorld();

const [sharp, panasonic, sony] = DEFAULT_PRESETS.map((p) => p.deviceId);

/** The account with 'Living room TV' set up by a first run. */
async function withLivingRoomTv(): Promise<Account & { livingRoom: { thingId: string; deviceName: string } }> {
  const account = await newAccount(world);
  const first = await setupOk(world, { userId: account.userId, tvName: 'Living room TV', tvPresetId: sharp });
  world.emulator.clearCalls();
  return { ...account, livingRoom: first.tv! };
}

/** Every device registered once under a name: one remote and these TVs, each on the remote once. */
function expectRegisteredOnce(token: string, tvNames: string[]): void {
  const registered = world.emulator.registeredDevices(token);
  expect(registered.filter((d) => d.scopes.includes('remotecontroller'))).toHaveLength(1);
  expect(
    registered
      .filter((d) => d.scopes.includes('tv'))
      .map((d) => d.deviceName)
      .sort(),
  ).toEqual([...tvNames].sort());
  expect(
    world.emulator
      .tvs(token)
      .map((t) => t.deviceName)
      .sort(),
  ).toEqual([...tvNames].sort());
}

describe('a run with a new tvName', () => {
  it('adds a second TV on the same remote, registering nothing twice, and the store holds both', async () => {
    const { token, userId, livingRoom } = await withLivingRoomTv();

    const result = await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic });

    expect(result.status).toBe('registered');
    expect(result.tv?.deviceName).toBe('Bedroom TV');
    expect(result.tvs).toEqual([livingRoom, result.tv]);
    expect(result.next).toContain("2 TVs ('Living room TV', 'Bedroom TV')");
    const calls = world.emulator.calls;
    expect(succeeded(calls, REGISTER_TV_ON_REMOTE).map((c) => (c.body as { deviceId: string }).deviceId)).toEqual([
      panasonic,
    ]);
    // The remote is known to the cloud already: its registration is answered "duplicate", not repeated.
    expect(succeeded(calls, REGISTER_DEVICE).map((c) => (c.body as { deviceName: string }).deviceName)).toEqual([
      'Bedroom TV',
    ]);
    expect(result.steps.find((s) => s.step === 'register-remote')?.outcome).toBe('reused');
    expectRegisteredOnce(token, ['Living room TV', 'Bedroom TV']);

    const record = await world.dynamo.store.links.get(userId);
    expect(record?.tvs?.map((t) => t.deviceName)).toEqual(['Living room TV', 'Bedroom TV']);
    expect(record?.setups).toBeUndefined();
  });

  it('is reported, not registered, when the user has a TV of that name in any case', async () => {
    const { token, userId, livingRoom } = await withLivingRoomTv();

    const again = await setupOk(world, { userId, tvName: 'LIVING ROOM tv', tvPresetId: sony });

    expect(again.status).toBe('already_registered');
    expect(again.tv).toEqual(livingRoom);
    expect(again.next).toContain("the TV 'Living room TV' is set up");
    expect(world.emulator.calls).toEqual([]);
    expectRegisteredOnce(token, ['Living room TV']);
  });

  it('is refused, naming tvName, when another device of the user carries the name', async () => {
    const { token, userId } = await withLivingRoomTv();
    const error = await setupFails(world, { userId, tvName: 'ir LEARNING remote', tvPresetId: sony });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expectRegisteredOnce(token, ['Living room TV']);
  });

  it('is refused, naming tvName, when Alexa could not tell it from a TV the user has', async () => {
    const { token, userId } = await withLivingRoomTv();
    const error = await setupFails(world, { userId, tvName: 'The living-room television', tvPresetId: sony });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(error.message).toBe(
      "tvName 'The living-room television' sounds the same as your TV 'Living room TV' to Alexa; choose a name that differs in more than \"TV\"",
    );
    expect(world.emulator.calls).toEqual([]);
    expectRegisteredOnce(token, ['Living room TV']);
  });

  it('without a tvName, reports the TVs the user has and how to add another', async () => {
    const { userId, livingRoom } = await withLivingRoomTv();
    await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic });
    world.emulator.clearCalls();

    const again = await setupOk(world, { userId });

    expect(again.status).toBe('already_registered');
    expect(again.tvs?.map((t) => t.deviceName)).toEqual([livingRoom.deviceName, 'Bedroom TV']);
    expect(again.next).toContain("your TVs 'Living room TV', 'Bedroom TV' are set up");
    expect(world.emulator.calls).toEqual([]);
  });
});

describe('a link code', () => {
  it('once used, still reports the TV it set up, but adds or forgets none: that takes a fresh code', async () => {
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    await setupOk(world, { code, tvName: 'Living room TV', tvPresetId: sharp });

    expect((await setupOk(world, { code, tvName: 'Living room TV' })).status).toBe('already_registered');
    const adding = await setupFails(world, { code, tvName: 'Bedroom TV', tvPresetId: panasonic });
    expect(adding).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expect(adding.message).toContain('the link code given was already used; ask Alexa for a new one');
    const removing = await setupFails(world, { code, removeTv: 'Living room TV' });
    expect(removing).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expectRegisteredOnce(token, ['Living room TV']);

    const fresh = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    expect((await setupOk(world, { code: fresh.code, tvName: 'Bedroom TV', tvPresetId: panasonic })).status).toBe(
      'registered',
    );
  });
});

describe('a home with a remote per room', () => {
  it('puts the second TV on the remote named by remoteName, registering each device once', async () => {
    const { token, userId } = await newAccount(world, { remotes: 2 });
    const first = await setupOk(world, { userId, tvName: 'Living room TV', tvPresetId: sharp });
    world.emulator.clearCalls();

    const second = await setupOk(world, {
      userId,
      tvName: 'Bedroom TV',
      remoteName: 'ir learning remote 2',
      tvPresetId: sony,
    });

    expect(second.status).toBe('registered');
    expect(second.remote?.deviceName).toBe('IR learning remote 2');
    expect(second.remote?.thingId).not.toBe(first.remote?.thingId);
    expect(second.steps.find((s) => s.step === 'find-remote')?.detail).toContain(
      "the one named 'ir learning remote 2'",
    );
    const registered = world.emulator.registeredDevices(token);
    expect(
      registered
        .filter((d) => d.scopes.includes('remotecontroller'))
        .map((d) => d.deviceName)
        .sort(),
    ).toEqual(['IR learning remote', 'IR learning remote 2']);
    expect(succeeded(world.emulator.calls, REGISTER_DEVICE)).toHaveLength(2);
    const tvs = (await world.dynamo.store.links.get(userId))?.tvs ?? [];
    const serviceOf = (thingId?: string) => registered.find((d) => d.thingId === thingId)?.serviceId ?? '';
    // Each TV's serviceId carries the id of the remote it was registered on.
    expect(tvs[0].serviceId.startsWith(serviceOf(first.remote?.thingId).replace('-base-', '-remote-'))).toBe(true);
    expect(tvs[1].serviceId.startsWith(serviceOf(second.remote?.thingId).replace('-base-', '-remote-'))).toBe(true);

    // A third TV names the room's remote by the name it was registered under.
    const third = await setupOk(world, {
      userId,
      tvName: 'Kids TV',
      remoteName: 'IR LEARNING REMOTE 2',
      tvPresetId: panasonic,
    });
    expect(third.remote).toEqual(second.remote);
    expect(third.steps.find((s) => s.step === 'register-remote')?.outcome).toBe('reused');
  });
});

describe('the volume step of a TV', () => {
  it('is stored at setup, changed by a rerun naming the TV, and listed in its endpoint cookie', async () => {
    const { userId } = await withLivingRoomTv();
    const added = await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic, volumeStep: 3 });
    expect(added.steps.find((s) => s.step === 'save-tv')?.detail).toContain(
      '"volume up" with no number presses 3 times',
    );
    world.emulator.clearCalls();

    const unnamed = await setupFails(world, { userId, volumeStep: 2 });
    expect(unnamed).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(unnamed.message).toContain("give tvName to say which TV's volume step to change");

    const changed = await setupOk(world, { userId, tvName: 'bedroom tv', volumeStep: 2 });
    expect(changed.next).toContain(
      'The TV \'Bedroom TV\' was already set up; "volume up" with no number presses 2 times now.',
    );
    expect(world.emulator.calls).toEqual([]);
    const tvs = (await world.dynamo.store.links.get(userId))?.tvs ?? [];
    expect(tvs.map((t) => [t.deviceName, t.volumeStep])).toEqual([
      ['Living room TV', undefined],
      ['Bedroom TV', 2],
    ]);
    const indexed = await world.dynamo.store.tvs.tvsBehindGateways([tvs[1]!.gatewayId]);
    const bedroom = indexed.find((t) => t.deviceName === 'Bedroom TV');
    expect(bedroom && discoveredEndpoint(bedroom)?.cookie).toMatchObject({ volumeStep: '2' });
  });
});

describe('channel names with several TVs', () => {
  it('are changed for the TV a rerun names, and a rerun naming none is asked to name one', async () => {
    const { userId } = await withLivingRoomTv();
    await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic });
    world.emulator.clearCalls();

    const unnamed = await setupFails(world, { userId, area: 'osaka' });
    expect(unnamed).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(unnamed.message).toContain("2 TVs are set up ('Living room TV', 'Bedroom TV'); give tvName");

    const named = await setupOk(world, { userId, tvName: 'bedroom tv', area: 'osaka' });
    expect(named.status).toBe('already_registered');
    expect(named.next).toContain("The TV 'Bedroom TV' was already set up; its channel names are updated");
    expect(world.emulator.calls).toEqual([]);
    const tvs = (await world.dynamo.store.links.get(userId))?.tvs ?? [];
    expect(tvs.map((t) => [t.deviceName, t.channels])).toEqual([
      ['Living room TV', undefined],
      ['Bedroom TV', { area: 'osaka' }],
    ]);
  });
});

describe('setting up several TVs, resumably', () => {
  it("keeps one TV's unfinished run while another TV is set up, and finishes it later", async () => {
    const { token, userId } = await withLivingRoomTv();

    const asked = await setupOk(world, { userId, tvName: 'Kitchen TV' });
    expect(asked.status).toBe('choose_preset');
    await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic });
    expect(Object.keys((await world.dynamo.store.links.get(userId))?.setups ?? {})).toEqual(['kitchen tv']);

    const done = await setupOk(world, { userId, tvName: 'Kitchen TV', tvPresetId: sony });

    expect(done.status).toBe('registered');
    expect(done.tvs?.map((t) => t.deviceName)).toEqual(['Living room TV', 'Bedroom TV', 'Kitchen TV']);
    expectRegisteredOnce(token, ['Living room TV', 'Bedroom TV', 'Kitchen TV']);
    expect((await world.dynamo.store.links.get(userId))?.setups).toBeUndefined();
  });

  it('finishes a second TV whose run failed after registering it on the remote, without a second registration', async () => {
    const { token, userId } = await withLivingRoomTv();
    const event = { userId, tvName: 'Bedroom TV', tvPresetId: panasonic };
    const error = await setupFails(world, event, {
      afterStep: (s) => {
        if (s.step === 'register-tv-on-remote') world.emulator.injectFault({ ...SEARCH, status: 503 });
      },
    });
    expect(error).toMatchObject({ step: 'find-tv' });
    expect((await world.dynamo.store.links.get(userId))?.setups?.['bedroom tv']?.tvOnRemote?.deviceName).toBe(
      'Bedroom TV',
    );

    const result = await setupOk(world, event);

    expect(result.steps.find((s) => s.step === 'register-tv-on-remote')?.outcome).toBe('skipped');
    expectRegisteredOnce(token, ['Living room TV', 'Bedroom TV']);
    expect(callsTo(world.emulator.calls, REGISTER_TV_ON_REMOTE)).toHaveLength(1);
  });

  it('finds a second TV on the remote by its name when its checkpoint was lost, never taking the first TV for it', async () => {
    const { token, userId, livingRoom } = await withLivingRoomTv();
    const event = { userId, tvName: 'Bedroom TV', tvPresetId: panasonic };
    // The first checkpoint records the remote's reuse; the second, lost, the TV on the remote.
    const error = await setupFails(world, event, {
      store: new FlakyStore(world.dynamo.store).failOnce('saveSetupProgress', 2),
    });
    expect(error).toMatchObject({ step: 'register-tv-on-remote' });

    const result = await setupOk(world, event);

    expect(result.steps.find((s) => s.step === 'register-tv-on-remote')?.outcome).toBe('reused');
    expect(result.tv?.thingId).not.toBe(livingRoom.thingId);
    expectRegisteredOnce(token, ['Living room TV', 'Bedroom TV']);
    expect(succeeded(world.emulator.calls, REGISTER_TV_ON_REMOTE)).toHaveLength(1);
  });
});

describe('removeTv', () => {
  it('forgets the TV, says its registration stays in the device cloud, and calls no endpoint', async () => {
    const { token, userId, livingRoom } = await withLivingRoomTv();
    const bedroom = (await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic })).tv!;
    world.emulator.clearCalls();

    const result = await setupOk(world, { userId, removeTv: 'bedroom tv' });

    expect(result.status).toBe('removed');
    expect(result.tv).toEqual(bedroom);
    expect(result.tvs).toEqual([livingRoom]);
    expect(result.next).toContain("Alexa no longer controls 'Bedroom TV'. Its registration stays in the device cloud");
    expect(result.steps.map((s) => [s.step, s.outcome])).toContainEqual(['remove-tv', 'done']);
    expect(world.emulator.calls).toEqual([]);
    expect((await world.dynamo.store.links.get(userId))?.tvs).toEqual([
      { ...livingRoom, serviceId: expect.any(String), gatewayId: expect.any(String), presetId: sharp },
    ]);
    expectRegisteredOnce(token, ['Living room TV', 'Bedroom TV']);
  });

  it('refuses a name the user has no TV of, naming removeTv and the TVs there are', async () => {
    const { userId } = await withLivingRoomTv();
    const error = await setupFails(world, { userId, removeTv: 'Garage TV' });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'removeTv' });
    expect(error.message).toBe("removeTv 'Garage TV' is not a TV of this user; the TVs are: 'Living room TV'");
  });

  it('lets the same TV be set up again, taking its registration back instead of registering anew', async () => {
    const { token, userId, livingRoom } = await withLivingRoomTv();
    await setupOk(world, { userId, removeTv: 'Living room TV' });
    world.emulator.clearCalls();

    const again = await setupOk(world, { userId, tvName: 'Living room TV', tvPresetId: sharp });

    expect(again.status).toBe('registered');
    expect(again.tv).toEqual(livingRoom);
    expect(succeeded(world.emulator.calls, REGISTER_TV_ON_REMOTE)).toHaveLength(0);
    expect(succeeded(world.emulator.calls, REGISTER_DEVICE)).toHaveLength(0);
    expectRegisteredOnce(token, ['Living room TV']);
  });
});

describe('a user whose record the one-TV code wrote', () => {
  it('gets a second TV beside the first, and the first stays as it was', async () => {
    const { token, userId } = await newAccount(world);
    const first = await setupOk(world, { userId, tvPresetId: sharp });
    const stored = (await world.dynamo.store.links.get(userId))!;
    // The record as the one-TV code left it: one `tv`, its finished checkpoint kept in `setup`.
    await DynamoDBDocumentClient.from(world.dynamo.client).send(
      new PutCommand({
        TableName: world.dynamo.tableName,
        Item: {
          pk: `user#${userId}`,
          userId,
          accessToken: stored.accessToken,
          tv: stored.tvs![0],
          setup: { gatewayId: stored.tvs![0].gatewayId },
        },
      }),
    );
    expect((await world.dynamo.store.links.get(userId))?.tvs).toEqual(stored.tvs);

    const again = await setupOk(world, { userId });
    expect(again.status).toBe('already_registered');
    const second = await setupOk(world, { userId, tvName: 'Bedroom TV', tvPresetId: panasonic });

    expect(second.tvs).toEqual([first.tv, second.tv]);
    expectRegisteredOnce(token, ['TV', 'Bedroom TV']);
    expect((await world.dynamo.store.links.get(userId))?.tvs).toEqual([
      stored.tvs![0],
      expect.objectContaining({ deviceName: 'Bedroom TV' }),
    ]);
  });
});
