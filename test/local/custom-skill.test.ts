// The Alexa stand-in in front of the custom skill (src/local/sandbox/custom-skill.ts), against a skill
// that only records what it is sent: what Alexa sends for a line while a slot is elicited, and that a
// response Alexa refuses is refused here too, the session then over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IntentRequest, RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { alexaRefusal } from '../../src/local/alexa/rules';
import { customSkillStandIn } from '../../src/local/sandbox/custom-skill';
import { modelOf } from '../support/skill/conversation';

const ELICIT_CHOICE: ResponseEnvelope = {
  version: '1.0',
  response: {
    outputSpeech: { type: 'SSML', ssml: '<speak>Which one is yours?</speak>' },
    reprompt: { outputSpeech: { type: 'SSML', ssml: '<speak>Which one?</speak>' } },
    shouldEndSession: false,
    directives: [{ type: 'Dialog.ElicitSlot', slotToElicit: 'choice', updatedIntent: { name: 'SetUpTvIntent', confirmationStatus: 'NONE', slots: {
      tv: { name: 'tv', value: 'den TV', confirmationStatus: 'NONE' }, choice: { name: 'choice', confirmationStatus: 'NONE' },
    } } }],
  },
};
const PLAIN: ResponseEnvelope = { version: '1.0', response: { outputSpeech: { type: 'SSML', ssml: '<speak>OK.</speak>' }, shouldEndSession: false } };

/** A skill that asks which model on every launch and answers anything else plainly; it keeps what it is sent. */
function recordingSkill(model: unknown, locale: 'en-US' | 'ja-JP') {
  const sent: RequestEnvelope[] = [];
  const standIn = customSkillStandIn({
    model, locale, skillId: 'amzn1.ask.skill.test',
    handler: async (request) => {
      sent.push(request);
      return request.request.type === 'LaunchRequest' ? ELICIT_CHOICE : PLAIN;
    },
    echo: { userId: 'amzn1.ask.account.TEST', deviceId: 'echo', apiEndpoint: 'https://api.amazonalexa.com', apiAccessToken: 'api-token' },
    check: (request, response) => alexaRefusal(model, request, response)?.rule,
  });
  const intent = () => (sent[sent.length - 1]!.request as IntentRequest).intent;
  return { standIn, intent };
}

describe('while a slot is elicited', () => {
  it.each([
    ['en-US', 'the first one', '1'], ['en-US', 'two', '2'], ['en-US', 'the Sharp', 'sharp'], ['en-US', 'aquos', 'sharp'],
    ['ja-JP', '1つ目', '1'], ['ja-JP', '最初の', '1'], ['ja-JP', 'シャープの', 'sharp'],
  ] as const)('%s: "%s" fills the slot, with the id entity resolution matched (%s)', async (locale, line, id) => {
    const { standIn, intent } = recordingSkill(modelOf(locale), locale);
    await standIn.launch();
    await standIn.say(line);
    const { name, slots } = intent();
    expect(name).toBe('SetUpTvIntent');
    expect(slots?.['tv']?.value).toBe('den TV');
    expect(slots?.['choice']?.resolutions?.resolutionsPerAuthority?.[0]).toMatchObject({ status: { code: 'ER_SUCCESS_MATCH' }, values: [{ value: { id } }] });
  });

  it('a word outside the catalogue fills it too, resolved to nothing', async () => {
    const { standIn, intent } = recordingSkill(modelOf('en-US'), 'en-US');
    await standIn.launch();
    await standIn.say('umm');
    expect(intent().slots?.['choice']).toMatchObject({ value: 'umm', resolutions: { resolutionsPerAuthority: [{ status: { code: 'ER_SUCCESS_NO_MATCH' } }] } });
  });

  it.each([['en-US', 'cancel', 'AMAZON.CancelIntent'], ['en-US', 'yes', 'AMAZON.YesIntent'], ['ja-JP', 'やめて', 'AMAZON.CancelIntent']] as const)(
    '%s: the built-in "%s" is %s, not the answer', async (locale, line, name) => {
      const { standIn, intent } = recordingSkill(modelOf(locale), locale);
      await standIn.launch();
      await standIn.say(line);
      expect(intent().name).toBe(name);
    });

  it('a whole request is no answer: it is heard as itself', async () => {
    const { standIn, intent } = recordingSkill(modelOf('en-US'), 'en-US');
    await standIn.launch();
    await standIn.say('turn on the living room tv');
    expect(intent()).toMatchObject({ name: 'TurnOnIntent', slots: { tv: { value: 'living room' } } });
  });
});

describe('a response Alexa refuses', () => {
  it('is refused with the rule, and Alexa ends the session (a model without a dialog model refuses Dialog.ElicitSlot)', async () => {
    // models/en-US.json as it was before it had a dialog model (test/support/alexa-rules/README.md).
    const old: unknown = JSON.parse(readFileSync(path.join(__dirname, '../support/alexa-rules/en-US-without-dialog-model.json'), 'utf8'));
    const { standIn } = recordingSkill(old, 'en-US');
    const heard = await standIn.launch();
    expect(heard.refused).toBe('dialog-needs-dialog-model');
    expect(standIn.eliciting()).toBeUndefined();
  });

  it('is played when the model has a dialog model', async () => {
    const { standIn } = recordingSkill(modelOf('en-US'), 'en-US');
    const heard = await standIn.launch();
    expect(heard.refused).toBeUndefined();
    expect(standIn.eliciting()).toEqual({ intent: 'SetUpTvIntent', slot: 'choice', slots: { tv: 'den TV' } });
  });
});
