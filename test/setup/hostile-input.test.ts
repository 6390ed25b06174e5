// Issue 19, through the real setup (emulator, dynalite): names that sound alike, names Alexa cannot say,
// channel maps with prototype keys, a used link code, abandoned runs, an unknown userId, an expired
// token. Each input gets a clear answer; nothing is registered twice, nothing is left half-written.
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { SETUP_CHECKPOINTS_KEPT } from '../../src/store/dynamo-user-store';
import { newToken } from '../support/emulator';
import { newAccount, setup, setupFails, setupOk, useWorld } from '../support/setup-world';

const world = useWorld();
const [sharp, panasonic] = DEFAULT_PRESETS.map((p) => p.deviceId);

describe('a second TV whose name sounds like the first', () => {
  const pairs: Array<[string, string, string]> = [
    ['full width', 'Bedroom', 'Ｂｅｄｒｏｏｍ'],
    ['NFC and NFD', 'Caf\u00E9', 'Cafe\u0301'],
    ['an apostrophe', 'Kids', "Kid's"],
    ['a zero-width space', 'Garage', 'Gar\u200Bage'],
    ['a bidi control', 'Den', '\u202ADen\u202C'],
    ['case and punctuation', 'Living room', 'LIVING-ROOM!'],
  ];

  it.each(pairs)('%s: "%s" then "%s" is the same TV, reported, registered once', async (_why, first, second) => {
    const { token, userId } = await newAccount(world);
    const one = await setupOk(world, { userId, tvName: first, tvPresetId: sharp });
    world.emulator.clearCalls();

    const two = await setupOk(world, { userId, tvName: second, tvPresetId: panasonic });

    expect(two.status).toBe('already_registered');
    expect(two.tv).toEqual(one.tv);
    expect(two.next).toContain(`the TV '${first}' is set up`);
    expect(world.emulator.calls).toEqual([]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
    expect((await world.dynamo.store.links.get(userId))?.tvs?.map((t) => t.deviceName)).toEqual([first]);
  });

  it('"Bedroom" then "Ｂｅｄｒｏｏｍ ＴＶ" (only "TV" more) is refused as sounding the same, naming tvName', async () => {
    const { token, userId } = await newAccount(world);
    await setupOk(world, { userId, tvName: 'Bedroom', tvPresetId: sharp });
    world.emulator.clearCalls();

    const error = await setupFails(world, { userId, tvName: 'Ｂｅｄｒｏｏｍ ＴＶ', tvPresetId: panasonic });

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'tvName' });
    expect(error.message).toContain("sounds the same as your TV 'Bedroom'");
    expect(world.emulator.calls).toEqual([]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});

describe('input Alexa could never say, or that is not data', () => {
  const refused: Array<{ why: string; event: Record<string, unknown>; field: string; says: string }> = [
    {
      why: 'U+FFFF in tvName',
      event: { tvName: 'Den\uFFFF' },
      field: 'tvName',
      says: 'characters Alexa cannot say (found U+FFFF)',
    },
    { why: 'U+FFFE in remoteName', event: { remoteName: 'Hall\uFFFE' }, field: 'remoteName', says: 'found U+FFFE' },
    { why: 'a lone high surrogate in tvName', event: { tvName: 'Loft\uD800' }, field: 'tvName', says: 'found U+D800' },
    {
      why: 'a lone low surrogate in removeTv',
      event: { removeTv: '\uDC00Den' },
      field: 'removeTv',
      says: 'found U+DC00',
    },
    {
      why: 'a tvName of punctuation only',
      event: { tvName: '!!!' },
      field: 'tvName',
      says: 'must contain a letter or a digit',
    },
    {
      why: 'a tvName of invisible characters only',
      event: { tvName: '\u200B\u200D' },
      field: 'tvName',
      says: 'must contain a letter or a digit',
    },
    {
      why: 'U+FFFF in a channel name',
      event: { channels: { 'BBC\uFFFF': 1 } },
      field: 'channels',
      says: 'printable characters',
    },
    {
      why: 'a lone surrogate in a channel name',
      event: { channels: { '\uD83DITV': 3 } },
      field: 'channels',
      says: 'printable characters',
    },
    {
      why: 'a channel named constructor',
      event: { channels: { constructor: 3 } },
      field: 'channels',
      says: "'constructor' cannot be a channel name",
    },
    {
      why: 'a channel named __proto__',
      event: { channels: JSON.parse('{"__proto__": 3}') },
      field: 'channels',
      says: "'__proto__' cannot be a channel name",
    },
    {
      why: 'a channel named toString',
      event: { channels: { toString: 4, ITV: 3 } },
      field: 'channels',
      says: "'toString' cannot be a channel name",
    },
    {
      why: 'a channel named hasOwnProperty',
      event: { channels: { hasOwnProperty: 5 } },
      field: 'channels',
      says: "'hasOwnProperty' cannot be a channel name",
    },
  ];

  it.each(refused)('$why is refused naming $field, before any call or write', async ({ event, field, says }) => {
    const { token, userId } = await newAccount(world);
    const before = await world.dynamo.store.links.get(userId);

    const error = await setupFails(world, { userId, tvPresetId: sharp, ...event });

    expect(error).toMatchObject({ name: 'SetupInputError', field });
    expect(error.message).toContain(says);
    expect(world.emulator.calls).toEqual([]);
    expect(world.emulator.tvs(token)).toEqual([]);
    expect(await world.dynamo.store.links.get(userId)).toEqual(before);
  });

  it.each([
    ['constructor', '{"constructor": 3}'],
    ['__proto__', '{"__proto__": 3}'],
  ])(
    'a JSON event with a channel named %s (as the Lambda runtime parses it) is refused the same way, and a rerun too',
    async (name, channels) => {
      const { token, userId } = await newAccount(world);
      for (let run = 0; run < 2; run++) {
        const error = await setupFails(
          world,
          `{"userId": ${JSON.stringify(userId)}, "tvPresetId": "${sharp}", "channels": ${channels}}`,
        );
        expect(error).toMatchObject({ name: 'SetupInputError', field: 'channels' });
        expect(error.message).toContain(`'${name}' cannot be a channel name`);
      }
      expect(world.emulator.calls).toEqual([]);
      expect(world.emulator.tvs(token)).toEqual([]);
    },
  );

  it('names that only look like reserved words are names like others, stored and read back', async () => {
    const { userId } = await newAccount(world);
    const channels = { Constructor: 3, 'to String': 4, __PROTO__: 5 };
    await setupOk(world, { userId, tvPresetId: sharp, channels });
    expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.channels).toEqual({ map: channels });
  });
});

describe('a link code already used', () => {
  async function usedCode(): Promise<{ userId: string; code: string }> {
    const { userId } = await newAccount(world);
    const { code } = await world.dynamo.store.linkCodes.issueLinkCode(userId);
    await setupOk(world, { code, tvPresetId: sharp, area: 'tokyo' });
    world.emulator.clearCalls();
    return { userId, code };
  }

  const attempts: Array<{ why: string; event: (code: string) => Record<string, unknown> }> = [
    { why: 'new channel names', event: (code) => ({ code, channels: { 'BBC One': 1 } }) },
    { why: 'another area', event: (code) => ({ code, area: 'osaka' }) },
    { why: 'another TV', event: (code) => ({ code, tvName: 'Bedroom', tvPresetId: panasonic }) },
    { why: 'forgetting the TV', event: (code) => ({ code, removeTv: 'TV' }) },
  ];

  it.each(attempts)('refuses $why naming code, and changes nothing', async ({ event }) => {
    const { userId, code } = await usedCode();
    const before = await world.dynamo.store.links.get(userId);

    const error = await setupFails(world, event(code));

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'code' });
    expect(error.message).toContain('the link code given was already used');
    expect(error.message).not.toContain(code);
    expect(error.message).toContain('Nothing was changed');
    expect(await world.dynamo.store.links.get(userId)).toEqual(before);
    expect(world.emulator.calls).toEqual([]);
  });

  it('still reports what it set up, writing nothing', async () => {
    const { userId, code } = await usedCode();
    const before = await world.dynamo.store.links.get(userId);

    const report = await setupOk(world, { code });

    expect(report.status).toBe('already_registered');
    expect(await world.dynamo.store.links.get(userId)).toEqual(before);
  });
});

describe('unfinished setup runs', () => {
  it(`keep checkpoints for the last ${SETUP_CHECKPOINTS_KEPT} only, however many are abandoned, and the latest still resumes`, async () => {
    const { token, userId } = await newAccount(world);
    const runs = 3 * SETUP_CHECKPOINTS_KEPT;
    for (let i = 1; i <= runs; i++) {
      const stopped = await setupOk(world, { userId, tvName: `Room ${i}` });
      expect(stopped.status).toBe('choose_preset');
    }
    const record = await world.dynamo.store.links.get(userId);
    expect(Object.keys(record?.setups ?? {}).length).toBeLessThanOrEqual(SETUP_CHECKPOINTS_KEPT);
    expect(Object.keys(record?.setups ?? {})).toContain(`room ${runs}`);

    const done = await setupOk(world, { userId, tvName: `Room ${runs}`, tvPresetId: sharp });
    expect(done.status).toBe('registered');
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});

describe('setup speaks plainly', () => {
  it('names an unknown userId as such and writes nothing', async () => {
    const userId = 'amzn1.ask.account.MISTYPED';

    const error = await setupFails(world, { userId, tvPresetId: sharp });

    expect(error).toMatchObject({ name: 'SetupInputError', field: 'userId' });
    expect(error.message).toContain(`userId '${userId}' is unknown`);
    expect(error.message).toContain('nothing was changed');
    expect(await world.dynamo.store.links.get(userId)).toBeUndefined();
    expect(world.emulator.calls).toEqual([]);
  });

  it('names accessToken when it is null and no token is stored, not userId', async () => {
    const userId = 'amzn1.ask.account.NEVERSEEN';
    const error = await setupFails(world, { userId, accessToken: null, tvPresetId: sharp });
    expect(error).toMatchObject({ name: 'SetupInputError', field: 'accessToken' });
    expect(error.message).toMatch(/^accessToken is null and no token is stored/);
    expect(await world.dynamo.store.links.get(userId)).toBeUndefined();
  });

  it.each([
    ['an access token given as userId by mistake', () => newToken()],
    ['a JWT-shaped one', () => `eyJhbGciOiJIUzI1NiJ9.${newToken()}`],
  ])('never quotes back %s, in the answer or the log', async (_what, value) => {
    const secret = value();
    const run = await setup(world, { userId: secret, tvPresetId: sharp });

    expect(run.error).toMatchObject({ name: 'SetupInputError', field: 'userId' });
    expect(run.error?.message).toMatch(/^the userId given is unknown/);
    expect(run.error?.message).not.toContain(secret.slice(0, 8));
    expect(run.logLines.join('\n')).not.toContain(secret.slice(0, 8));
    expect(await world.dynamo.store.links.get(secret)).toBeUndefined();
  });

  it('tells a user whose stored token expired to open the skill first, and to relink only if that fails', async () => {
    const { userId } = await newAccount(world);
    world.emulator.injectFault({ method: 'GET', path: '/management/v2/me/cloudPlugins', status: 401, errorCode: 12 });

    const error = await setupFails(world, { userId, tvPresetId: sharp });

    expect(error.message).toMatch(
      /access token has expired\. Open the skill once \("Alexa, open TV remote"\).*only if it fails the same way, link the account again/,
    );
    expect(error.message).not.toMatch(/^[^.]*link the account again/);
  });
});
