import { DEFAULT_PRESETS } from '../../src/local/emulator';
import {
  REGISTER_DEVICE,
  REGISTER_TV_ON_REMOTE,
  bodyField,
  callsTo,
  newAccount,
  setupFails,
  setupOk,
  useWorld,
} from '../support/setup-world';

const world = useWorld();

describe('a first setup run', () => {
  it('registers the remote and the TV once each and stores the TV for voice commands', async () => {
    const { token, userId } = await newAccount(world);
    const presetId = DEFAULT_PRESETS[1].deviceId;

    const result = await setupOk(world, { userId, tvPresetId: presetId });

    expect(result.status).toBe('registered');
    const registered = world.emulator.registeredDevices(token);
    const tvs = world.emulator.tvs(token);
    expect(tvs).toHaveLength(1);
    expect(registered.map((d) => d.thingId).sort()).toEqual([result.remote?.thingId, tvs[0].thingId].sort());
    expect(result.tv).toEqual({ thingId: tvs[0].thingId, deviceName: tvs[0].deviceName });

    const calls = world.emulator.calls;
    expect(callsTo(calls, REGISTER_DEVICE)).toHaveLength(2);
    expect(new Set(callsTo(calls, REGISTER_DEVICE).map((c) => bodyField(c, 'thingId'))).size).toBe(2);
    expect(callsTo(calls, REGISTER_TV_ON_REMOTE)).toHaveLength(1);
    expect(bodyField(callsTo(calls, REGISTER_TV_ON_REMOTE)[0], 'deviceId')).toBe(presetId);

    const record = await world.dynamo.store.links.get(userId);
    expect(record?.tvs).toHaveLength(1);
    expect(record?.tvs?.[0]).toEqual({
      thingId: tvs[0].thingId,
      serviceId: registered.find((d) => d.thingId === tvs[0].thingId)?.serviceId,
      deviceName: tvs[0].deviceName,
      gatewayId: registered[0].gateway?.gatewayId,
      presetId,
    });
  });

  it('names the remote after its own listing and the TV "TV" when no names are given', async () => {
    const { token, userId } = await newAccount(world);
    const result = await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    const names = world.emulator
      .registeredDevices(token)
      .map((d) => d.deviceName)
      .sort();
    expect(names).toEqual(['IR learning remote', 'TV']);
    expect(result.tv?.deviceName).toBe('TV');
  });

  it('gives the TV the next free default name when "TV" is taken', async () => {
    const { token, userId } = await newAccount(world);
    const result = await setupOk(world, { userId, remoteName: 'TV', tvPresetId: DEFAULT_PRESETS[0].deviceId });
    expect(result.tv?.deviceName).toBe('TV 2');
    expect(
      world.emulator
        .registeredDevices(token)
        .map((d) => d.deviceName)
        .sort(),
    ).toEqual(['TV', 'TV 2']);
  });

  it('uses the requested names', async () => {
    const { token, userId } = await newAccount(world);
    await setupOk(world, {
      userId,
      remoteName: 'Hall remote',
      tvName: 'Bedroom TV',
      tvPresetId: DEFAULT_PRESETS[0].deviceId,
    });
    expect(
      world.emulator
        .registeredDevices(token)
        .map((d) => d.deviceName)
        .sort(),
    ).toEqual(['Bedroom TV', 'Hall remote']);
    expect(world.emulator.tvs(token).map((t) => t.deviceName)).toEqual(['Bedroom TV']);
  });

  it('refuses a tvName another device already carries, naming tvName', async () => {
    const { token, userId } = await newAccount(world);
    const error = await setupFails(world, {
      userId,
      tvName: 'IR learning remote',
      tvPresetId: DEFAULT_PRESETS[0].deviceId,
    });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(error.message).toContain('tvName');
    expect(world.emulator.tvs(token)).toHaveLength(0);
  });

  it('refuses a tvName equal to the name this run gives the remote, naming tvName', async () => {
    const { token, userId } = await newAccount(world);
    const error = await setupFails(world, {
      userId,
      remoteName: 'Den',
      tvName: 'den',
      tvPresetId: DEFAULT_PRESETS[0].deviceId,
    });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(world.emulator.tvs(token)).toHaveLength(0);
  });

  it('reports every step to onStep as it happens, in the order of the result, and logs each', async () => {
    const { userId } = await newAccount(world);
    const result = await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    expect(result.run.live).toEqual(result.steps);
    expect(result.steps.map((s) => s.step)).toEqual([
      'resolve-user',
      'list-plugins',
      'find-remote',
      'register-remote',
      'read-presets',
      'choose-preset',
      'register-tv-on-remote',
      'find-tv',
      'register-tv',
      'save-tv',
    ]);
    expect(result.steps.every((s) => s.outcome === 'done')).toBe(true);
    const stepLines = result.run.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.message === 'setup step');
    expect(stepLines.map((l) => l.step)).toEqual(result.steps.map((s) => s.step));
    expect(stepLines.find((l) => l.step === 'register-tv')?.tvThingId).toBe(result.tv?.thingId);
    expect(stepLines.find((l) => l.step === 'register-remote')?.remoteThingId).toBe(result.remote?.thingId);
  });
});

describe('a rerun after success', () => {
  it('answers already_registered with the TV and calls no endpoint at all', async () => {
    const { token, userId } = await newAccount(world);
    const first = await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    world.emulator.clearCalls();
    const before = await world.dynamo.store.links.get(userId);

    const again = await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[2].deviceId });

    expect(again.status).toBe('already_registered');
    expect(again.tv).toEqual(first.tv);
    expect(again.tvs).toEqual([first.tv]);
    expect(again.next).toContain('"tvName"');
    expect(world.emulator.calls).toEqual([]);
    expect(await world.dynamo.store.links.get(userId)).toEqual(before);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});

describe('presets', () => {
  it('offers the presets and registers no TV when several exist and none is named', async () => {
    const { token, userId } = await newAccount(world);
    const result = await setupOk(world, { userId });

    expect(result.status).toBe('choose_preset');
    expect(result.presets?.map((p) => p.deviceId)).toEqual(DEFAULT_PRESETS.map((p) => p.deviceId));
    expect(result.presets?.[0]).toMatchObject({
      manufacturer: DEFAULT_PRESETS[0].manufacturer,
      typeName: DEFAULT_PRESETS[0].typeName,
    });
    expect(callsTo(world.emulator.calls, REGISTER_TV_ON_REMOTE)).toHaveLength(0);
    expect(world.emulator.tvs(token)).toHaveLength(0);
    expect(result.next).toContain(
      `npx serverless invoke -f setup --data '${JSON.stringify({ userId, tvPresetId: DEFAULT_PRESETS[0].deviceId })}'`,
    );
    for (const p of DEFAULT_PRESETS) expect(result.next).toContain(p.deviceId);
    expect((await world.dynamo.store.links.get(userId))?.tvs).toBeUndefined();
  });

  it('names the deployed stage and region in the rerun command, so it reaches the function that ran', async () => {
    const { userId } = await newAccount(world);
    const result = await setupOk(world, { userId }, { deployment: { stage: 'prod', region: 'eu-west-1' } });

    expect(result.status).toBe('choose_preset');
    expect(result.next).toContain(
      `npx serverless invoke --stage prod --region eu-west-1 -f setup --data '${JSON.stringify({ userId, tvPresetId: DEFAULT_PRESETS[0].deviceId })}'`,
    );
  });

  it('completes on a rerun that names one of the offered presets, reusing the remote registered before', async () => {
    const { token, userId } = await newAccount(world);
    await setupOk(world, { userId });
    world.emulator.clearCalls();

    const result = await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[2].deviceId });

    expect(result.status).toBe('registered');
    expect(result.steps.find((s) => s.step === 'register-remote')?.outcome).toBe('skipped');
    const onRemote = callsTo(world.emulator.calls, REGISTER_TV_ON_REMOTE);
    expect(onRemote.map((c) => bodyField(c, 'deviceId'))).toEqual([DEFAULT_PRESETS[2].deviceId]);
    expect(world.emulator.registeredDevices(token)).toHaveLength(2);
  });

  it('uses the only preset without asking', async () => {
    const only = { deviceId: 'TV-TOSHIBA-0042', manufacturer: 'TOSHIBA', typeName: 'REGZA', makerCode: 9, typeCode: 1 };
    const { token, userId } = await newAccount(world, { presets: [only] });

    const result = await setupOk(world, { userId });

    expect(result.status).toBe('registered');
    expect(callsTo(world.emulator.calls, REGISTER_TV_ON_REMOTE).map((c) => bodyField(c, 'deviceId'))).toEqual([
      only.deviceId,
    ]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });

  it('refuses a tvPresetId the remote does not offer, naming tvPresetId and the valid ids', async () => {
    const { token, userId } = await newAccount(world);
    const error = await setupFails(world, { userId, tvPresetId: 'TV-NOPE-9' });

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvPresetId' });
    expect(error.message).toContain("tvPresetId 'TV-NOPE-9'");
    for (const p of DEFAULT_PRESETS) expect(error.message).toContain(p.deviceId);
    expect(world.emulator.tvs(token)).toHaveLength(0);
  });
});

describe('setup by link code', () => {
  it('sets up the user the code belongs to and uses the code up', async () => {
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);

    const result = await setupOk(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(result.status).toBe('registered');
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.thingId).toBe(world.emulator.tvs(token)[0].thingId);
    expect(await world.dynamo.store.linkCodes.findLinkCode(code)).toBeUndefined();
    expect(result.steps.map((s) => s.step)).toContain('consume-code');
  });

  it('reports the TV when the same command is run again after success (the code is used by then)', async () => {
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    const first = await setupOk(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    world.emulator.clearCalls();

    const again = await setupOk(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(again).toMatchObject({ status: 'already_registered', tv: first.tv });
    expect(world.emulator.calls).toEqual([]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });

  it('refuses a used code whose user has no TV (it was removed), naming code', async () => {
    const { userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    await world.dynamo.store.linkCodes.consumeLinkCode(code);

    const error = await setupFails(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expect(error.message).toBe('the link code given was already used; ask Alexa for a new one');
    expect(error.message).not.toContain(code);
  });

  it('refuses a code nobody was given', async () => {
    const { userId } = await newAccount(world);
    const { code: issued } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    const unknown = String((Number(issued) + 1) % 1_000_000).padStart(6, '0');
    expect(await world.dynamo.store.linkCodes.findLinkCode(unknown)).toBeUndefined();

    const error = await setupFails(world, { code: unknown });

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expect(error.message).toContain('the link code given is unknown');
    expect(error.message).not.toContain(unknown);
    expect(world.emulator.calls).toEqual([]);
  });

  it('keeps the code usable until setup completes, so a run that stops early can be repeated with it', async () => {
    const { token, userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);

    const asked = await setupOk(world, { code });
    expect(asked.status).toBe('choose_preset');
    expect(asked.next).toContain(JSON.stringify({ code, tvPresetId: DEFAULT_PRESETS[0].deviceId }));
    expect(await world.dynamo.store.linkCodes.findLinkCode(code)).toBe(userId);

    const done = await setupOk(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    expect(done.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});

describe('the access token', () => {
  it('is taken from the event in preference to the stored one', async () => {
    const { token, userId } = await newAccount(world, { storeToken: false });
    await world.dynamo.store.links.saveAccessToken(userId, 'stale-token-the-cloud-no-longer-accepts');

    const result = await setupOk(world, { userId, accessToken: token, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });

  it('is required: a user the skill has seen without one is told to link the account in the Alexa app', async () => {
    const { userId } = await newAccount(world, { storeToken: false });
    await world.dynamo.store.linkCodes.issueLinkCode(userId);
    const error = await setupFails(world, { userId });
    expect(error.message).toContain('link the account in the Alexa app');
    expect(world.emulator.calls).toEqual([]);
  });

  it('never appears in an error, a step, a log line or the result', async () => {
    const { token, userId } = await newAccount(world, { storeToken: false });
    const rejected = `rejected-${token}`;

    const failure = await setupFails(world, { userId, accessToken: rejected });
    expect(failure.message).toContain('the access token was rejected; link the account again in the Alexa app');
    const asked = await setupOk(world, { userId, accessToken: token });
    const done = await setupOk(world, { userId, accessToken: token, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(asked.next).toContain('accessToken');
    const seen = [
      failure.message,
      JSON.stringify(failure.run.live),
      ...failure.run.logLines,
      JSON.stringify(asked),
      ...asked.run.logLines,
      JSON.stringify(done),
      ...done.run.logLines,
    ].join('\n');
    expect(seen).not.toContain(token);
    expect(done.run.logLines.length).toBeGreaterThan(0);
  });
});

describe('a bad event', () => {
  it('is refused before anything is read or called', async () => {
    const error = await setupFails(world, '{"userId": "someone", "tvname": "Kitchen"}');
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvname' });
    expect(world.emulator.calls).toEqual([]);
  });

  it('may arrive as JSON text', async () => {
    const { token, userId } = await newAccount(world);
    const result = await setupOk(world, JSON.stringify({ userId, tvPresetId: DEFAULT_PRESETS[0].deviceId }));
    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});

describe('channel names at setup', () => {
  it('stores the area and the own names with the TV', async () => {
    const { userId } = await newAccount(world);
    const result = await setupOk(world, {
      userId,
      tvPresetId: DEFAULT_PRESETS[0].deviceId,
      area: 'tokyo',
      channels: { 'Movie box': 12 },
    });
    expect(result.steps.find((s) => s.step === 'save-tv')?.detail).toContain(
      'channels named by the stations of 東京都 (Tokyo) and own names Movie box',
    );
    expect(result.next).toMatch(/Channels by name: the stations of 東京都 \(Tokyo\)\.$/);
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.channels).toEqual({
      area: 'tokyo',
      map: { 'Movie box': 12 },
    });
  });

  it('changes only the names on a rerun for a TV set up before, registering nothing again', async () => {
    const { token, userId } = await newAccount(world);
    await setupOk(world, { userId, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    world.emulator.clearCalls();
    const result = await setupOk(world, { userId, area: 'osaka' });
    expect(result.status).toBe('already_registered');
    expect(result.next).toContain(
      'channel names are updated. Ask Alexa for a channel by name. Channels by name: the stations of 大阪府 (Osaka).',
    );
    expect(callsTo(world.emulator.calls, REGISTER_DEVICE)).toEqual([]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.channels).toEqual({ area: 'osaka' });
  });

  // A rerun replaces the part it gives: the other part (an area perhaps found from the Echo) stays.
  it.each([
    {
      why: 'own names after an area',
      first: { area: 'osaka' },
      rerun: { channels: { 'Movie box': 12 } },
      stored: { area: 'osaka', map: { 'Movie box': 12 } },
    },
    {
      why: 'an area after own names',
      first: { channels: { 'Movie box': 12 } },
      rerun: { area: '北海道' },
      stored: { area: 'hokkaido', map: { 'Movie box': 12 } },
    },
    {
      why: 'new own names after both',
      first: { area: 'osaka', channels: { 'Movie box': 12 } },
      rerun: { channels: { WOWOW: 9 } },
      stored: { area: 'osaka', map: { WOWOW: 9 } },
    },
    {
      why: "own names after the Echo's prefecture",
      first: { echo: '060-0001' },
      rerun: { channels: { 'Movie box': 12 } },
      stored: { area: 'hokkaido', map: { 'Movie box': 12 } },
    },
  ])('a rerun with $why keeps what it does not give', async ({ first, rerun, stored }) => {
    const { userId } = await newAccount(world);
    const { echo, ...given } = first as { echo?: string };
    const start =
      echo === undefined
        ? { userId }
        : { code: (await world.dynamo.store.linkCodes.issueLinkCode(userId, undefined, echo)).code };
    await setupOk(world, { ...start, tvPresetId: DEFAULT_PRESETS[0].deviceId, ...given });

    const result = await setupOk(world, { userId, ...rerun });

    expect(result.status).toBe('already_registered');
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.channels).toEqual(stored);
  });

  it('a prefecture found from the Echo is changed as the answer says: with a new code and "area" (the used code only reports)', async () => {
    const { userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId, undefined, '060-0001');
    const first = await setupOk(world, { code, tvPresetId: DEFAULT_PRESETS[0].deviceId });
    expect(first.next).toMatch(
      /If the TV is elsewhere, ask Alexa for a new link code \("Alexa, tell TV remote to give me a setup code"\) and run setup with it and "area"/,
    );

    expect(await setupFails(world, { code, area: '大阪府' })).toMatchObject({ name: 'SetupInputError', field: 'code' });
    const fresh = (await world.dynamo.store.linkCodes.issueLinkCode(userId)).code;
    const again = await setupOk(world, { code: fresh, area: '大阪府' });

    expect(again.status).toBe('already_registered');
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.channels).toEqual({ area: 'osaka' });
  });

  it('refuses an unknown area naming the field, before any call', async () => {
    const { userId } = await newAccount(world);
    world.emulator.clearCalls();
    const error = await setupFails(world, { userId, area: 'hokkaido-west' });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'area' });
    expect(error.message).toBe(
      `area 'hokkaido-west' is not a Japanese prefecture; write a prefecture such as "北海道", "東京都" or "東京", "とうきょう", "Tokyo", "Kagoshima", or a 7-digit postal code such as "060-0001"`,
    );
    expect((await setupFails(world, { userId, area: '000-0000' })).message).toMatch(
      /^area '000-0000' is not a postal code in use in Japan/,
    );
    expect(world.emulator.calls).toEqual([]);
  });
});
