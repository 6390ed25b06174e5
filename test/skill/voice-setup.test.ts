// Setting a TV up and forgetting it by voice: tables of turns (utterance -> speech, then the stored
// state), through the real interaction models (virtual-alexa, with the sandbox's stand-in for Alexa's
// hearing of elicited slots), into the real skill handler, which starts the real setup function through
// a loopback stand-in for Lambda's asynchronous Invoke; dynalite and the device-cloud emulator behind.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { VirtualAlexa } from 'virtual-alexa';
import { DeviceCloud } from '../../src/cloud/client';
import { startDeviceAddressStandIn, type DeviceAddressStandIn } from '../../src/local/device-address';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { startLambdaStandIn, type LambdaStandIn } from '../../src/local/lambda';
import { customSkillLine } from '../../src/local/sandbox/phrases';
import { customSkillLineJa } from '../../src/local/sandbox/phrases-ja';
import { catalogueNames, elicitedSlotMatcher, utteranceTokenizer } from '../../src/local/sandbox/utterance';
import { runSetupEvent } from '../../src/setup';
import { createSkillHandler, type SkillHandler } from '../../src/skill/app';
import { lambdaSetupTrigger } from '../../src/skill/setup-trigger';
import { newToken } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { SKILL_ID } from '../support/skill/requests';

const loopback = useLoopback();
let lambda: LambdaStandIn;
let alexaApi: DeviceAddressStandIn;
let handler: SkillHandler;

beforeAll(async () => {
  const cloud = new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 });
  // The setup function's own client, with its deployed timeout (src/setup/lambda.ts): no one waits on it.
  const setupCloud = new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 10_000 });
  lambda = await startLambdaStandIn({ setup: (event) => runSetupEvent({ store: loopback.dynamo.store, cloud: setupCloud }, event) });
  alexaApi = await startDeviceAddressStandIn();
  handler = createSkillHandler({
    store: loopback.dynamo.store,
    cloud,
    skillId: SKILL_ID,
    setupTrigger: lambdaSetupTrigger({ functionName: 'setup', endpoint: lambda.url, region: 'us-east-1' }),
  });
});
afterAll(async () => {
  await lambda.close();
  await alexaApi.close();
});

type Turn = [utterance: string, speech: string | RegExp];

/** A linked Echo user with no TV, whose account offers `presets`; `say` answers an elicited slot as Alexa would. */
async function conversation(locale: 'en-US' | 'ja-JP', presets = DEFAULT_PRESETS.slice(0, 2), remotes = 1) {
  const model: unknown = JSON.parse(readFileSync(path.join(__dirname, `../../models/${locale}.json`), 'utf8'));
  const tokenize = utteranceTokenizer(locale, catalogueNames(model));
  const answer = elicitedSlotMatcher(model, locale);
  const alexa = VirtualAlexa.Builder()
    // Alexa's API (the progressive response) at the stand-in.
    .handler((event: RequestEnvelope) => handler({ ...event, context: { ...event.context, System: { ...event.context.System, apiEndpoint: alexaApi.url } } }))
    .interactionModel(model)
    .locale(locale)
    .applicationID(SKILL_ID)
    .create();
  const token = newToken();
  loopback.emulator.addAccount(token, { presets, remotes });
  alexa.context().setAccessToken(token);
  // An Echo with an id: Alexa then sends its API's endpoint and token (the progressive response's).
  alexa.context().device().setID('echo-voice-setup');
  const userId = alexa.context().user().id();
  await loopback.dynamo.store.saveAccessToken(userId, token);
  let eliciting: { intent: string; slot: string; slots: Record<string, string> } | undefined;
  const say = async (line: string): Promise<ResponseEnvelope> => {
    const asked = eliciting;
    const heard = asked && answer(asked.intent, asked.slot, line);
    const opening = (locale === 'ja-JP' ? customSkillLineJa(line) : customSkillLine(line, 'tv remote'))?.kind === 'launch';
    const reply = (asked && heard ? await alexa.intend(asked.intent, { ...asked.slots, [asked.slot]: heard })
      : opening ? await alexa.launch() : await alexa.utter(tokenize(line))) as unknown as ResponseEnvelope;
    const elicit = reply.response.directives?.find((d) => d.type === 'Dialog.ElicitSlot');
    eliciting = elicit?.type === 'Dialog.ElicitSlot' && elicit.updatedIntent ? {
      intent: elicit.updatedIntent.name,
      slot: elicit.slotToElicit,
      slots: Object.fromEntries(Object.entries(elicit.updatedIntent.slots ?? {}).flatMap(([k, v]) => (v.value ? [[k, v.value]] : []))),
    } : undefined;
    return reply;
  };
  const talk = async (turns: Turn[]) => {
    for (const [utterance, speech] of turns) {
      const reply = await say(utterance);
      const said = (reply.response.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '';
      expect({ utterance, said }).toEqual({ utterance, said: typeof speech === 'string' ? `<speak>${speech}</speak>` : expect.stringMatching(speech) });
    }
  };
  let last: RequestEnvelope | undefined;
  alexa.filter((request: RequestEnvelope) => {
    last = request;
  });
  return { alexa, say, talk, token, userId, lastRequest: () => last! };
}

const tvs = async (userId: string) => ((await loopback.dynamo.store.get(userId))?.tvs ?? []).map((t) => t.deviceName);

describe.each([
  ['en-US', {
    add: [
      ['open tv remote', "You don't have a TV set up yet. I can look for your TV now. Shall I?"],
      ['yes', 'What should I call this TV? For example: bedroom TV.'],
      ['the bedroom', "I'll call it bedroom TV. Shall I look for it now?"],
      ['yes', 'Your remote knows these TVs: 1, SHARP AQUOS; 2, Panasonic VIERA. Which one is yours? Say its number or its maker.'],
      ['number 2', 'bedroom TV is ready. Try: Alexa, turn on bedroom TV.'],
    ],
    use: ['turn on the bedroom tv', 'Turning the TV on.'],
    forget: [
      ['forget the bedroom tv', "Forget bedroom TV? It stays on your remote, but Alexa won't control it any more."],
      ['yes', 'OK, I forgot bedroom TV.'],
    ],
    name: 'bedroom TV',
  }],
  ['ja-JP', {
    add: [
      ['テレビリモコンを開いて', 'まだテレビが設定されていません。今テレビを探しましょうか?'],
      ['はい', 'このテレビを何と呼びますか?たとえば、寝室のテレビ、のように言ってください。'],
      ['寝室', '寝室のテレビ、と呼びます。今探しますか?'],
      ['はい', 'リモコンが知っているテレビは、1番、SHARP AQUOS、2番、Panasonic VIERAです。どれですか?番号かメーカーで言ってください。'],
      ['パナソニック', '寝室のテレビの準備ができました。「アレクサ、寝室のテレビをつけて」と言ってみてください。'],
    ],
    use: ['寝室のテレビをつけて', 'テレビをつけます。'],
    forget: [
      ['寝室のテレビを削除して', '寝室のテレビを削除しますか?リモコンには残りますが、Alexaからは操作できなくなります。'],
      ['はい', '寝室のテレビを削除しました。'],
    ],
    name: '寝室のテレビ',
  }],
] as const)('by voice, in %s', (locale, script) => {
  it('sets a TV up, choosing the model and the name; the TV then obeys; and forgets it after a yes', async () => {
    const c = await conversation(locale);
    await c.talk(script.add as unknown as Turn[]);
    expect(await tvs(c.userId)).toEqual([script.name]);
    // The registration the run made: on the remote with the model chosen (the second preset).
    expect(loopback.emulator.tvs(c.token).map((t) => t.deviceName)).toContain(script.name);
    // "Looking for your TV" played while the run went on.
    expect(alexaApi.spoken().length).toBeGreaterThanOrEqual(2);

    await c.talk([script.use as unknown as Turn]);
    expect(loopback.emulator.tvs(c.token).find((t) => t.deviceName === script.name)?.power).toBe('on');

    await c.talk(script.forget as unknown as Turn[]);
    expect(await tvs(c.userId)).toEqual([]);
  });
});

describe('the run is started at most once', () => {
  it('an Alexa retry of the request that started it starts nothing more, and a second "yes" while it runs follows it', async () => {
    const c = await conversation('en-US', DEFAULT_PRESETS.slice(0, 1));
    await c.talk([['open tv remote', /Shall I\?/], ['yes', /What should I call/], ['kitchen', /I'll call it kitchen TV/]]);
    const before = lambda.invocations().length;
    // The device cloud answers the search slowly: the run outlasts the turn.
    loopback.emulator.injectFault({ method: 'GET', path: '/management/v2/me/devices/availabilities', latencyMs: 6500, times: 1 });
    await c.talk([['yes', "I'm still setting it up. Shall I check again?"]]);
    expect(lambda.invocations().length).toBe(before + 1);
    // Alexa retries the same request (no answer seen in time): the run it started is followed, not started again.
    const retry = await handler({ ...c.lastRequest(), context: { ...c.lastRequest().context, System: { ...c.lastRequest().context.System, apiEndpoint: alexaApi.url } } });
    expect((retry.response.outputSpeech as { ssml?: string }).ssml).toMatch(/I'm still setting it up|kitchen TV is ready/);
    expect(lambda.invocations().length).toBe(before + 1);
    await c.talk([['yes', /kitchen TV is ready|I'm still setting it up/]]);
    await lambda.settled();
    expect(lambda.invocations().length).toBe(before + 1);
    expect(await tvs(c.userId)).toEqual(['kitchen TV']);
  });
});

describe('a run that fails', () => {
  it.each([
    ['the home gateway is offline', (token: string) => loopback.emulator.setGatewayOnline(token, false),
      "Your home gateway or remote isn't answering. Check that both are plugged in and online, then try again."],
    ['the linked token is refused', (token: string) => loopback.emulator.expireToken(token),
      'Your TV remote account needs to be linked again. Please relink it in the Alexa app, then try again.'],
  ])('says so in its own words when %s, and nothing is set up', async (_why, fault, speech) => {
    const c = await conversation('en-US', DEFAULT_PRESETS.slice(0, 1));
    await c.talk([['open tv remote', /Shall I\?/], ['yes', /What should I call/], ['den', /I'll call it den TV/]]);
    fault(c.token);
    await c.talk([['yes', speech]]);
    expect(await tvs(c.userId)).toEqual([]);
    expect((await loopback.dynamo.store.get(c.userId))?.voiceSetup).toMatchObject({ state: 'failed' });
  });
});

describe('a home with a remote per room', () => {
  it('asks which remote faces the TV, and registers the TV on that one', async () => {
    const c = await conversation('en-US', DEFAULT_PRESETS.slice(0, 1), 2);
    await c.talk([
      ['open tv remote', /Shall I\?/], ['yes', /What should I call/], ['the kitchen', /I'll call it kitchen TV/],
      ['yes', 'You have 2 remotes: 1, IR learning remote; 2, IR learning remote 2. Which one faces this TV? Say its number.'],
      ['two', 'kitchen TV is ready. Try: Alexa, turn on kitchen TV.'],
    ]);
    const [tv] = (await loopback.dynamo.store.get(c.userId))?.tvs ?? [];
    const remotes = loopback.emulator.registeredDevices(c.token).filter((d) => /remote/i.test(d.deviceName));
    expect(remotes.map((r) => r.deviceName)).toEqual(['IR learning remote 2']);
    expect(tv?.deviceName).toBe('kitchen TV');
  });
});
