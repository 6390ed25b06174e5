// The Alexa stand-in in front of the custom skill (src/local/sandbox/custom-skill.ts), against a skill
// that only records what it is sent and answers as it is told: each request as Alexa builds it (its own
// slots, dialogState, the session, the context), what a line at a pending question is, the invocations,
// leaving, and a response Alexa refuses. Each behaviour both ways: where it applies and where it must not.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IntentRequest, RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { alexaRefusal } from '../../src/local/alexa/rules';
import { customSkillStandIn, type EchoContext } from '../../src/local/sandbox/custom-skill';
import { ECHO_SHOW_8 } from '../../src/local/sandbox/screen';
import { KEYPAD_TOKEN, keypadData, renderDirective } from '../../src/skill/screen/document';
import { WORDS } from '../../src/skill/words';
import { modelOf } from '../support/skill/conversation';

type Locale = 'en-US' | 'ja-JP';

const speak = (
  text: string,
  open: boolean,
  directives?: ResponseEnvelope['response']['directives'],
): ResponseEnvelope => ({
  version: '1.0',
  response: {
    outputSpeech: { type: 'SSML', ssml: `<speak>${text}</speak>` },
    ...(open && { reprompt: { outputSpeech: { type: 'SSML', ssml: `<speak>${text}</speak>` } } }),
    shouldEndSession: !open,
    ...(directives && { directives }),
  },
});
const OPEN = speak('What next?', true);
const elicit = (slot: string, intent: { name: string; slots: Record<string, string> }): ResponseEnvelope => {
  const slots = Object.fromEntries(
    Object.entries(intent.slots).map(([name, value]) => [name, { name, value, confirmationStatus: 'NONE' as const }]),
  );
  return speak('Which one?', true, [
    {
      type: 'Dialog.ElicitSlot',
      slotToElicit: slot,
      updatedIntent: {
        name: intent.name,
        confirmationStatus: 'NONE',
        slots: { ...slots, [slot]: { name: slot, confirmationStatus: 'NONE' } },
      },
    },
  ]);
};
const ELICIT_CHOICE = elicit('choice', { name: 'SetUpTvIntent', slots: { tv: 'den TV' } });
const ELICIT_TV = elicit('tv', { name: 'NextChannelIntent', slots: { count: '2' } });

const ECHO: EchoContext = {
  userId: 'amzn1.ask.account.TEST',
  accessToken: 'linked-token',
  deviceId: 'echo',
  apiEndpoint: 'https://api.amazonalexa.com',
  apiAccessToken: 'api-token',
};

/** A skill that answers each request with the next of `answers` (then keeps the session open), and keeps what it is sent. */
function recordingSkill(
  locale: Locale,
  answers: ResponseEnvelope[] = [],
  options: { model?: unknown; echo?: Partial<EchoContext> } = {},
) {
  const model = options.model ?? modelOf(locale);
  const sent: RequestEnvelope[] = [];
  const standIn = customSkillStandIn({
    model,
    locale,
    skillId: 'amzn1.ask.skill.test',
    echo: { ...ECHO, ...options.echo },
    handler: async (request) => {
      sent.push(request);
      return request.request.type === 'SessionEndedRequest'
        ? { version: '1.0', response: {} }
        : (answers.shift() ?? OPEN);
    },
    check: (request, response) => alexaRefusal(model, request, response)?.rule,
  });
  const last = () => sent[sent.length - 1]!;
  const intent = () => (last().request as IntentRequest).intent;
  /** The slots of the last intent that have a value. */
  const values = () =>
    Object.fromEntries(
      Object.values(intent().slots ?? {}).flatMap((s) => (s.value === undefined ? [] : [[s.name, s.value]])),
    );
  return { standIn, sent, last, intent, values };
}

describe('each intent carries its own slots', () => {
  it('en-US: "volume up 3" then "next channel": no count the second time; "go up 3 channels" has one', async () => {
    const { standIn, intent, values } = recordingSkill('en-US');
    await standIn.launch();
    await standIn.say('volume up 3');
    expect({ name: intent().name, values: values() }).toEqual({ name: 'VolumeUpIntent', values: { count: '3' } });
    await standIn.say('next channel');
    expect({ name: intent().name, values: values() }).toEqual({ name: 'NextChannelIntent', values: {} });
    await standIn.say('go up 3 channels');
    expect({ name: intent().name, values: values() }).toEqual({ name: 'NextChannelIntent', values: { count: '3' } });
  });

  it('en-US: every declared slot is there, the unsaid ones without a value (never "")', async () => {
    const { standIn, intent } = recordingSkill('en-US');
    await standIn.launch();
    await standIn.say('channel 5');
    expect(intent().slots).toEqual({
      channel: { name: 'channel', value: '5', confirmationStatus: 'NONE' },
      channelName: { name: 'channelName', confirmationStatus: 'NONE' },
      tv: { name: 'tv', confirmationStatus: 'NONE' },
    });
    await standIn.say('change the channel');
    expect(intent()).toMatchObject({
      name: 'SetChannelIntent',
      slots: { channel: { name: 'channel' }, tv: { name: 'tv' } },
    });
    expect(Object.values(intent().slots ?? {}).filter((s) => 'value' in s)).toEqual([]);
    // A sample with {count} said without one ("volume up"): count without a value, not "".
    await standIn.say('volume up');
    expect(intent()).toEqual({
      name: 'VolumeUpIntent',
      confirmationStatus: 'NONE',
      slots: {
        count: { name: 'count', confirmationStatus: 'NONE' },
        tv: { name: 'tv', confirmationStatus: 'NONE' },
      },
    });
  });

  it('ja-JP: 「フジテレビにして」 then 「4チャンネルにして」: channel 4 alone; 「音量を3つ上げて」 then 「次のチャンネル」: no count', async () => {
    const { standIn, values } = recordingSkill('ja-JP');
    await standIn.launch();
    await standIn.say('フジテレビにして');
    expect(values()).toEqual({ channelName: 'フジテレビ' });
    await standIn.say('4チャンネルにして');
    expect(values()).toEqual({ channel: '4' });
    await standIn.say('音量を3つ上げて');
    expect(values()).toEqual({ count: '3' });
    await standIn.say('次のチャンネル');
    expect(values()).toEqual({});
  });

  it('an intent without slots carries none, a built-in none', async () => {
    const { standIn, intent } = recordingSkill('en-US');
    await standIn.launch();
    await standIn.say('give me a setup code');
    expect(intent()).toEqual({ name: 'AddTvIntent', confirmationStatus: 'NONE' });
    await standIn.say('help');
    expect(intent()).toEqual({ name: 'AMAZON.HelpIntent', confirmationStatus: 'NONE' });
  });
});

describe('a name outside the catalogue', () => {
  // "A custom slot type is not the equivalent of an enumeration. Values outside the list may still be
  // returned" (Amazon, "Create and Edit Custom Slot Types"): the words in the slot, resolved to nothing.
  it.each([
    [
      'ja-JP',
      'ガレージのテレビのチャンネルを3つ上げて',
      'NextChannelIntent',
      { tv: 'ガレージ', count: '3' },
      'ER_SUCCESS_NO_MATCH',
    ],
    [
      'ja-JP',
      'ガレージのテレビの音量を2つ下げて',
      'VolumeDownIntent',
      { tv: 'ガレージ', count: '2' },
      'ER_SUCCESS_NO_MATCH',
    ],
    [
      'en-US',
      'go up three channels on the shed tv',
      'NextChannelIntent',
      { tv: 'shed', count: '3' },
      'ER_SUCCESS_NO_MATCH',
    ],
    // A catalogue name is heard as before, and resolved.
    [
      'ja-JP',
      'リビングのテレビのチャンネルを3つ上げて',
      'NextChannelIntent',
      { tv: 'リビング', count: '3' },
      'ER_SUCCESS_MATCH',
    ],
    [
      'en-US',
      'go up three channels on the garage tv',
      'NextChannelIntent',
      { tv: 'garage', count: '3' },
      'ER_SUCCESS_MATCH',
    ],
  ] as const)(
    '%s: 「%s」 is %s with the name and the count, the name %s',
    async (locale, line, name, slots, resolution) => {
      const { standIn, intent, values } = recordingSkill(locale);
      await standIn.launch();
      await standIn.say(line);
      expect({ name: intent().name, values: values() }).toEqual({ name, values: slots });
      expect(intent().slots?.['tv']?.resolutions?.resolutionsPerAuthority?.[0]?.status.code).toBe(resolution);
    },
  );

  it.each([
    ['ja-JP', 'ガレージのテレビのチャンネルを3つ上げてほしいな'],
    ['ja-JP', 'ガレージのテレビの音量をたくさん下げて'],
    ['en-US', 'go up lots of channels on the shed tv'],
  ] as const)('%s: a line that is no sample with a name in it, 「%s」, is still the fallback', async (locale, line) => {
    const { standIn, intent } = recordingSkill(locale);
    await standIn.launch();
    await standIn.say(line);
    expect(intent().name).toBe('AMAZON.FallbackIntent');
  });
});

describe('dialogState, turn by turn', () => {
  it("STARTED on a dialog's first turn, IN_PROGRESS on the answer to the skill's ElicitSlot, STARTED again for a new intent; built-ins have none", async () => {
    const { standIn, last } = recordingSkill('en-US', [OPEN, ELICIT_TV, OPEN]);
    const state = () => (last().request as IntentRequest).dialogState;
    await standIn.launch();
    await standIn.say('go up 2 channels');
    expect(state()).toBe('STARTED');
    await standIn.say('the bedroom');
    expect(state()).toBe('IN_PROGRESS');
    expect(last().request).toMatchObject({
      intent: { name: 'NextChannelIntent', slots: { count: { value: '2' }, tv: { value: 'bedroom' } } },
    });
    await standIn.say('volume up');
    expect(state()).toBe('STARTED');
    await standIn.say('help');
    expect(last().request).not.toHaveProperty('dialogState');
  });

  it('a model without a dialog model gets no dialogState at all', async () => {
    const old: unknown = JSON.parse(
      readFileSync(path.join(__dirname, '../support/alexa-rules/en-US-without-dialog-model.json'), 'utf8'),
    );
    const { standIn, last } = recordingSkill('en-US', [], { model: old });
    await standIn.launch();
    await standIn.say('next channel');
    expect(last().request).toMatchObject({ type: 'IntentRequest', intent: { name: 'NextChannelIntent' } });
    expect(last().request).not.toHaveProperty('dialogState');
  });

  it.each([
    ['yes', 'CONFIRMED'],
    ['no', 'DENIED'],
  ] as const)('a Dialog.ConfirmIntent answered "%s" comes back as the intent, %s', async (line, status) => {
    const confirm = speak('Forget it?', true, [
      {
        type: 'Dialog.ConfirmIntent',
        updatedIntent: {
          name: 'ForgetTvIntent',
          confirmationStatus: 'NONE',
          slots: { tv: { name: 'tv', value: 'den', confirmationStatus: 'NONE' } },
        },
      },
    ]);
    const { standIn, last } = recordingSkill('en-US', [OPEN, confirm]);
    await standIn.launch();
    await standIn.say('forget the den tv');
    await standIn.say(line);
    expect(last().request).toMatchObject({
      dialogState: 'IN_PROGRESS',
      intent: { name: 'ForgetTvIntent', confirmationStatus: status, slots: { tv: { value: 'den' } } },
    });
  });

  it('a Dialog.ConfirmSlot answered "no" comes back with the slot DENIED', async () => {
    const confirm = speak('Den, right?', true, [
      {
        type: 'Dialog.ConfirmSlot',
        slotToConfirm: 'tv',
        updatedIntent: {
          name: 'SetUpTvIntent',
          confirmationStatus: 'NONE',
          slots: { tv: { name: 'tv', value: 'den', confirmationStatus: 'NONE' } },
        },
      },
    ]);
    const { standIn, last } = recordingSkill('en-US', [OPEN, confirm]);
    await standIn.launch();
    await standIn.say('set up the den tv');
    await standIn.say('no');
    expect(last().request).toMatchObject({
      dialogState: 'IN_PROGRESS',
      intent: {
        name: 'SetUpTvIntent',
        confirmationStatus: 'NONE',
        slots: { tv: { value: 'den', confirmationStatus: 'DENIED' } },
      },
    });
  });

  it('without a confirmation pending, "yes" is AMAZON.YesIntent', async () => {
    const { standIn, intent } = recordingSkill('en-US');
    await standIn.launch();
    await standIn.say('yes');
    expect(intent().name).toBe('AMAZON.YesIntent');
  });
});

describe('while a slot is elicited', () => {
  it.each([
    ['en-US', 'the first one', '1'],
    ['en-US', 'two', '2'],
    ['en-US', 'the Sharp', 'sharp'],
    ['en-US', 'aquos', 'sharp'],
    ['ja-JP', '1つ目', '1'],
    ['ja-JP', '最初の', '1'],
    ['ja-JP', 'シャープの', 'sharp'],
    ['ja-JP', '2番', '2'],
  ] as const)('%s: "%s" fills the slot, with the id entity resolution matched (%s)', async (locale, line, id) => {
    const { standIn, intent } = recordingSkill(locale, [ELICIT_CHOICE]);
    await standIn.launch();
    await standIn.say(line);
    const { name, slots } = intent();
    expect(name).toBe('SetUpTvIntent');
    expect(slots?.['tv']?.value).toBe('den TV');
    expect(slots?.['choice']?.resolutions?.resolutionsPerAuthority?.[0]).toMatchObject({
      status: { code: 'ER_SUCCESS_MATCH' },
      values: [{ value: { id } }],
    });
  });

  it('ja-JP: without the question, 「2番」 is channel 2', async () => {
    const { standIn, intent } = recordingSkill('ja-JP');
    await standIn.launch();
    await standIn.say('2番');
    expect(intent()).toMatchObject({ name: 'SetChannelIntent', slots: { channel: { value: '2' } } });
  });

  it('a word outside the catalogue fills it too, resolved to nothing', async () => {
    const { standIn, intent } = recordingSkill('en-US', [ELICIT_CHOICE]);
    await standIn.launch();
    await standIn.say('umm');
    expect(intent().slots?.['choice']).toMatchObject({
      value: 'umm',
      resolutions: { resolutionsPerAuthority: [{ status: { code: 'ER_SUCCESS_NO_MATCH' } }] },
    });
  });

  it.each([
    ['en-US', 'cancel', 'AMAZON.CancelIntent'],
    ['en-US', 'yes', 'AMAZON.YesIntent'],
    ['en-US', 'shut up', 'AMAZON.StopIntent'],
    ['en-US', 'never mind', 'AMAZON.CancelIntent'],
    ['ja-JP', 'やめて', 'AMAZON.CancelIntent'],
  ] as const)('%s: the built-in "%s" is %s, not the answer', async (locale, line, name) => {
    const { standIn, intent } = recordingSkill(locale, [ELICIT_TV]);
    await standIn.launch();
    await standIn.say(line);
    expect(intent().name).toBe(name);
  });

  it.each([
    ['en-US', 'turn off the bedroom tv', 'TurnOffIntent', { tv: 'bedroom' }],
    ['en-US', 'volume up', 'VolumeUpIntent', {}],
    ['en-US', 'turn on the tv', 'TurnOnIntent', {}],
    ['ja-JP', 'テレビを消して', 'TurnOffIntent', {}],
    ['ja-JP', 'フジテレビにして', 'SetChannelIntent', { channelName: 'フジテレビ' }],
  ] as const)('%s: a whole request, "%s", is no answer: it is %s, a new dialog', async (locale, line, name, slots) => {
    const { standIn, last, values } = recordingSkill(locale, [ELICIT_TV]);
    await standIn.launch();
    await standIn.say(line);
    expect(last().request).toMatchObject({ dialogState: 'STARTED', intent: { name } });
    expect(values()).toEqual(slots);
  });

  it.each([
    ['en-US', 'the bedroom', 'bedroom'],
    ['en-US', 'kitchen', 'kitchen'],
    ['ja-JP', '寝室', '寝室'],
    ['ja-JP', '寝室のテレビ', '寝室'],
  ] as const)('%s: "%s" answers "Which TV?": the same intent, its count kept, tv "%s"', async (locale, line, tv) => {
    const { standIn, last, values } = recordingSkill(locale, [ELICIT_TV]);
    await standIn.launch();
    await standIn.say(line);
    expect(last().request).toMatchObject({ dialogState: 'IN_PROGRESS', intent: { name: 'NextChannelIntent' } });
    expect(values()).toEqual({ count: '2', tv });
  });

  it('at the name question, "turn on the tv" is TurnOnIntent, and "the kitchen" the name', async () => {
    const askName = elicit('tv', { name: 'SetUpTvIntent', slots: {} });
    const { standIn, intent, values } = recordingSkill('en-US', [askName, askName]);
    await standIn.launch();
    await standIn.say('turn on the tv');
    expect(intent().name).toBe('TurnOnIntent');
    await standIn.say('the kitchen');
    expect({ name: intent().name, values: values() }).toEqual({ name: 'SetUpTvIntent', values: { tv: 'kitchen' } });
  });
});

describe('opening', () => {
  it.each([
    ['en-US', 'open tv remote'],
    ['en-US', 'talk to tv remote'],
    ['en-US', 'start the tv remote'],
    ['en-US', 'ask tv remote'],
    ['en-US', 'Alexa, ask TV remote'],
    ['ja-JP', 'テレビリモコンを開いて'],
    ['ja-JP', 'テレビリモコンを開始して'],
  ] as const)('%s: "%s" is a LaunchRequest in a new session', async (locale, line) => {
    const { standIn, last } = recordingSkill(locale);
    expect(await standIn.hear(line)).toBeDefined();
    expect(last()).toMatchObject({ session: { new: true, attributes: {} }, request: { type: 'LaunchRequest' } });
  });

  it.each([
    ['en-US', 'open tv remote and turn on the tv', 'TurnOnIntent'],
    ['en-US', 'turn on the tv using tv remote', 'TurnOnIntent'],
    ['en-US', 'ask tv remote for channel 7', 'SetChannelIntent'],
    ['en-US', 'tell tv remote to turn it up', 'VolumeUpIntent'],
    ['ja-JP', 'テレビリモコンを開いてテレビをつけて', 'TurnOnIntent'],
    ['ja-JP', 'テレビリモコンでフジテレビにして', 'SetChannelIntent'],
  ] as const)('%s: "%s" is the request\'s %s in a new session, no LaunchRequest', async (locale, line, name) => {
    const { standIn, sent } = recordingSkill(locale);
    await standIn.hear(line);
    expect(sent.map((r) => r.request.type)).toEqual(['IntentRequest']);
    expect(sent[0]).toMatchObject({ session: { new: true }, request: { intent: { name } } });
  });

  it.each(['what can i ask', 'tell me a joke', 'open the door', 'turn on the telly'])(
    'inside the session, "%s" is no launch',
    async (line) => {
      const { standIn, sent } = recordingSkill('en-GB' as Locale);
      await standIn.launch();
      await standIn.hear(line);
      expect(sent.map((r) => r.request.type)).toEqual(['LaunchRequest', 'IntentRequest']);
    },
  );

  it('"what can i ask" is help, "tell me a joke" the fallback', async () => {
    const { standIn, intent } = recordingSkill('en-US');
    await standIn.launch();
    await standIn.say('what can i ask');
    expect(intent().name).toBe('AMAZON.HelpIntent');
    await standIn.say('tell me a joke');
    expect(intent().name).toBe('AMAZON.FallbackIntent');
  });

  it('outside a session, a line without the invocation name is not for the skill', async () => {
    const { standIn, sent } = recordingSkill('en-US');
    expect(await standIn.hear('turn on the tv')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('inside a session, lines continue it with the attributes the skill set; a new invocation starts a new one', async () => {
    const withAttributes = { ...OPEN, sessionAttributes: { tv: 'bedroom-thing' } };
    const { standIn, sent } = recordingSkill('en-US', [withAttributes, OPEN, OPEN]);
    await standIn.hear('open tv remote');
    await standIn.hear('next channel');
    await standIn.hear('open tv remote');
    expect(sent.map((r) => ({ new: r.session?.new, attributes: r.session?.attributes }))).toEqual([
      { new: true, attributes: {} },
      { new: false, attributes: { tv: 'bedroom-thing' } },
      { new: true, attributes: {} },
    ]);
    expect(sent[2]!.session?.sessionId).not.toBe(sent[0]!.session?.sessionId);
  });

  it('a response that ends the session ends it: the next line without the name is not for the skill', async () => {
    const { standIn } = recordingSkill('en-US', [speak('Goodbye.', false)]);
    await standIn.launch();
    expect(standIn.sessionOpen()).toBe(false);
    expect(await standIn.hear('next channel')).toBeUndefined();
  });
});

describe('leaving', () => {
  it.each(['exit', 'quit', 'Exit.'])(
    '"%s" ends the session with a SessionEndedRequest (USER_INITIATED), and Alexa says nothing',
    async (line) => {
      const { standIn, last } = recordingSkill('en-US', [ELICIT_TV]);
      await standIn.launch();
      const heard = await standIn.say(line);
      expect(last()).toMatchObject({
        session: { new: false },
        request: { type: 'SessionEndedRequest', reason: 'USER_INITIATED' },
      });
      expect(heard.silent).toBe(true);
      expect(standIn.sessionOpen()).toBe(false);
    },
  );

  it('"stop" is AMAZON.StopIntent, which the skill answers', async () => {
    const { standIn, last } = recordingSkill('en-US');
    await standIn.launch();
    const heard = await standIn.say('stop');
    expect(last().request).toMatchObject({ type: 'IntentRequest', intent: { name: 'AMAZON.StopIntent' } });
    expect(heard.silent).toBeUndefined();
  });
});

describe('the context', () => {
  it('carries a consent token only once the permission is granted', async () => {
    const granted = recordingSkill('en-US', [], { echo: { consentToken: 'consent' } });
    await granted.standIn.launch();
    expect(granted.last().context.System.user.permissions).toEqual({ consentToken: 'consent' });
    expect(granted.last().session?.user.permissions).toEqual({ consentToken: 'consent' });
    const not = recordingSkill('en-US');
    await not.standIn.launch();
    expect(not.last().context.System.user).toEqual({ userId: ECHO.userId, accessToken: ECHO.accessToken });
    expect(not.last().session?.user).not.toHaveProperty('permissions');
  });

  it("carries the linked token only once the account is linked, and the device and Alexa's API always", async () => {
    const { standIn, last } = recordingSkill('en-US', [], { echo: { accessToken: undefined } });
    await standIn.launch();
    expect(last().context.System).toMatchObject({
      user: { userId: ECHO.userId },
      device: { deviceId: 'echo' },
      apiEndpoint: ECHO.apiEndpoint,
      apiAccessToken: 'api-token',
    });
    expect(last().context.System.user).not.toHaveProperty('accessToken');
  });
});

describe('a response Alexa refuses', () => {
  it('is refused with the rule, and Alexa ends the session with a SessionEndedRequest (ERROR) (a model without a dialog model refuses Dialog.ElicitSlot)', async () => {
    // models/en-US.json as it was before it had a dialog model (test/support/alexa-rules/README.md).
    const old: unknown = JSON.parse(
      readFileSync(path.join(__dirname, '../support/alexa-rules/en-US-without-dialog-model.json'), 'utf8'),
    );
    const { standIn, last } = recordingSkill('en-US', [ELICIT_CHOICE], { model: old });
    const heard = await standIn.launch();
    expect(heard.refused).toBe('dialog-needs-dialog-model');
    expect(last().request).toMatchObject({
      type: 'SessionEndedRequest',
      reason: 'ERROR',
      error: { type: 'INVALID_RESPONSE' },
    });
    expect(standIn.eliciting()).toBeUndefined();
    expect(standIn.sessionOpen()).toBe(false);
  });

  it('is played when the model has a dialog model', async () => {
    const { standIn } = recordingSkill('en-US', [ELICIT_CHOICE]);
    const heard = await standIn.launch();
    expect(heard.refused).toBeUndefined();
    expect(standIn.eliciting()).toEqual({ intent: 'SetUpTvIntent', slot: 'choice', slots: { tv: 'den TV' } });
  });
});

/** Two TVs on the keypad, as a skill would show them. */
const TVS = [
  { thingId: 'thing-living', serviceId: 's', gatewayId: 'g', deviceName: 'Living room TV' },
  { thingId: 'thing-bedroom', serviceId: 's', gatewayId: 'g', deviceName: 'Bedroom TV' },
];
/** An answer that shows the keypad for TV `tv` and sets `attributes`; `open` as the skill leaves shouldEndSession. */
const showing = (tv: number, attributes: Record<string, unknown>, open: boolean | undefined): ResponseEnvelope => ({
  version: '1.0',
  sessionAttributes: attributes,
  response: {
    ...(open !== undefined && { shouldEndSession: !open }),
    directives: [renderDirective(keypadData(WORDS.en, TVS, TVS[tv]!, 'Ready', false))],
  },
});
const SCREEN = { echo: { screen: ECHO_SHOW_8 } };

describe('an Echo with a screen', () => {
  it('says so in every request (APL and its viewport); an Echo without one lists no APL', async () => {
    const show = recordingSkill('en-US', [], SCREEN);
    await show.standIn.launch();
    expect(show.last().context.System.device?.supportedInterfaces).toEqual({
      'Alexa.Presentation.APL': { runtime: { maxVersion: '2023.3' } },
    });
    expect(show.last().context.Viewport).toMatchObject({ pixelWidth: 1280, pixelHeight: 800, dpi: 213 });
    const dot = recordingSkill('en-US');
    await dot.standIn.launch();
    expect(dot.last().context.System.device?.supportedInterfaces).toEqual({});
    expect(dot.last().context).not.toHaveProperty('Viewport');
  });

  it("a touch is a request of the open session: its id, new false, the last attributes, the key's arguments; its attributes go on to the next line", async () => {
    const { standIn, sent, last } = recordingSkill(
      'en-US',
      [showing(0, { tv: 'living' }, true), showing(1, { tv: 'bedroom' }, undefined)],
      SCREEN,
    );
    await standIn.launch();
    const touched = await standIn.touch('Bedroom TV');
    expect('key' in touched && touched.key).toBe('Bedroom TV');
    expect(last()).toMatchObject({
      session: { new: false, sessionId: sent[0]!.session!.sessionId, attributes: { tv: 'living' } },
      request: {
        type: 'Alexa.Presentation.APL.UserEvent',
        token: KEYPAD_TOKEN,
        arguments: ['ChooseTvIntent', 'thing-bedroom', 0],
      },
    });
    await standIn.say('volume up');
    expect(last()).toMatchObject({
      session: { new: false, sessionId: sent[0]!.session!.sessionId, attributes: { tv: 'bedroom' } },
      request: { type: 'IntentRequest' },
    });
  });

  it('shouldEndSession left out with the keypad shown: the session stays open, the microphone closed; a line said still goes to the skill', async () => {
    const { standIn, sent, last } = recordingSkill('en-US', [showing(0, {}, undefined)], SCREEN);
    await standIn.launch();
    expect({ open: standIn.sessionOpen(), listening: standIn.listening() }).toEqual({ open: true, listening: false });
    await standIn.hear('volume up');
    expect(last().session).toMatchObject({ new: false, sessionId: sent[0]!.session!.sessionId });
    expect(standIn.listening()).toBe(true);
  });

  it('shouldEndSession left out ends the session on an Echo without a screen, and where the answer shows nothing', async () => {
    const dot = recordingSkill('en-US', [showing(0, {}, undefined)]);
    await dot.standIn.launch();
    expect(dot.standIn.sessionOpen()).toBe(false);
    expect(await dot.standIn.hear('volume up')).toBeUndefined();
    const spoken = recordingSkill(
      'en-US',
      [{ version: '1.0', response: { outputSpeech: { type: 'SSML', ssml: '<speak>OK.</speak>' } } }],
      SCREEN,
    );
    await spoken.standIn.launch();
    expect(spoken.standIn.sessionOpen()).toBe(false);
  });

  it('when the screen times out the session ends with it: nothing is sent, nothing is left to touch, a line is not for the skill', async () => {
    const { standIn, sent } = recordingSkill('en-US', [showing(0, {}, undefined)], SCREEN);
    await standIn.launch();
    standIn.timeOut();
    expect(standIn.sessionOpen()).toBe(false);
    expect(standIn.shown()).toBeUndefined();
    expect(await standIn.touch('8')).toEqual({ problem: expect.stringMatching(/^Nothing is on the screen/) });
    expect(await standIn.hear('volume up')).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('the screen goes with the session: after "exit", after an answer that ends it; a new invocation shows only what its answer shows', async () => {
    const exit = recordingSkill('en-US', [showing(0, {}, true)], SCREEN);
    await exit.standIn.launch();
    await exit.standIn.say('exit');
    expect(await exit.standIn.touch('8')).toEqual({ problem: expect.stringMatching(/^Nothing is on the screen/) });
    const ended = recordingSkill('en-US', [showing(0, {}, true), showing(0, {}, false)], SCREEN);
    await ended.standIn.launch();
    await ended.standIn.say('stop');
    expect(ended.standIn.shown()).toBeUndefined();
    const again = recordingSkill('en-US', [showing(0, {}, true)], SCREEN);
    await again.standIn.launch();
    await again.standIn.launch();
    expect(again.standIn.shown()).toBeUndefined();
  });

  it('a key that is not on the screen is not touched, and the keys are named', async () => {
    const { standIn, sent } = recordingSkill('en-US', [showing(0, {}, true)], SCREEN);
    await standIn.launch();
    expect(await standIn.touch('99')).toEqual({
      problem: expect.stringMatching(
        /^No key "99" on the screen\. The keys: Living room TV, Bedroom TV, On, Off, .*, 12$/,
      ),
    });
    expect(sent).toHaveLength(1);
  });
});
