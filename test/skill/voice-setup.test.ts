// The conversations, whole: setting a TV up and forgetting it by voice, and "Which TV?", as scripts of
// turns (what the person says -> what Alexa says), in English and Japanese, with answers in a person's
// own words and off-script ones at every question. Through the sandbox's Alexa stand-in (the real
// interaction models, elicited slots heard as Alexa hears them, every response checked against Alexa's
// rules) into the skill as deployed (test/support/skill/deployed.ts), which starts the real setup function
// through a loopback stand-in for Lambda's asynchronous Invoke; dynalite and the device-cloud emulator behind.
import { startDeviceAddressStandIn, type DeviceAddressStandIn } from '../../src/local/device-address';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { NAME_MAX } from '../../src/tv/names';
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { ECHO_API_TOKEN, echo, type ConversationLocale, type Turn } from '../support/skill/conversation';
import { useDeployedSkill } from '../support/skill/deployed';
import type { SkillHandler } from '../../src/skill/app';

const loopback = useLoopback();
const skill = useDeployedSkill(loopback);
let alexaApi: DeviceAddressStandIn;

beforeAll(async () => {
  alexaApi = await startDeviceAddressStandIn();
});
afterAll(async () => {
  await alexaApi.close();
});

interface Home {
  /** The skill the Echo talks to; the deployed one by default. */
  handler?: SkillHandler;
  presets?: typeof DEFAULT_PRESETS;
  remotes?: number;
  postalCode?: string;
  addressAllowed?: boolean;
}

/** A linked user with no TV, whose account offers `presets`, on an Echo at `postalCode` (the skill allowed to read it unless `addressAllowed` is false). */
async function linkedUser(locale: ConversationLocale, home: Home = {}) {
  const token = newToken();
  loopback.emulator.addAccount(token, {
    presets: home.presets ?? DEFAULT_PRESETS.slice(0, 2),
    remotes: home.remotes ?? 1,
  });
  const deviceId = `echo-${token.slice(-8)}`;
  if (home.postalCode) {
    alexaApi.consent(ECHO_API_TOKEN);
    alexaApi.setAddress(deviceId, { countryCode: 'JP', postalCode: home.postalCode });
  }
  const handler = home.handler ?? skill.handler;
  const e = echo({
    locale,
    handler,
    alexaApi,
    deviceId,
    token,
    addressPermission: home.postalCode !== undefined && home.addressAllowed !== false,
  });
  await loopback.dynamo.store.links.saveAccessToken(e.userId(), token);
  /** Another Echo of the same user, in another room. */
  const another = () => echo({ locale, handler, alexaApi, deviceId: `${deviceId}-2`, token, userId: e.userId() });
  return { ...e, token, another };
}

const tvs = async (userId: string) => (await loopback.dynamo.store.links.get(userId))?.tvs ?? [];
const tvNames = async (userId: string) => (await tvs(userId)).map((t) => t.deviceName);

const OFFER = "You don't have a TV set up yet. I can look for your TV now. Shall I?";
const ASK_NAME = 'What should I call this TV? For example: bedroom TV.';
const AGAIN = "Sorry, I didn't get that. ";
const YES_OR_NO = ' Please say yes or no.';
const MODELS =
  'Your remote knows these TVs: 1, SHARP AQUOS; 2, Panasonic VIERA. Which one is yours? Say its number or its maker.';
const NOT_ONE = `Sorry, that isn't one of them. ${MODELS}`;
const JA = {
  offer: 'まだテレビが設定されていません。今テレビを探しましょうか?',
  again: 'すみません、よくわかりませんでした。',
  yesOrNo: '「はい」か「いいえ」で答えてください。',
  askName: 'このテレビを何と呼びますか?たとえば、寝室のテレビ、のように言ってください。',
  readBack: '寝室のテレビ、と呼びます。今探しますか?',
  prefecture:
    'テレビはどの都道府県にありますか?局の名前でチャンネルを変えるのに使います。' +
    'Alexaアプリで、このスキルに「国と郵便番号」の利用を許可すると、次からはたずねません。アプリにカードを送りました。',
  unknownPrefecture: 'すみません、その都道府県はわかりませんでした。東京都、大阪府のように言ってください。',
  models:
    'リモコンが知っているテレビは、1番、SHARP AQUOS、2番、Panasonic VIERAです。どれですか?番号かメーカーで言ってください。',
};

describe("setting a TV up by voice, the whole conversation with a person's own answers", () => {
  it('en-US: every question asked again when its answer does not fit, the TV set up once, and it obeys', async () => {
    const c = await linkedUser('en-US');
    await c.talk([
      ['open tv remote', OFFER],
      ['umm', `${AGAIN}${OFFER}${YES_OR_NO}`],
      ['one', `${AGAIN}${OFFER}${YES_OR_NO}`],
      ['the first one', `${AGAIN}${OFFER}${YES_OR_NO}`],
      ['yes', ASK_NAME],
      ['umm', `${AGAIN}${ASK_NAME}`],
      ['the bedroom', "I'll call it bedroom TV. Shall I look for it now?"],
      ['umm', `${AGAIN}I'll call it bedroom TV. Shall I look for it now?${YES_OR_NO}`],
      ['help', "I'll call it bedroom TV. Shall I look for it now?"],
      ['yes', MODELS],
      ['umm', NOT_ONE],
      ['sony', NOT_ONE],
      ['turn on the tv', NOT_ONE],
      ['one', 'bedroom TV is ready. Try: Alexa, turn on bedroom TV. Channels go by number, for example: channel 5.'],
    ]);
    expect(await tvNames(c.userId())).toEqual(['bedroom TV']);
    const [tv] = await tvs(c.userId());
    expect(tv?.presetId).toBe(DEFAULT_PRESETS[0]!.deviceId);
    // Started twice (the search, then with the model chosen); "looking for your TV" said once.
    expect(skill.lambda.invocations().filter((i) => JSON.stringify(i).includes(c.userId()))).toHaveLength(2);
    expect(alexaApi.spoken().filter((s) => /Looking for your TV/.test(s.speech))).toHaveLength(1);

    await c.talk([['tell tv remote to turn on the bedroom tv', 'Turning the TV on.']]);
    expect(loopback.emulator.tvs(c.token).find((t) => t.deviceName === 'bedroom TV')?.power).toBe('on');
  });

  it.each([
    ['the first one', 0],
    ['number two', 1],
    ['two', 1],
    ['the Sharp', 0],
    ['panasonic', 1],
    ["it's the second one", 1],
    ['aquos', 0],
  ])('en-US: "%s" picks the model', async (answer, index) => {
    const c = await linkedUser('en-US');
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['the den', /I'll call it den TV/],
      ['yes', MODELS],
      [answer, /den TV is ready/],
    ]);
    expect((await tvs(c.userId()))[0]?.presetId).toBe(DEFAULT_PRESETS[index]!.deviceId);
  });

  it("ja-JP: the prefecture asked when the Echo's postal code is not known, every question asked again, and station names work", async () => {
    const c = await linkedUser('ja-JP');
    await c.talk([
      ['テレビリモコンを開いて', JA.offer],
      ['えーと', `${JA.again}${JA.offer}${JA.yesOrNo}`],
      ['1つ目', `${JA.again}${JA.offer}${JA.yesOrNo}`],
      ['はい', JA.askName],
      ['えーと', `${JA.again}${JA.askName}`],
      ['寝室', JA.readBack],
      ['えーと', `${JA.again}${JA.readBack}${JA.yesOrNo}`],
      ['はい', JA.prefecture],
      ['えーと', JA.unknownPrefecture],
      ['東京', JA.models],
      ['えーと', `すみません、その中にはありません。${JA.models}`],
      ['3番', `すみません、その中にはありません。${JA.models}`],
      [
        '2番',
        '寝室のテレビの準備ができました。「アレクサ、寝室のテレビをつけて」と言ってみてください。東京都の局の名前でもチャンネルを変えられます。',
      ],
    ]);
    expect(await tvNames(c.userId())).toEqual(['寝室のテレビ']);
    expect((await tvs(c.userId()))[0]?.presetId).toBe(DEFAULT_PRESETS[1]!.deviceId);
    await c.talk([
      ['テレビリモコンで寝室のテレビをつけて', 'テレビをつけます。'],
      ['テレビリモコンで寝室のテレビをフジテレビにして', /フジテレビ.*8チャンネル/],
    ]);
    expect(loopback.emulator.tvs(c.token).find((t) => t.deviceName === '寝室のテレビ')?.channel).toBe(8);
  });

  it('ja-JP: an Echo with an address the user did not allow the skill to read: the prefecture is asked', async () => {
    const c = await linkedUser('ja-JP', { postalCode: '530-0001', addressAllowed: false });
    await c.talk([
      ['テレビリモコンを開いて', JA.offer],
      ['はい', JA.askName],
      ['寝室', JA.readBack],
      ['はい', JA.prefecture],
    ]);
  });

  it.each([
    ['1つ目', 0],
    ['最初の', 0],
    ['2番', 1],
    ['シャープの', 0],
    ['パナソニック', 1],
    ['ビエラ', 1],
  ])('ja-JP: 「%s」 picks the model', async (answer, index) => {
    const c = await linkedUser('ja-JP', { postalCode: '530-0001' });
    await c.talk([
      ['テレビリモコンを開いて', JA.offer],
      ['はい', JA.askName],
      ['寝室', JA.readBack],
      ['はい', JA.models],
      [answer, /準備ができました。.*大阪府の局の名前/],
    ]);
    expect((await tvs(c.userId()))[0]?.presetId).toBe(DEFAULT_PRESETS[index]!.deviceId);
  });

  it.each([
    [
      'en-US',
      [
        ['open tv remote', OFFER],
        ['cancel', 'OK, I left everything as it is.'],
      ],
    ],
    [
      'en-US',
      [
        ['open tv remote', OFFER],
        ['yes', ASK_NAME],
        ['cancel', 'OK, I left everything as it is.'],
      ],
    ],
    [
      'en-US',
      [
        ['open tv remote', OFFER],
        ['yes', ASK_NAME],
        ['kitchen', /kitchen TV/],
        ['stop', 'OK, I left everything as it is.'],
      ],
    ],
    [
      'en-US',
      [
        ['open tv remote', OFFER],
        ['yes', ASK_NAME],
        ['kitchen', /kitchen TV/],
        ['yes', MODELS],
        ['cancel', 'OK, I left everything as it is.'],
      ],
    ],
    [
      'ja-JP',
      [
        ['テレビリモコンを開いて', JA.offer],
        ['はい', JA.askName],
        ['やめて', 'わかりました。何も変えていません。'],
      ],
    ],
    [
      'ja-JP',
      [
        ['テレビリモコンを開いて', JA.offer],
        ['はい', JA.askName],
        ['寝室', JA.readBack],
        ['はい', JA.prefecture],
        ['やめて', 'わかりました。何も変えていません。'],
      ],
    ],
  ] as [ConversationLocale, Turn[]][])(
    '%s: cancelling at any question ends it and sets nothing up',
    async (locale, turns) => {
      const c = await linkedUser(locale);
      const before = skill.lambda.invocations().length;
      const last = await c.talk(turns);
      expect(last?.response.shouldEndSession).toBe(true);
      expect(await tvNames(c.userId())).toEqual([]);
      // Only the run at the model question had started (it waits for the answer); none after the cancel.
      expect(skill.lambda.invocations().length - before).toBeLessThanOrEqual(1);
    },
  );

  it('a name too long is refused before the read-back, saying how long a name may be', async () => {
    const c = await linkedUser('en-US');
    const long = Array.from({ length: 8 }, () => 'extraordinarily').join(' ');
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
    ]);
    const heard = await c.standIn.intend('SetUpTvIntent', { tv: long });
    expect(c.said(heard)).toBe(
      `That name is too long: a TV's name can have at most ${NAME_MAX} letters. What should I call this TV?`,
    );
    await c.talk([['the kitchen', "I'll call it kitchen TV. Shall I look for it now?"]]);
  });

  it('a name in full-width letters is the TV it sounds like: no second TV', async () => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1) });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['bedroom', /bedroom TV/],
      ['yes', /bedroom TV is ready/],
    ]);
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['set up another tv', ASK_NAME],
    ]);
    // Alexa sends what it heard; a full-width ＴＶ (as a keyboard-typed name could be) is the same TV word.
    for (const name of ['bedroom ＴＶ', 'Ｂｅｄｒｏｏｍ', 'the bedroom tv']) {
      const heard = await c.standIn.intend('SetUpTvIntent', { tv: name });
      expect(c.said(heard)).toBe('You already have a TV called bedroom TV. What should I call the new one?');
    }
    await c.talk([
      ['the kitchen', "I'll call it kitchen TV. Shall I look for it now?"],
      ['yes', /kitchen TV is ready/],
    ]);
    expect((await tvNames(c.userId())).sort()).toEqual(['bedroom TV', 'kitchen TV']);
  });
});

describe('forgetting a TV', () => {
  it('confirmed on two Echos: the second "yes" hears it is already forgotten and starts nothing', async () => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1) });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['bedroom', /bedroom TV/],
      ['yes', /bedroom TV is ready/],
    ]);
    const kitchen = c.another();
    const ask = "Forget bedroom TV? It stays on your remote, but Alexa won't control it any more.";
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['forget the bedroom tv', ask],
    ]);
    await kitchen.talk([
      ['open tv remote', /TV remote is ready/],
      ['forget the bedroom tv', ask],
    ]);
    await c.talk([['yes', 'OK, I forgot bedroom TV.']]);
    const before = skill.lambda.invocations().length;
    await kitchen.talk([['yes', 'bedroom TV is already forgotten. Nothing more to do.']]);
    expect(skill.lambda.invocations().length).toBe(before);
    expect(await tvNames(c.userId())).toEqual([]);
  });

  it('ja-JP: asks to confirm, and an answer that is neither yes nor no asks again', async () => {
    const c = await linkedUser('ja-JP', { presets: DEFAULT_PRESETS.slice(0, 1), postalCode: '100-0001' });
    await c.talk([
      ['テレビリモコンを開いて', JA.offer],
      ['はい', JA.askName],
      ['寝室', JA.readBack],
      ['はい', /準備ができました/],
    ]);
    const ask = '寝室のテレビを削除しますか?リモコンには残りますが、Alexaからは操作できなくなります。';
    await c.talk([
      ['テレビリモコンを開いて', /テレビリモコンです/],
      ['寝室のテレビを削除して', ask],
      ['えーと', `${JA.again}${ask}${JA.yesOrNo}`],
      ['はい', '寝室のテレビを削除しました。'],
    ]);
    expect(await tvNames(c.userId())).toEqual([]);
  });
});

describe('"Which TV?"', () => {
  it('stays pending through off-script answers, and the answer runs the command it was asked for', async () => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1) });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['bedroom', /bedroom TV/],
      ['yes', /bedroom TV is ready/],
    ]);
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['set up another tv', ASK_NAME],
      ['kitchen', /kitchen TV/],
      ['yes', /kitchen TV is ready/],
    ]);
    const which = 'Which TV: bedroom or kitchen?';
    await c.talk([['tell tv remote to turn on the kitchen tv', 'Turning the kitchen TV on.']]);
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['channel 5', which],
      // A sound made while thinking names no TV: the question again.
      ['umm', which],
      ['help', which],
      ['yes', `${AGAIN}${which}`],
      ['the kitchen', /OK, channel 5\./],
    ]);
    expect(loopback.emulator.tvs(c.token).find((t) => t.deviceName === 'kitchen TV')?.channel).toBe(5);
  });

  it('is answered by another command naming a TV, which runs; a command naming none is served as itself, with its own "Which TV?"', async () => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1) });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['bedroom', /bedroom TV/],
      ['yes', /bedroom TV is ready/],
    ]);
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['set up another tv', ASK_NAME],
      ['kitchen', /kitchen TV/],
      ['yes', /kitchen TV is ready/],
    ]);
    const which = 'Which TV: bedroom or kitchen?';
    await c.talk([
      ['open tv remote', /TV remote is ready/],
      ['go up 2 channels', which],
      // A new request replaces the question: "Which TV?" is now the volume's, and the answer completes it.
      ['volume up', which],
      ['the kitchen', 'OK, volume up. Anything else?'],
      ['turn on the bedroom tv', 'Turning the bedroom TV on. Anything else?'],
      // The session goes on with the TV used last.
      ['go up 2 channels', 'OK, up 2 channels. Anything else?'],
    ]);
    expect(loopback.emulator.tvs(c.token).find((t) => t.deviceName === 'bedroom TV')).toMatchObject({
      power: 'on',
      channel: 3,
    });
  });
});

/** The skill as deployed, with what it logs as a warning or an error kept. */
function loggingSkill() {
  const logged: string[] = [];
  const logger = {
    info: () => undefined,
    warn: (m: string) => logged.push(`warn: ${m}`),
    error: (m: string) => logged.push(`error: ${m}`),
  };
  return { logging: skill.withLogger(logger), logged };
}

describe('leaving', () => {
  it.each([
    ['at "Which TV?"', [['channel 5', 'Which TV: bedroom or kitchen?']]],
    ['at the name question', [['set up another tv', ASK_NAME]]],
    [
      'at the read-back',
      [
        ['set up another tv', ASK_NAME],
        ['the den', "I'll call it den TV. Shall I look for it now?"],
      ],
    ],
  ] as [string, Turn[]][])(
    '"exit" %s ends the session (SessionEndedRequest, USER_INITIATED), which the skill takes without an error',
    async (_where, turns) => {
      const { logging, logged } = loggingSkill();
      const token = newToken();
      loopback.emulator.addAccount(token, { presets: DEFAULT_PRESETS.slice(0, 1), remotes: 1 });
      const c = echo({ locale: 'en-US', handler: logging, token });
      await loopback.dynamo.store.links.saveAccessToken(c.userId(), token);
      await c.talk([
        ['open tv remote', OFFER],
        ['yes', ASK_NAME],
        ['bedroom', /bedroom TV/],
        ['yes', /bedroom TV is ready/],
      ]);
      await c.talk([
        ['open tv remote', /TV remote is ready/],
        ['set up another tv', ASK_NAME],
        ['kitchen', /kitchen TV/],
        ['yes', /kitchen TV is ready/],
      ]);
      await c.talk([['open tv remote', /TV remote is ready/], ...turns]);
      const heard = await c.say('exit');
      expect(heard.request.request).toMatchObject({ type: 'SessionEndedRequest', reason: 'USER_INITIATED' });
      expect(c.said(heard)).toBe('');
      expect(c.standIn.sessionOpen()).toBe(false);
      expect(logged).toEqual([]);
    },
  );
});

describe('leaving in Japanese', () => {
  it('saying nothing at 「どのテレビですか?」 ends the session (SessionEndedRequest, EXCEEDED_MAX_REPROMPTS), which the skill takes without an error', async () => {
    const { logging, logged } = loggingSkill();
    const token = newToken();
    const c = echo({ locale: 'ja-JP', handler: logging, token });
    await loopback.dynamo.store.links.saveAccessToken(c.userId(), token);
    const first = await registerDemoTv(loopback.emulator, token, { tvName: 'リビングのテレビ' });
    const second = await addDemoTv(loopback.emulator, token, first.remote, { tvName: '寝室のテレビ' });
    await loopback.dynamo.store.tvs.saveTv(c.userId(), first.tv);
    await loopback.dynamo.store.tvs.saveTv(c.userId(), second.tv);
    await c.talk([
      ['テレビリモコンを開いて', /テレビリモコンです/],
      ['チャンネルを2つ上げて', 'どのテレビですか?リビングと寝室のどちらですか?'],
    ]);
    const heard = await c.standIn.end('EXCEEDED_MAX_REPROMPTS');
    expect(heard.request.request).toMatchObject({ type: 'SessionEndedRequest', reason: 'EXCEEDED_MAX_REPROMPTS' });
    expect(c.standIn.sessionOpen()).toBe(false);
    expect(logged).toEqual([]);
  });
});

describe('the run is started at most once', () => {
  it('an Alexa retry of the request that started it starts nothing more, and a second "yes" while it runs follows it', async () => {
    // A request's budget scaled down from Alexa's, and the slow search with it: the turn answers before the run ends.
    const budgetMs = 2000;
    const handler = skill.with({ budgetMs });
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1), handler });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['kitchen', /I'll call it kitchen TV/],
    ]);
    const before = skill.lambda.invocations().length;
    // The device cloud answers the search slowly: the run outlasts the turn.
    loopback.emulator.injectFault({
      method: 'GET',
      path: '/management/v2/me/devices/availabilities',
      latencyMs: budgetMs - 500,
      times: 1,
    });
    const started = await c.say('yes');
    expect(c.said(started)).toBe("I'm still setting it up. Shall I check again?");
    expect(skill.lambda.invocations().length).toBe(before + 1);
    // Alexa retries the same request (no answer seen in time): the run it started is followed, not started again.
    const retry = await handler(started.request);
    expect((retry.response.outputSpeech as { ssml?: string }).ssml).toMatch(
      /I'm still setting it up|kitchen TV is ready/,
    );
    expect(skill.lambda.invocations().length).toBe(before + 1);
    await c.talk([['yes', /kitchen TV is ready|I'm still setting it up/]]);
    await skill.lambda.settled();
    expect(skill.lambda.invocations().length).toBe(before + 1);
    expect(await tvNames(c.userId())).toEqual(['kitchen TV']);
  });
});

describe('a run that fails', () => {
  it.each([
    [
      'the home gateway is offline',
      (token: string) => loopback.emulator.setGatewayOnline(token, false),
      "Your home gateway or remote isn't answering. Check that both are plugged in and online, then try again.",
    ],
    [
      'the linked token is refused',
      (token: string) => loopback.emulator.expireToken(token),
      'Your TV remote account needs to be linked again. Please relink it in the Alexa app, then try again.',
    ],
  ])('says so in its own words when %s, and nothing is set up', async (_why, fault, speech) => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1) });
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['den', /I'll call it den TV/],
    ]);
    fault(c.token);
    await c.talk([['yes', speech]]);
    expect(await tvNames(c.userId())).toEqual([]);
    expect((await loopback.dynamo.store.links.get(c.userId()))?.voiceSetup).toMatchObject({ state: 'failed' });
  });
});

describe('a home with a remote per room', () => {
  it('asks which remote faces the TV, asks again for an answer that is none of them, and registers the TV on that one', async () => {
    const c = await linkedUser('en-US', { presets: DEFAULT_PRESETS.slice(0, 1), remotes: 2 });
    const remotes =
      'You have 2 remotes: 1, IR learning remote; 2, IR learning remote 2. Which one faces this TV? Say its number.';
    await c.talk([
      ['open tv remote', OFFER],
      ['yes', ASK_NAME],
      ['the kitchen', /I'll call it kitchen TV/],
      ['yes', remotes],
      ['three', `Sorry, that isn't one of them. ${remotes}`],
      ['the second one', /kitchen TV is ready\. Try: Alexa, turn on kitchen TV\./],
    ]);
    const [tv] = await tvs(c.userId());
    const onRemote = loopback.emulator.registeredDevices(c.token).filter((d) => /remote/i.test(d.deviceName));
    expect(onRemote.map((r) => r.deviceName)).toEqual(['IR learning remote 2']);
    expect(tv?.deviceName).toBe('kitchen TV');
  });
});
