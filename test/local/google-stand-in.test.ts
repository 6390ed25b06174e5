// The Google stand-in against the real Google door, the emulator and dynalite: it SYNCs, reads each line
// as the trait command Google's pages document for it, sends it as Google does, and refuses what Google
// would (a response its schemas reject, a device it did not ask about).
import { createGoogleHandler } from '../../src/google/app';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { startGoogleDoor } from '../../src/local/google/sandbox-door';
import { googleRequestErrors } from '../../src/local/google/schema';
import type { Execution, SyncedDevice } from '../../src/local/google/devices';
import { afterInvocation, readGoogleLine } from '../../src/local/google/reader';
import { googleStandIn, GoogleRefusal, type Fulfillment, type HttpAnswer } from '../../src/local/google/stand-in';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { newAccount, setupOk, useWorld, type Account } from '../support/setup-world';

const world = useWorld();

const door = (): Fulfillment =>
  createGoogleHandler({
    directory: world.dynamo.store.tvs,
    links: new DynamoGoogleLinks({ tableName: world.dynamo.tableName, client: world.dynamo.client }),
    cloud: world.cloud,
  });

/** A household of TVs set up by the real setup function in Tokyo (フジテレビ is 8 there). */
async function household(names: (string | undefined)[]): Promise<Account> {
  const account = await newAccount(world);
  for (const tvName of names) {
    await setupOk(world, { userId: account.userId, area: '東京都', tvName, tvPresetId: DEFAULT_PRESETS[0]!.deviceId });
  }
  return account;
}

const C = 'action.devices.commands.';
const cmd = (command: string, params: Record<string, unknown> = {}): Execution => ({
  command: `${C}${command}`,
  params,
});

describe('the Google stand-in reads a line as the command Google sends', () => {
  let tv: SyncedDevice;
  let two: readonly SyncedDevice[];
  beforeAll(async () => {
    const one = await household([undefined]);
    [tv] = (await googleStandIn({ fulfillment: door(), token: one.token }).sync()) as SyncedDevice[];
    const both = await household(['Bedroom TV', 'Living room TV']);
    two = await googleStandIn({ fulfillment: door(), token: both.token }).sync();
  });

  it('keeps what SYNC said: the TV, its Tokyo channels by name, and the default step size', () => {
    expect(tv.name).toBe('TV');
    expect(tv.availableChannels.find((c) => c.key === '8')?.names).toEqual(
      expect.arrayContaining(['フジテレビ', 'Fuji TV']),
    );
    expect(tv.levelStepSize).toBe(1);
    expect(two.map((d) => d.name).sort()).toEqual(['Bedroom TV', 'Living room TV']);
  });

  it.each<[string, Execution]>([
    ['hey google, turn on the tv', cmd('OnOff', { on: true })],
    ['OK Google turn off the TV', cmd('OnOff', { on: false })],
    ['hey google, channel 8 on the tv', cmd('selectChannel', { channelNumber: '8' })],
    ['change the channel to 8', cmd('selectChannel', { channelNumber: '8' })],
    ['put on channel eight', cmd('selectChannel', { channelNumber: '8' })],
    ['hey google, put on fuji tv', cmd('selectChannel', { channelCode: '8', channelName: 'Fuji TV' })],
    ['switch to FujiTV', cmd('selectChannel', { channelCode: '8', channelName: 'Fuji TV' })],
    ['put on nhk', cmd('selectChannel', { channelCode: '1', channelName: 'NHK' })],
    ['channel up', cmd('relativeChannel', { relativeChannelChange: 1 })],
    ['hey google, next channel', cmd('relativeChannel', { relativeChannelChange: 1 })],
    ['go back two channels', cmd('relativeChannel', { relativeChannelChange: -2 })],
    ['channel down 3', cmd('relativeChannel', { relativeChannelChange: -3 })],
    ['go back to channel 5', cmd('selectChannel', { channelNumber: '5' })],
    ['previous channel', cmd('returnChannel')],
    ['volume up on the tv', cmd('volumeRelative', { relativeSteps: 1 })],
    ['turn it up 3', cmd('volumeRelative', { relativeSteps: 3 })],
    ['turn the tv volume down two', cmd('volumeRelative', { relativeSteps: -2 })],
    ['make the tv quieter', cmd('volumeRelative', { relativeSteps: -1 })],
    ['mute the tv', cmd('mute', { mute: true })],
    ['set the tv volume to 10', cmd('setVolume', { volumeLevel: 10 })],
  ])('en: %s', (line, execution) => {
    expect(readGoogleLine(line, [tv])).toEqual({ kind: 'execute', device: tv, execution });
  });

  it.each<[string, Execution]>([
    ['OK Google、テレビをつけて', cmd('OnOff', { on: true })],
    ['テレビを消して', cmd('OnOff', { on: false })],
    ['テレビを8チャンネルにして', cmd('selectChannel', { channelNumber: '8' })],
    ['テレビを八チャンネルにして', cmd('selectChannel', { channelNumber: '8' })],
    ['十二チャンネルにして', cmd('selectChannel', { channelNumber: '12' })],
    ['OK Google、テレビをフジテレビにして', cmd('selectChannel', { channelCode: '8', channelName: 'フジテレビ' })],
    ['ねえグーグル、フジテレビにして', cmd('selectChannel', { channelCode: '8', channelName: 'フジテレビ' })],
    ['ＯＫ Ｇｏｏｇｌｅ　テレ東にして', cmd('selectChannel', { channelCode: '7', channelName: 'テレ東' })],
    ['NHK Eテレにして', cmd('selectChannel', { channelCode: '2', channelName: 'NHK Eテレ' })],
    ['チャンネルを2つ上げて', cmd('relativeChannel', { relativeChannelChange: 2 })],
    ['チャンネルを二つ下げて', cmd('relativeChannel', { relativeChannelChange: -2 })],
    ['次のチャンネル', cmd('relativeChannel', { relativeChannelChange: 1 })],
    ['2チャンネル上げて', cmd('relativeChannel', { relativeChannelChange: 2 })],
    ['5チャンネルに戻して', cmd('selectChannel', { channelNumber: '5' })],
    ['チャンネルを4にして', cmd('selectChannel', { channelNumber: '4' })],
    ['8チャンネル', cmd('selectChannel', { channelNumber: '8' })],
    ['前のチャンネルに戻して', cmd('returnChannel')],
    ['OK Google、テレビの音量を2つ下げて', cmd('volumeRelative', { relativeSteps: -2 })],
    ['テレビの音量上げて', cmd('volumeRelative', { relativeSteps: 1 })],
    ['テレビをミュートして', cmd('mute', { mute: true })],
    ['テレビの音量を10にして', cmd('setVolume', { volumeLevel: 10 })],
  ])('ja: %s', (line, execution) => {
    expect(readGoogleLine(line, [tv])).toEqual({ kind: 'execute', device: tv, execution });
  });

  it('"volume up on the tv" steps by the TV\'s levelStepSize, "volume up 2" by two', () => {
    const stepping = { ...tv, levelStepSize: 3 };
    expect(readGoogleLine('volume up on the tv', [stepping])).toMatchObject({
      execution: cmd('volumeRelative', { relativeSteps: 3 }),
    });
    expect(readGoogleLine('テレビの音量を下げて', [stepping])).toMatchObject({
      execution: cmd('volumeRelative', { relativeSteps: -3 }),
    });
    expect(readGoogleLine('volume up 2 on the tv', [stepping])).toMatchObject({
      execution: cmd('volumeRelative', { relativeSteps: 2 }),
    });
  });

  it('picks the TV a line names; with several and none named, asks which', () => {
    const bedroom = two.find((d) => d.name === 'Bedroom TV')!;
    const living = two.find((d) => d.name === 'Living room TV')!;
    expect(readGoogleLine('hey google, turn off the bedroom tv', two)).toEqual({
      kind: 'execute',
      device: bedroom,
      execution: cmd('OnOff', { on: false }),
    });
    expect(readGoogleLine('channel 8 on the living room tv', two)).toMatchObject({ device: living });
    expect(readGoogleLine('LivingRoom TVをフジテレビにして', two)).toMatchObject({
      device: living,
      execution: { params: { channelCode: '8' } },
    });
    expect(readGoogleLine('turn on the tv', two)).toEqual({
      kind: 'which',
      devices: two,
      execution: cmd('OnOff', { on: true }),
    });
    expect(readGoogleLine('what time is it', two)).toEqual({ kind: 'unknown' });
  });

  it.each<[string, Execution]>([
    ['turn the tv volume up', cmd('volumeRelative', { relativeSteps: 1 })],
    ['hey google, put the tv on channel 4', cmd('selectChannel', { channelNumber: '4' })],
    ['change the tv to channel nine', cmd('selectChannel', { channelNumber: '9' })],
    ['tv volume down 3', cmd('volumeRelative', { relativeSteps: -3 })],
    ['make the tv a little louder', cmd('volumeRelative', { relativeSteps: 1 })],
    ['put it on mute', cmd('mute', { mute: true })],
    ['OK Google、テレビをつけていただけますか', cmd('OnOff', { on: true })],
    ['テレビをミュートにして', cmd('mute', { mute: true })],
    ['テレビを消音にして', cmd('mute', { mute: true })],
    ['テレビの音を消して', cmd('mute', { mute: true })],
    ['テレビの音量を3回上げて', cmd('volumeRelative', { relativeSteps: 3 })],
    ['テレビをもう少し大きくして', cmd('volumeRelative', { relativeSteps: 1 })],
  ])('the frame of %p is %j', (line, execution) => {
    expect(readGoogleLine(line, [tv])).toEqual({ kind: 'execute', device: tv, execution });
  });

  it.each([
    "what's the weather",
    'turn on the lights',
    'play music',
    "what's on channel 5 tonight",
    'タイマーをセットして',
    '寝室の電気をつけて',
    'テレビ朝日の番組表',
  ])('%p is no TV command', (line) => {
    expect(readGoogleLine(line, [tv])).toEqual({ kind: 'unknown' });
  });

  it('hears no channel name inside a word (テレビ朝日\'s "EX" is not in "next"), and nothing in a line that is no TV command', () => {
    expect(readGoogleLine('next channel', [tv])).toMatchObject({
      execution: cmd('relativeChannel', { relativeChannelChange: 1 }),
    });
    expect(readGoogleLine('hey google, what time is it', [tv])).toEqual({ kind: 'unknown' });
    expect(readGoogleLine('turn on the tv', [])).toEqual({ kind: 'no devices' });
  });

  it('sends no command of a trait the device did not declare', () => {
    const noChannel = { ...tv, traits: tv.traits.filter((t) => t !== 'action.devices.traits.Channel') };
    expect(readGoogleLine('channel 8', [noChannel])).toEqual({ kind: 'no trait', device: noChannel, trait: 'Channel' });
  });

  it('takes the invocation as Google documents it, and nothing else', () => {
    expect(afterInvocation('Hey Google, channel 8')).toBe('channel 8');
    expect(afterInvocation('OK Google、テレビをつけて')).toBe('テレビをつけて');
    expect(afterInvocation('ねえグーグル、テレビを消して')).toBe('テレビを消して');
    expect(afterInvocation('hey googlebot turn on')).toBeUndefined();
    expect(afterInvocation('turn on the tv')).toBeUndefined();
  });
});

describe('the Google stand-in talks to the door as Google does', () => {
  it("sends a Function URL event with the bearer token and a request Google's schemas accept; the TV moves", async () => {
    const account = await household([undefined]);
    const events: unknown[] = [];
    const real = door();
    const google = googleStandIn({
      fulfillment: async (event) => {
        events.push(event);
        return real(event);
      },
      token: account.token,
    });

    await google.hear('hey google, turn on the tv');
    const answer = await google.hear('OK Google、テレビをフジテレビにして');

    expect(answer).toMatchObject({
      result: { command: `${C}selectChannel`, status: 'SUCCESS' },
      speech: 'はい、チャンネルを変えます。',
    });
    const [tv] = google.devices();
    expect(world.emulator.tvState(tv!.id)).toMatchObject({ power: 'on', channel: 8 });
    expect(google.agentUserId()).toMatch(/^[0-9a-f-]{36}$/);
    // SYNC first, then one EXECUTE per line.
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event).toMatchObject({
        version: '2.0',
        requestContext: { http: { method: 'POST' } },
        headers: { authorization: `Bearer ${account.token}` },
        isBase64Encoded: false,
      });
      expect(googleRequestErrors(JSON.parse((event as { body: string }).body))).toEqual([]);
    }
  });

  it("reports the door's refusal as Google's: mute is functionNotSupported, nothing pressed", async () => {
    const account = await household([undefined]);
    const google = googleStandIn({ fulfillment: door(), token: account.token });
    world.emulator.clearCalls();
    const answer = await google.hear('hey google, mute the tv');
    expect(answer.result).toEqual({ command: `${C}mute`, status: 'ERROR', errorCode: 'functionNotSupported' });
    expect(answer.speech).toBe("Sorry, TV can't do that.");
    expect(world.emulator.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("refuses a response Google's schema rejects", async () => {
    const account = await household([undefined]);
    const real = door();
    const google = googleStandIn({
      fulfillment: corrupt(real, (body) => withStatus(body, 'DONE')),
      token: account.token,
    });
    await google.sync();
    await expect(google.hear('hey google, turn on the tv')).rejects.toThrow(GoogleRefusal);
    await expect(google.hear('hey google, turn on the tv')).rejects.toThrow(
      /not valid against Google's schema: \/payload\/commands\/0\/status/,
    );
  });

  it('refuses a response naming a device the request did not', async () => {
    const account = await household([undefined]);
    const google = googleStandIn({
      fulfillment: corrupt(door(), (body) => withIds(body, ['tv:someone-else'])),
      token: account.token,
    });
    await google.sync();
    await expect(google.hear('hey google, turn on the tv')).rejects.toThrow(
      /names device tv:someone-else, which the request did not/,
    );
  });

  it("refuses an errorCode that is none of Google's", async () => {
    const account = await household([undefined]);
    const google = googleStandIn({
      fulfillment: corrupt(door(), (body) => withError(body, 'tvIsSad')),
      token: account.token,
    });
    await google.sync();
    await expect(google.hear('hey google, mute the tv')).rejects.toThrow(
      /\/payload\/commands\/0 errorCode "tvIsSad" is none of Google's error codes/,
    );
  });

  it('sends nothing for a device SYNC did not give', async () => {
    const account = await household([undefined]);
    const events: unknown[] = [];
    const real = door();
    const google = googleStandIn({
      fulfillment: async (event) => {
        events.push(event);
        return real(event);
      },
      token: account.token,
    });
    const [tv] = await google.sync();
    await expect(google.execute({ ...tv!, id: 'tv:someone-else' }, cmd('OnOff', { on: true }))).rejects.toThrow(
      /no synced device tv:someone-else/,
    );
    expect(events).toHaveLength(1);
  });

  it('refuses an answer that is not HTTP 200: a token the device cloud does not know is answered 401', async () => {
    const google = googleStandIn({ fulfillment: door(), token: 'not-a-token-of-the-emulator' });
    await expect(google.sync()).rejects.toThrow(/HTTP 401/);
  });
});

describe("the sandbox's Google door", () => {
  it("shows a refusal as a sandbox error beside Google's generic line, in the line's language", async () => {
    const google = startGoogleDoor({
      directory: world.dynamo.store.tvs,
      cloud: world.cloud,
      tableName: world.dynamo.tableName,
      token: 'not-a-token-of-the-emulator',
    });
    try {
      expect(await google.answer('hey google, turn on the tv')).toEqual({
        speech: 'Sorry, device is not available right now.',
        sessionOpen: false,
        door: 'google: action.devices.SYNC -> refused',
        note: expect.stringMatching(
          /^sandbox error: Google refused the fulfillment's action\.devices\.SYNC response: HTTP 401/,
        ),
        speaker: 'Google',
      });
      expect((await google.answer('OK Google、テレビをつけて')).speech).toBe(
        'すみません、デバイスは現在利用できません。',
      );
    } finally {
      await google.close();
    }
  });

  it('takes a line said to Google whatever the platform, and every line when the platform is Google', async () => {
    const google = startGoogleDoor({
      directory: world.dynamo.store.tvs,
      cloud: world.cloud,
      tableName: world.dynamo.tableName,
      token: 'unused',
    });
    try {
      expect(google.takes('hey google, volume up', 'alexa')).toBe(true);
      expect(google.takes('volume up', 'alexa')).toBe(false);
      expect(google.takes('volume up', 'google')).toBe(true);
    } finally {
      await google.close();
    }
  });
});

/** The real door's answer with its JSON body changed. */
function corrupt(real: Fulfillment, change: (body: Record<string, unknown>) => void): Fulfillment {
  return async (event) => {
    const answer: HttpAnswer = await real(event);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    // Only EXECUTE answers: SYNC stays as the door gave it.
    if (isExecute(event)) change(body);
    return { ...answer, body: JSON.stringify(body) };
  };
}

function isExecute(event: unknown): boolean {
  const body = JSON.parse((event as { body: string }).body) as { inputs: { intent: string }[] };
  return body.inputs[0]!.intent === 'action.devices.EXECUTE';
}

function withStatus(body: Record<string, unknown>, status: string): void {
  (body['payload'] as { commands: { status: string }[] }).commands[0]!.status = status;
}

function withError(body: Record<string, unknown>, errorCode: string): void {
  (body['payload'] as { commands: { errorCode?: string }[] }).commands[0]!.errorCode = errorCode;
}

function withIds(body: Record<string, unknown>, ids: string[]): void {
  (body['payload'] as { commands: { ids: string[] }[] }).commands[0]!.ids = ids;
}
