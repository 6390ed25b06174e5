// The touch keypad end to end: the real skill handler, the device-cloud emulator over loopback HTTP and a
// dynalite table. Keys are pressed by their label on the document the skill sent (the stand-in reads the
// SendEvent arguments as a device would: src/local/alexa/apl-touch.ts); forged touches are written by
// hand. Every response passes Alexa's rules (src/local/alexa/rules.ts, APL included) and, when it carries a
// document, Amazon's validator (apl-suggester).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import { keyLabelled, keysOf } from '../../src/local/alexa/apl-touch';
import { responseRefusals } from '../../src/local/alexa/rules';
import { jsonLogger } from '../../src/log';
import { emfLines } from '../../src/metrics';
import { KEYPAD_TOKEN, PREVIOUS_KEYPAD_TOKEN, type KeypadData } from '../../src/skill/screen/document';
import type { RegisteredTv } from '../../src/store/types';
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { expectLogAgrees } from '../support/emf';
import { useLoopback } from '../support/loopback';
import { aplFindings } from '../support/screen/apl';
import { ECHO_SHOW_8, onScreen, SCREENS, touch } from '../support/screen/devices';
import {
  channelStep,
  expectCalls,
  powerOff,
  powerOn,
  tune,
  volumeStep,
  type ExpectedCall,
} from '../support/device-calls';
import { echo } from '../support/skill/conversation';
import { useDeployedSkill } from '../support/skill/deployed';
import { launch, type RequestSpec, type Who } from '../support/skill/requests';
import { validateResponse } from '../support/skill/validate';

const loopback = useLoopback();
// Touch and voice in one session run the skill as deployed. `ask`'s single requests (households with TVs,
// no question pending) are answered alike with or without setup by voice, and keep their own logger.
const deployed = useDeployedSkill(loopback);

type Locale = 'en-US' | 'ja-JP';
const models: Record<Locale, unknown> = {
  'en-US': JSON.parse(readFileSync(path.join(__dirname, '../../models/en-US.json'), 'utf8')),
  'ja-JP': JSON.parse(readFileSync(path.join(__dirname, '../../models/ja-JP.json'), 'utf8')),
};

interface TvSpec {
  name: string;
  area?: string;
  map?: Record<string, number>;
  volumeStep?: number;
}

interface Household {
  who: Who;
  tvs: RegisteredTv[];
}

/** A linked user whose TVs are registered on the emulator and stored, switched on (an off TV ignores keys). */
async function household(specs: TvSpec[], locale: Locale): Promise<Household> {
  const token = newToken();
  const userId = `amzn1.ask.account.${randomUUID()}`;
  const tvs: RegisteredTv[] = [];
  const first = await registerDemoTv(loopback.emulator, token, { tvName: specs[0]!.name, power: 'on' });
  tvs.push(first.tv);
  for (const spec of specs.slice(1))
    tvs.push((await addDemoTv(loopback.emulator, token, first.remote, { tvName: spec.name, power: 'on' })).tv);
  await loopback.dynamo.store.links.saveAccessToken(userId, token);
  const stored = tvs.map((tv, i) => {
    const spec = specs[i]!;
    const channels =
      spec.area || spec.map
        ? { ...(spec.area ? { area: spec.area } : {}), ...(spec.map ? { map: spec.map } : {}) }
        : undefined;
    return { ...tv, ...(channels ? { channels } : {}), ...(spec.volumeStep ? { volumeStep: spec.volumeStep } : {}) };
  });
  for (const tv of stored) await loopback.dynamo.store.tvs.saveTv(userId, tv);
  loopback.emulator.clearCalls();
  return { who: { userId, token, locale, tvs: stored }, tvs: stored };
}

interface Answer {
  response: ResponseEnvelope;
  request: RequestEnvelope;
  logs: string[];
}

/** One request through the real skill; the response must be one Alexa plays. */
async function ask(spec: RequestSpec, who: Who): Promise<Answer> {
  const logs: string[] = [];
  const handler = deployed.with({
    store: loopback.dynamo.store,
    cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 }),
    logger: jsonLogger((line) => logs.push(line)),
    metrics: emfLines((line) => logs.push(line)),
  });
  const request = spec(who);
  const response = await handler(request);
  validateResponse(response);
  expect(responseRefusals(models[(who.locale ?? 'en-US') as Locale], request, response)).toEqual([]);
  const keypad = keypadOf(response);
  if (keypad) expect(await aplFindings(keypad.document, keypad.datasources)).toEqual([]);
  expect(JSON.stringify(response)).not.toContain(who.token);
  return { response, request, logs };
}

type Keypad = { token: string; document: Record<string, unknown>; datasources: { keypad: KeypadData } };

function keypadOf(response: ResponseEnvelope): Keypad | undefined {
  const directive = response.response.directives?.find((d) => d.type === 'Alexa.Presentation.APL.RenderDocument');
  return directive as unknown as Keypad | undefined;
}

function keypad(answer: Answer): Keypad {
  const found = keypadOf(answer.response);
  if (!found) throw new Error('the response shows no keypad');
  return found;
}

/** The touch a key labelled `label` sends, read off the document the skill last sent. */
function press(shown: Keypad, label: string, token?: string): RequestSpec {
  const key = keyLabelled(shown, label);
  if (!key)
    throw new Error(
      `no key labelled ${label}: ${keysOf(shown)
        .map((k) => k.label)
        .join(', ')}`,
    );
  return touch(key.arguments, token === undefined ? {} : { token });
}

const speechOf = (a: Answer): string | undefined => {
  const s = a.response.response.outputSpeech;
  return s?.type === 'SSML' ? s.ssml : undefined;
};

/** A touch's answer keeps the screen (the keypad again) and leaves shouldEndSession out: no microphone. */
function expectScreenKept(a: Answer): KeypadData {
  expect(a.response.response).not.toHaveProperty('shouldEndSession');
  expect(a.response.response.reprompt).toBeUndefined();
  return keypad(a).datasources.keypad;
}

const TOKYO: TvSpec = { name: 'Living room TV', area: 'tokyo' };

describe('opening the skill', () => {
  it.each(['en-US', 'ja-JP'] as const)(
    'on an Echo Show 8 in Tokyo shows the keypad with the stations on 1..12 (%s)',
    async (locale) => {
      const { who } = await household([TOKYO], locale);
      const a = await ask(onScreen(launch(), ECHO_SHOW_8), who);
      // The welcome is still said and asks: the session stays open with the microphone, as before.
      expect(a.response.response.shouldEndSession).toBe(false);
      const data = keypad(a).datasources.keypad;
      expect(data.channels.map((c) => c.label).slice(0, 8)).toEqual([
        '1 NHK総合',
        '2 NHK Eテレ',
        '3',
        '4 日本テレビ',
        '5 テレビ朝日',
        '6 TBS',
        '7 テレビ東京',
        '8 フジテレビ',
      ]);
      expect(data.tvs).toEqual([]);
      expect(data.keys.powerOn).toBe(locale === 'ja-JP' ? '電源オン' : 'On');
      expect(data.status).toMatch(locale === 'ja-JP' ? /話しかけてください/ : /say "channel 5"/);
      expectCalls(loopback.emulator, []);
    },
  );

  it.each(SCREENS.map((s) => [s.name, s] as const))(
    'shows the same document on %s (the layout adapts in APL, not in code)',
    async (_name, screen) => {
      const { who } = await household([TOKYO], 'en-US');
      const a = await ask(onScreen(launch(), screen), who);
      const b = await ask(onScreen(launch(), ECHO_SHOW_8), who);
      expect(keypad(a).document).toEqual(keypad(b).document);
    },
  );

  it('numbers alone where the TV has no area', async () => {
    const { who } = await household([{ name: 'TV' }], 'en-US');
    const data = keypad(await ask(onScreen(launch()), who)).datasources.keypad;
    expect(data.channels.map((c) => c.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(data.title).toBe('TV remote');
  });

  it('gives a device without APL no APL directive, and the same words', async () => {
    const { who } = await household([TOKYO], 'en-US');
    const plain = await ask(launch(), who);
    expect(plain.response.response.directives ?? []).toEqual([]);
    expect(speechOf(plain)).toBe(speechOf(await ask(onScreen(launch()), who)));
  });

  it('gives a device whose APL is older than the document (maxVersion 1.3) no document', async () => {
    const { who } = await household([TOKYO], 'en-US');
    const a = await ask(onScreen(launch(), ECHO_SHOW_8, '1.3'), who);
    expect(a.response.response.directives ?? []).toEqual([]);
  });

  it('with several TVs shows the selector, the first TV selected', async () => {
    const { who, tvs } = await household([TOKYO, { name: 'Bedroom TV', area: 'osaka' }], 'en-US');
    const data = keypad(await ask(onScreen(launch()), who)).datasources.keypad;
    expect(data.tvs).toEqual([
      { label: 'Living room TV', tv: tvs[0]!.thingId, selected: true },
      { label: 'Bedroom TV', tv: tvs[1]!.thingId, selected: false },
    ]);
    expect(data.title).toBe('TV remote: Living room TV');
    expect(data.tv).toBe(tvs[0]!.thingId);
  });
});

// Each key is the voice command it names, pressed once, with the metric of that command.
const KEYS: Array<[label: string, calls: (thingId: string) => ExpectedCall[], command: string, status: RegExp]> = [
  ['8 フジテレビ', (t) => [tune(t, '8')], 'SetChannelIntent', /channel 8/],
  ['1 NHK総合', (t) => [tune(t, '1')], 'SetChannelIntent', /channel 1\b/],
  ['12', (t) => [tune(t, '12')], 'SetChannelIntent', /channel 12/],
  ['On', (t) => [powerOn(t)], 'TurnOnIntent', /already on/],
  ['Off', (t) => [powerOff(t)], 'TurnOffIntent', /Turning the TV off/],
  ['Channel ▲', (t) => [channelStep(t, 'next')], 'NextChannelIntent', /next channel/],
  ['Channel ▼', (t) => [channelStep(t, 'previous')], 'PreviousChannelIntent', /previous channel/],
  // Once, though this TV's "volume up" said sends three presses.
  ['Volume +', (t) => [volumeStep(t, 'up')], 'VolumeUpIntent', /volume up/i],
  ['Volume −', (t) => [volumeStep(t, 'down')], 'VolumeDownIntent', /volume down/i],
];

describe('touching a key', () => {
  it.each(KEYS)(
    '%s presses what its command presses, once, shown and not spoken',
    async (label, calls, command, status) => {
      const { who, tvs } = await household([{ ...TOKYO, volumeStep: 3 }], 'en-US');
      const shown = keypad(await ask(onScreen(launch()), who));
      loopback.emulator.clearCalls();
      const a = await ask(press(shown, label), who);
      expectCalls(loopback.emulator, calls(tvs[0]!.thingId));
      const data = expectScreenKept(a);
      expect(data.status).toMatch(status);
      expect(data.failed).toBe(false);
      expect(a.response.response.outputSpeech).toBeUndefined();
      expect(expectLogAgrees(a.logs, calls(tvs[0]!.thingId).length)).toMatchObject({
        Door: 'skill',
        Command: command,
        Outcome: 'ok',
      });
    },
  );

  it('touching 8 tunes channel 8 on that TV (ja-JP, in Japanese)', async () => {
    const { who, tvs } = await household([TOKYO], 'ja-JP');
    const shown = keypad(await ask(onScreen(launch()), who));
    const a = await ask(press(shown, '8'), who);
    expect(loopback.emulator.tvState(tvs[0]!.thingId)).toMatchObject({ channel: 8 });
    expect(expectScreenKept(a).status).toBe('8チャンネルにしました。');
  });

  it('with two TVs, the selector then a key reaches the second TV', async () => {
    const { who, tvs } = await household([TOKYO, { name: 'Bedroom TV', area: 'osaka' }], 'en-US');
    const first = keypad(await ask(onScreen(launch()), who));
    const chosen = await ask(press(first, 'Bedroom TV'), who);
    expectCalls(loopback.emulator, []);
    const data = expectScreenKept(chosen);
    expect(data.tv).toBe(tvs[1]!.thingId);
    expect(data.tvs.map((t) => t.selected)).toEqual([false, true]);
    // Osaka's stations on the second TV's keys.
    expect(data.channels[3]!.label).toBe('4 MBS毎日放送');
    expect(data.status).toBe('The buttons now press the bedroom TV.');
    // The key names its TV: the touch needs nothing of the session (its voice side: "touch and voice in one session").
    const a = await ask(press(keypad(chosen), '8'), who);
    expectCalls(loopback.emulator, [tune(tvs[1]!.thingId, '8')]);
    expect(loopback.emulator.tvState(tvs[0]!.thingId)).toMatchObject({ channel: 1 });
    expect(expectScreenKept(a).tv).toBe(tvs[1]!.thingId);
  });

  it('a key of a keypad shown before a deploy (the previous token) still presses, and the answer shows it with the token', async () => {
    const { who, tvs } = await household([TOKYO], 'en-US');
    const shown = keypad(await ask(onScreen(launch()), who));
    loopback.emulator.clearCalls();
    const a = await ask(press(shown, '8', PREVIOUS_KEYPAD_TOKEN), who);
    expectCalls(loopback.emulator, [tune(tvs[0]!.thingId, '8')]);
    expect(expectScreenKept(a).failed).toBe(false);
    expect(keypad(a).token).toBe(KEYPAD_TOKEN);
  });

  it("a failure is shown and spoken in the skill's own words (the hub is offline)", async () => {
    const { who } = await household([TOKYO], 'en-US');
    const shown = keypad(await ask(onScreen(launch()), who));
    loopback.emulator.setGatewayOnline(who.token, false);
    const a = await ask(press(shown, '8'), who);
    const data = expectScreenKept(a);
    expect(data.failed).toBe(true);
    expect(speechOf(a)).toContain(data.status);
    expect(expectLogAgrees(a.logs)).toMatchObject({ Command: 'SetChannelIntent', Outcome: 'offline' });
  });
});

/**
 * Touch and voice in one conversation, through the Alexa stand-in on an Echo Show 8 into the skill as
 * deployed: a touch is a request of the open session, and the session attributes its answer sets reach
 * the next line said.
 */
describe('touch and voice in one session', () => {
  const LINES = {
    'en-US': { open: 'open tv remote', names: ['Living room TV', 'Bedroom TV'], volumeUp: 'volume up' },
    'ja-JP': { open: 'テレビリモコンを開いて', names: ['リビングのテレビ', '寝室のテレビ'], volumeUp: '音量を上げて' },
  } as const;

  async function showing(locale: Locale) {
    const lines = LINES[locale];
    const { who, tvs } = await household(
      lines.names.map((name) => ({ name, area: 'tokyo' })),
      locale,
    );
    const e = echo({ locale, handler: deployed.handler, userId: who.userId, token: who.token, screen: ECHO_SHOW_8 });
    await e.say(lines.open);
    expect(e.standIn.shown()).toBeDefined();
    return { e, tvs, lines };
  }

  it.each(['en-US', 'ja-JP'] as const)(
    '%s: after the bedroom TV is chosen by touch, volume up said next goes to the bedroom TV',
    async (locale) => {
      const { e, tvs, lines } = await showing(locale);
      const chosen = await e.touch(lines.names[1]);
      expect('key' in chosen && { session: chosen.request.session, refused: chosen.refused }).toMatchObject({
        session: { new: false },
        refused: undefined,
      });
      // The answer to a touch leaves shouldEndSession out: open, the microphone closed.
      expect({ open: e.standIn.sessionOpen(), listening: e.standIn.listening() }).toEqual({
        open: true,
        listening: false,
      });
      loopback.emulator.clearCalls();
      await e.say(lines.volumeUp);
      expectCalls(loopback.emulator, [volumeStep(tvs[1]!.thingId, 'up')]);
    },
  );

  it.each(['en-US', 'ja-JP'] as const)(
    '%s: once the screen has timed out, the session is over and there is nothing to touch',
    async (locale) => {
      const { e, tvs, lines } = await showing(locale);
      await e.touch(lines.names[1]);
      e.standIn.timeOut();
      loopback.emulator.clearCalls();
      expect(await e.touch('8')).toEqual({ problem: expect.stringMatching(/^Nothing is on the screen/) });
      expectCalls(loopback.emulator, []);
      expect(loopback.emulator.tvState(tvs[1]!.thingId)).toMatchObject({ channel: 1 });
    },
  );
});

// Through Alexa's stand-in, which lists APL only for a screen one of the manifest's supportedViewports
// takes (src/local/alexa/apl-rules.ts): each Echo with a screen gets the keypad when the skill opens; a
// screen no viewport takes gets the same welcome in words alone.
describe('every Echo with a screen, as the manifest declares them', () => {
  const PORTRAIT = {
    name: 'a portrait tablet no viewport takes',
    shape: 'RECTANGLE',
    pixelWidth: 1200,
    pixelHeight: 1920,
    dpi: 240,
  } as const;

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s gets the keypad on "open tv remote"', async (_name, screen) => {
    const { who } = await household([TOKYO], 'en-US');
    const e = echo({ locale: 'en-US', handler: deployed.handler, userId: who.userId, token: who.token, screen });
    const heard = await e.say('open tv remote');
    expect(heard.request.context.System.device?.supportedInterfaces).toHaveProperty(['Alexa.Presentation.APL']);
    expect(e.standIn.shown()).toBeDefined();
  });

  it(`${PORTRAIT.name} gets the welcome without APL`, async () => {
    const { who } = await household([TOKYO], 'en-US');
    const e = echo({
      locale: 'en-US',
      handler: deployed.handler,
      userId: who.userId,
      token: who.token,
      screen: PORTRAIT,
    });
    const heard = await e.say('open tv remote');
    expect(heard.request.context.System.device?.supportedInterfaces).not.toHaveProperty(['Alexa.Presentation.APL']);
    expect(e.standIn.shown()).toBeUndefined();
    expect(heard.refused).toBeUndefined();
  });
});

/** Touches no key sends: each presses nothing, is answered with words and the keypad, and never throws. */
const FORGED: Array<
  [what: string, args: (tvs: RegisteredTv[]) => unknown, words: RegExp, options: { token?: unknown }]
> = [
  ['an unknown command', (t) => ['FactoryResetIntent', t[0]!.thingId, 0], /isn't one I know/, {}],
  ['channel 99', (t) => ['SetChannelIntent', t[0]!.thingId, 99], /only choose channels 1 to 12/, {}],
  ['channel -1', (t) => ['SetChannelIntent', t[0]!.thingId, -1], /only choose channels 1 to 12/, {}],
  ['a channel as text', (t) => ['SetChannelIntent', t[0]!.thingId, '8'], /isn't one I know/, {}],
  ['a channel of 8.5', (t) => ['SetChannelIntent', t[0]!.thingId, 8.5], /isn't one I know/, {}],
  ['a huge channel', (t) => ['SetChannelIntent', t[0]!.thingId, 1e308], /isn't one I know/, {}],
  ['a channel where none belongs', (t) => ['VolumeUpIntent', t[0]!.thingId, 5], /isn't one I know/, {}],
  ["another user's TV", () => ['SetChannelIntent', 'thing-of-someone-else', 8], /isn't one of yours/, {}],
  ['a TV id of 100,000 characters', () => ['TurnOnIntent', 'x'.repeat(100_000), 0], /isn't one I know/, {}],
  ['a TV id that is a number', () => ['TurnOnIntent', 12345, 0], /isn't one I know/, {}],
  ['two arguments', (t) => ['TurnOnIntent', t[0]!.thingId], /isn't one I know/, {}],
  ['four arguments', (t) => ['TurnOnIntent', t[0]!.thingId, 0, 'extra'], /isn't one I know/, {}],
  ['arguments that are an object', (t) => ({ command: 'TurnOnIntent', tv: t[0]!.thingId }), /isn't one I know/, {}],
  ['no arguments at all', () => undefined, /isn't one I know/, {}],
  ['arguments of null', () => [null, null, null], /isn't one I know/, {}],
  [
    "another document's token",
    (t) => ['TurnOnIntent', t[0]!.thingId, 0],
    /isn't one I know/,
    { token: 'someOtherDocument' },
  ],
  ['a token that is not text', (t) => ['TurnOnIntent', t[0]!.thingId, 0], /isn't one I know/, { token: { $gt: '' } }],
];

describe('forged touches', () => {
  it.each(FORGED)('%s presses nothing and gets a valid answer that says so', async (_what, args, words, options) => {
    const { who, tvs } = await household([TOKYO], 'en-US');
    const a = await ask(touch(args(tvs), options), who);
    expectCalls(loopback.emulator, []);
    expect(loopback.emulator.tvState(tvs[0]!.thingId)).toMatchObject({ channel: 1 });
    expect(speechOf(a)).toMatch(words);
    const data = expectScreenKept(a);
    expect(data.failed).toBe(true);
    expect(expectLogAgrees(a.logs, 0)).toMatchObject({ Outcome: 'refused' });
  });

  it('in Japanese, in Japanese', async () => {
    const { who } = await household([TOKYO], 'ja-JP');
    const a = await ask(touch(['FactoryResetIntent', who.tvs![0]!.thingId, 0]), who);
    expect(speechOf(a)).toBe('<speak>そのボタンはわからないので、何も押しませんでした。</speak>');
  });

  it('from a user who is not linked gets the link card, and nothing is pressed', async () => {
    const { who, tvs } = await household([TOKYO], 'en-US');
    const a = await ask(touch(['TurnOnIntent', tvs[0]!.thingId, 0], { withToken: false }), {
      ...who,
      userId: `amzn1.ask.account.${randomUUID()}`,
    });
    expect(a.response.response.card?.type).toBe('LinkAccount');
    expectCalls(loopback.emulator, []);
  });
});
