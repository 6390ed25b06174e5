// Alexa's rules for responses (src/local/alexa/rules.ts): for each rule a response that breaks it is
// refused and one that follows it passes; the skill's own "What is the TV called?" (Dialog.ElicitSlot) is
// refused against the model as it was before issue 34 (no dialog model by Amazon's definition); and the
// Progressive Response stand-in refuses speech for a request Alexa is not waiting on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Directive, RequestEnvelope, Response, ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import { startDeviceAddressStandIn, type DeviceAddressStandIn } from '../../src/local/device-address';
import { MAX_RESPONSE_BYTES, MAX_SPEECH_CHARACTERS, ssmlProblems } from '../../src/local/alexa/content-rules';
import { dialogModelFeatures, hasDialogModel, modelRefusals } from '../../src/local/alexa/dialog-rules';
import { alexaRefusal, refusalSpeech, responseRefusals, type RuleName } from '../../src/local/alexa/rules';
import { createSkillHandler } from '../../src/skill/app';
import { sayWhileWorking } from '../../src/skill/services/progressive';
import { newToken } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { SKILL_ID, intent, launch, otherRequest, sessionEnded, type RequestSpec } from '../support/skill/requests';

interface ModelJson {
  interactionModel: {
    dialog: {
      delegationStrategy: string;
      intents: {
        name: string;
        delegationStrategy?: string;
        confirmationRequired: boolean;
        prompts: Record<string, string>;
        slots: Record<string, unknown>[];
      }[];
    };
    prompts: { id: string; variations: { type: string; value: string }[] }[];
  };
}

/** models/en-US.json before issue 34: every slot not required, no prompts, SKILL_RESPONSE. */
const WITHOUT_DIALOG_MODEL = JSON.parse(
  readFileSync(path.join(__dirname, '../support/alexa-rules/en-US-without-dialog-model.json'), 'utf8'),
) as ModelJson;

/** The same model changed by `change` (a copy). */
function modelWith(change: (m: ModelJson['interactionModel']) => void): ModelJson {
  const m = structuredClone(WITHOUT_DIALOG_MODEL);
  change(m.interactionModel);
  return m;
}

const dialogIntent = (m: ModelJson['interactionModel'], name: string) => m.dialog.intents.find((i) => i.name === name)!;
const dialogSlot = (m: ModelJson['interactionModel'], intentName: string, slot: string) =>
  dialogIntent(m, intentName).slots.find((s) => s['name'] === slot)!;
const prompt = (id: string) => ({ id, variations: [{ type: 'PlainText', value: 'What is the TV called?' }] });

/** A dialog model: SetUpTvIntent's tv slot required, with its prompt. */
const WITH_DIALOG_MODEL = modelWith((m) => {
  Object.assign(dialogSlot(m, 'SetUpTvIntent', 'tv'), {
    elicitationRequired: true,
    prompts: { elicitation: 'Elicit.SetUpTv.tv' },
  });
  m.prompts = [prompt('Elicit.SetUpTv.tv')];
});

const WHO = { userId: 'amzn1.ask.account.RULES', token: 'rules-token' };
const ssml = (text: string) => ({ type: 'SSML' as const, ssml: `<speak>${text}</speak>` });
const slots = (...names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { name: n, confirmationStatus: 'NONE' as const }]));
const elicit = (slot: string, intentName = 'SetUpTvIntent', carried = slots('tv', 'choice')): Directive => ({
  type: 'Dialog.ElicitSlot',
  slotToElicit: slot,
  updatedIntent: { name: intentName, confirmationStatus: 'NONE', slots: carried },
});
/** A question with the directive, as the skill asks: speech, reprompt, the session open. */
const asking = (directive: Directive, extra: Partial<Response> = {}): ResponseEnvelope => ({
  version: '1.0',
  response: {
    outputSpeech: ssml('What is the TV called?'),
    reprompt: { outputSpeech: ssml('Its name?') },
    shouldEndSession: false,
    directives: [directive],
    ...extra,
  },
});
const saying = (response: Response, sessionAttributes?: Record<string, unknown>): ResponseEnvelope => ({
  version: '1.0',
  response,
  ...(sessionAttributes ? { sessionAttributes } : {}),
});

type Case = [
  description: string,
  model: ModelJson,
  request: RequestSpec,
  response: ResponseEnvelope,
  refused: RuleName | undefined,
];

const SET_UP = intent('SetUpTvIntent');

describe('each rule refuses a response that breaks it and passes one that follows it', () => {
  it.each<Case>([
    // 1. Dialog directives need a dialog model.
    [
      'ElicitSlot without a dialog model',
      WITHOUT_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv')),
      'dialog-needs-dialog-model',
    ],
    [
      'ConfirmIntent without a dialog model',
      WITHOUT_DIALOG_MODEL,
      SET_UP,
      asking({ type: 'Dialog.ConfirmIntent' }),
      'dialog-needs-dialog-model',
    ],
    ['ElicitSlot with a dialog model', WITH_DIALOG_MODEL, SET_UP, asking(elicit('tv')), undefined],
    [
      'Dialog.UpdateDynamicEntities needs no dialog model',
      WITHOUT_DIALOG_MODEL,
      SET_UP,
      asking({ type: 'Dialog.UpdateDynamicEntities', updateBehavior: 'CLEAR' }),
      undefined,
    ],
    // 2. updatedIntent is an intent of the model; the slot is one of its slots, declared in the dialog model.
    [
      'updatedIntent names no intent of the model',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv', 'PlayMusicIntent', slots('tv'))),
      'updated-intent-of-model',
    ],
    [
      'updatedIntent chains to a built-in intent',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv', 'AMAZON.HelpIntent', {})),
      'updated-intent-of-model',
    ],
    [
      'the elicited slot is not a slot of the intent',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('channel')),
      'slot-of-intent',
    ],
    [
      'updatedIntent carries a slot its intent has not',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv', 'SetUpTvIntent', slots('tv', 'count'))),
      'slot-of-intent',
    ],
    [
      'the intent is not declared in the dialog model',
      WITH_DIALOG_MODEL,
      intent('ChooseTvIntent'),
      asking(elicit('tv', 'ChooseTvIntent', slots('tv'))),
      'intent-in-dialog-model',
    ],
    [
      'the slot is not declared on the intent in the dialog model',
      modelWith((m) => {
        Object.assign(dialogSlot(m, 'SetUpTvIntent', 'tv'), {
          elicitationRequired: true,
          prompts: { elicitation: 'Elicit.SetUpTv.tv' },
        });
        m.prompts = [prompt('Elicit.SetUpTv.tv')];
        dialogIntent(m, 'SetChannelIntent').slots = dialogIntent(m, 'SetChannelIntent').slots.filter(
          (s) => s['name'] !== 'tv',
        );
      }),
      intent('SetChannelIntent', { channel: '5' }),
      asking(elicit('tv', 'SetChannelIntent', slots('tv', 'channel', 'channelName'))),
      'intent-in-dialog-model',
    ],
    [
      '"Which TV?" on the command\'s own intent, declared with its tv slot',
      WITH_DIALOG_MODEL,
      intent('TurnOnIntent'),
      asking(elicit('tv', 'TurnOnIntent', slots('tv'))),
      undefined,
    ],
    // 3. A Dialog directive never closes the session.
    [
      'a Dialog directive with shouldEndSession: true',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv'), { shouldEndSession: true }),
      'dialog-keeps-session-open',
    ],
    [
      'a Dialog directive with the session left to Alexa (no shouldEndSession)',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking(elicit('tv'), { shouldEndSession: undefined }),
      undefined,
    ],
    // 4. Dialog directives answer an IntentRequest, or chain from a LaunchRequest; Delegate speaks no speech of its own.
    [
      'a Dialog directive in answer to a SessionEndedRequest',
      WITH_DIALOG_MODEL,
      sessionEnded(),
      asking(elicit('tv')),
      'dialog-answers-launch-or-intent',
    ],
    [
      'a Dialog directive in answer to a CanFulfillIntentRequest',
      WITH_DIALOG_MODEL,
      otherRequest('CanFulfillIntentRequest', { intent: { name: 'SetUpTvIntent', slots: {} } }),
      asking(elicit('tv')),
      'dialog-answers-launch-or-intent',
    ],
    [
      'a LaunchRequest answered with a Dialog directive and no updatedIntent',
      WITH_DIALOG_MODEL,
      launch(),
      asking({ type: 'Dialog.ElicitSlot', slotToElicit: 'tv' }),
      'dialog-answers-launch-or-intent',
    ],
    ['a LaunchRequest chaining into SetUpTvIntent', WITH_DIALOG_MODEL, launch(), asking(elicit('tv')), undefined],
    [
      'Dialog.Delegate with its own speech',
      WITH_DIALOG_MODEL,
      SET_UP,
      asking({ type: 'Dialog.Delegate' }),
      'delegate-without-speech',
    ],
    [
      'Dialog.Delegate alone',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({ shouldEndSession: false, directives: [{ type: 'Dialog.Delegate' }] }),
      undefined,
    ],
    // 6. SSML and sizes.
    [
      'speech that is not valid SSML',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({ outputSpeech: ssml('Tom & Jerry'), shouldEndSession: true }),
      'ssml',
    ],
    [
      'a reprompt with a tag Alexa does not support',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({
        outputSpeech: ssml('Which one?'),
        reprompt: { outputSpeech: ssml('<b>Which</b> one?') },
        shouldEndSession: false,
      }),
      'ssml',
    ],
    [
      'valid SSML with supported tags',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({
        outputSpeech: ssml('Code <say-as interpret-as="digits">123</say-as>.<break time="1s"/> Tom &amp; Jerry.'),
        shouldEndSession: true,
      }),
      undefined,
    ],
    [
      `speech of ${MAX_SPEECH_CHARACTERS + 1} characters`,
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({
        outputSpeech: { type: 'PlainText', text: 'a'.repeat(MAX_SPEECH_CHARACTERS + 1) },
        shouldEndSession: true,
      }),
      'speech-size',
    ],
    [
      `speech of ${MAX_SPEECH_CHARACTERS} characters`,
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({
        outputSpeech: ssml('a'.repeat(MAX_SPEECH_CHARACTERS - '<speak></speak>'.length)),
        shouldEndSession: true,
      }),
      undefined,
    ],
    [
      'a card of more than 8000 characters',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying({
        outputSpeech: ssml('See the card.'),
        card: { type: 'Simple', title: 'Channels', content: 'x'.repeat(8000) },
        shouldEndSession: true,
      }),
      'card-size',
    ],
    [
      'a response of more than 120 KB',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying(
        { outputSpeech: ssml('OK.'), shouldEndSession: false, reprompt: { outputSpeech: ssml('And?') } },
        { big: 'x'.repeat(MAX_RESPONSE_BYTES) },
      ),
      'response-size',
    ],
    [
      'a response just under 120 KB',
      WITH_DIALOG_MODEL,
      SET_UP,
      saying(
        { outputSpeech: ssml('OK.'), shouldEndSession: false, reprompt: { outputSpeech: ssml('And?') } },
        { big: 'x'.repeat(MAX_RESPONSE_BYTES - 500) },
      ),
      undefined,
    ],
  ])('%s', (_description, model, request, response, refused) => {
    expect(alexaRefusal(model, request(WHO), response)?.rule).toBe(refused);
  });

  it('names every rule a response breaks, each with its Amazon source', () => {
    const refusals = responseRefusals(
      WITHOUT_DIALOG_MODEL,
      sessionEnded()(WHO),
      asking(elicit('channel'), { shouldEndSession: true }),
    );
    expect(refusals.map((r) => r.rule)).toEqual([
      'dialog-needs-dialog-model',
      'dialog-answers-launch-or-intent',
      'slot-of-intent',
      'dialog-keeps-session-open',
    ]);
    for (const r of refusals) expect(r.source).toMatch(/Amazon/);
  });
});

describe('what makes a dialog model (Dialog Interface Reference; the intent-chaining post)', () => {
  const required = (promptId: string | undefined, prompts: string[]) =>
    modelWith((m) => {
      Object.assign(dialogSlot(m, 'SetUpTvIntent', 'tv'), {
        elicitationRequired: true,
        prompts: promptId ? { elicitation: promptId } : {},
      });
      m.prompts = prompts.map(prompt);
    });
  it.each<[string, ModelJson, string[]]>([
    ['every slot optional, SKILL_RESPONSE (the models before issue 34)', WITHOUT_DIALOG_MODEL, []],
    ['a required slot without a prompt', required(undefined, []), []],
    ['a required slot whose prompt id is not in prompts', required('Elicit.Missing', []), []],
    [
      'a required slot with its prompt',
      required('Elicit.SetUpTv.tv', ['Elicit.SetUpTv.tv']),
      ['SetUpTvIntent.tv required, with its prompt'],
    ],
    [
      'auto delegation for the skill',
      modelWith((m) => {
        m.dialog.delegationStrategy = 'ALWAYS';
      }),
      ['auto delegation for the skill'],
    ],
    [
      'a slot confirmed, with its prompt',
      modelWith((m) => {
        Object.assign(dialogSlot(m, 'TurnOffIntent', 'tv'), {
          confirmationRequired: true,
          prompts: { confirmation: 'Confirm.Forget.tv' },
        });
        m.prompts = [prompt('Confirm.Forget.tv')];
      }),
      ['TurnOffIntent.tv confirmed'],
    ],
    [
      'an intent confirmed, with its prompt',
      modelWith((m) => {
        Object.assign(dialogIntent(m, 'TurnOffIntent'), {
          confirmationRequired: true,
          prompts: { confirmation: 'Confirm.Forget' },
        });
        m.prompts = [prompt('Confirm.Forget')];
      }),
      ['TurnOffIntent confirmed'],
    ],
    [
      'a slot validated',
      modelWith((m) => {
        Object.assign(dialogSlot(m, 'SetChannelIntent', 'channel'), {
          validations: [{ type: 'isGreaterThan', prompt: 'Slot.Validation.channel', value: '0' }],
        });
        m.prompts = [prompt('Slot.Validation.channel')];
      }),
      ['SetChannelIntent.channel validated'],
    ],
  ])('%s', (_description, model, features) => {
    expect(dialogModelFeatures(model)).toEqual(features);
    expect(hasDialogModel(model)).toBe(features.length > 0);
  });
});

describe("the model's own dialog structure", () => {
  it('the models before issue 34 are well formed, just without a dialog model', () => {
    expect(modelRefusals(WITHOUT_DIALOG_MODEL)).toEqual([]);
  });

  it.each<[string, ModelJson, RegExp]>([
    [
      'a dialog intent the language model lacks',
      modelWith((m) => {
        m.dialog.intents.push({ name: 'GhostIntent', confirmationRequired: false, prompts: {}, slots: [] });
      }),
      /GhostIntent/,
    ],
    [
      'a dialog slot its intent lacks',
      modelWith((m) => {
        dialogIntent(m, 'TurnOnIntent').slots.push({
          name: 'channel',
          type: 'AMAZON.NUMBER',
          elicitationRequired: false,
          confirmationRequired: false,
          prompts: {},
        });
      }),
      /TurnOnIntent\.channel/,
    ],
    [
      'a required slot without its prompt',
      modelWith((m) => {
        Object.assign(dialogSlot(m, 'SetUpTvIntent', 'tv'), { elicitationRequired: true });
      }),
      /without an elicitation prompt/,
    ],
    [
      'a prompt id that is not in prompts',
      modelWith((m) => {
        Object.assign(dialogSlot(m, 'SetUpTvIntent', 'tv'), {
          elicitationRequired: true,
          prompts: { elicitation: 'Elicit.Gone' },
        });
      }),
      /Elicit\.Gone/,
    ],
  ])('refuses %s', (_description, model, detail) => {
    expect(
      modelRefusals(model)
        .map((r) => r.detail)
        .join('\n'),
    ).toMatch(detail);
  });
});

describe('SSML as Alexa takes it', () => {
  it.each([
    '<speak>OK.</speak>',
    '<speak>寝室のテレビをつけます。</speak>',
    '<speak>Code <say-as interpret-as="digits">0123</say-as>, then <break time="500ms"/>go.</speak>',
    "<speak><amazon:effect name='whispered'>quiet</amazon:effect> &lt;3 &#x263A; &#9786;</speak>",
    '<speak><p><s>One.</s><s>Two.</s></p><lang xml:lang="ja-JP">テレビ</lang></speak>',
    '<speak/>',
  ])('%p is valid', (text) => {
    expect(ssmlProblems(text)).toEqual([]);
  });

  it.each([
    ['plain text', 'Hello'],
    ['an unclosed <speak>', '<speak>Hello'],
    ['a bare ampersand', '<speak>Tom & Jerry</speak>'],
    ['a tag Alexa does not support', '<speak><b>bold</b></speak>'],
    ['crossed tags', '<speak><s>one</p></speak>'],
    ['two documents', '<speak>a</speak><speak>b</speak>'],
    ['text after the document', '<speak>a</speak> b'],
    ['a control character', '<speak>a\u0001b</speak>'],
    ['an attribute twice', '<speak><say-as interpret-as="digits" interpret-as="cardinal">1</say-as></speak>'],
    ['a lone <', '<speak>1 < 2</speak>'],
    ['a root other than <speak>', '<p>Hello</p>'],
  ])('%s is not', (_description, text) => {
    expect(ssmlProblems(text)).not.toEqual([]);
  });
});

describe('what the Echo says when Alexa refuses a response', () => {
  it.each([
    ['en-US', "There was a problem with the requested skill's response."],
    ['en-GB', "There was a problem with the requested skill's response."],
    ['ja-JP', 'リクエストされたスキルの応答に問題があります。'],
  ])('in %s', (locale, speech) => {
    expect(refusalSpeech(locale)).toBe(speech);
  });
});

describe("the skill's own Dialog.ElicitSlot", () => {
  const loopback = useLoopback();

  it('"set up a TV" asks for the name with ElicitSlot: refused without a dialog model, played with one', async () => {
    const handler = createSkillHandler({
      store: loopback.dynamo.store,
      cloud: new DeviceCloud({ baseUrl: loopback.emulator.url }),
      skillId: SKILL_ID,
      // Never started here: the name is asked before anything runs.
      setupTrigger: { start: () => Promise.reject(new Error('not in this test')) },
    });
    const token = newToken();
    loopback.emulator.addAccount(token);
    const who = { userId: 'amzn1.ask.account.RULES-SKILL', token };
    await loopback.dynamo.store.links.saveAccessToken(who.userId, token);
    const request = intent('SetUpTvIntent', { tv: undefined, choice: undefined })(who);

    const response = (await handler(request)) as ResponseEnvelope;

    expect(response.response.directives?.map((d) => d.type)).toEqual(['Dialog.ElicitSlot']);
    const refusal = alexaRefusal(WITHOUT_DIALOG_MODEL, request, response);
    expect(refusal?.rule).toBe('dialog-needs-dialog-model');
    expect(refusal?.detail).toMatch(/not been configured to support dialogs/);
    expect(alexaRefusal(WITH_DIALOG_MODEL, request, response)).toBeUndefined();
  });
});

describe('the Progressive Response stand-in (Amazon, "Send the User a Progressive Response")', () => {
  let api: DeviceAddressStandIn;
  beforeAll(async () => {
    api = await startDeviceAddressStandIn();
  });
  afterAll(() => api.close());

  /** The request with Alexa's API at the stand-in, as an Echo sends it. */
  const onEcho = (spec: RequestSpec): RequestEnvelope => {
    const envelope = spec(WHO);
    return {
      ...envelope,
      context: {
        ...envelope.context,
        System: { ...envelope.context.System, apiEndpoint: api.url, apiAccessToken: 'alexa-api-token' },
      },
    };
  };
  const heard = (requestId: string) =>
    api
      .spoken()
      .filter((s) => s.requestId === requestId)
      .map((s) => s.speech);
  const refusedFor = (requestId: string) =>
    api
      .refusedSpeech()
      .filter((s) => s.requestId === requestId)
      .map((s) => s.reason);

  it.each([
    ['an IntentRequest', intent('SetUpTvIntent')],
    ['a LaunchRequest', launch()],
  ])('plays speech sent while the skill works on %s', async (_kind, spec) => {
    const request = onEcho(spec);
    const played = await api.turn(request, () => sayWhileWorking(request, 'Looking for your TV.'));
    expect(played).toBe(true);
    expect(heard(request.request.requestId)).toEqual(['<speak>Looking for your TV.</speak>']);
  });

  it('refuses speech for a request it never sent, and for one already answered', async () => {
    const unknown = onEcho(intent('SetUpTvIntent'));
    expect(await sayWhileWorking(unknown, 'Hello.')).toBe(false);
    expect(refusedFor(unknown.request.requestId)).toEqual([expect.stringMatching(/no request/)]);

    const answered = onEcho(intent('SetUpTvIntent'));
    await api.turn(answered, async () => 'answered');
    expect(await sayWhileWorking(answered, 'Too late.')).toBe(false);
    expect(refusedFor(answered.request.requestId)).toEqual([expect.stringMatching(/answered already/)]);
    expect(heard(answered.request.requestId)).toEqual([]);
  });

  it('refuses speech for a request that is not a LaunchRequest or IntentRequest', async () => {
    const ended = onEcho(sessionEnded());
    const played = await api.turn(ended, () => sayWhileWorking(ended, 'Goodbye.'));
    expect(played).toBe(false);
    expect(refusedFor(ended.request.requestId)).toEqual([expect.stringMatching(/SessionEndedRequest/)]);
  });

  it('refuses speech that is not valid SSML', async () => {
    const request = onEcho(intent('SetUpTvIntent'));
    const played = await api.turn(request, () => sayWhileWorking(request, 'Tom & Jerry'));
    expect(played).toBe(false);
    expect(refusedFor(request.request.requestId)).toEqual([expect.stringMatching(/not valid SSML/)]);
  });
});
