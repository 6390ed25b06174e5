// Launch, Alexa's built-in intents, the end of a session, and requests no handler expects.
import type { SkillCase } from '../../support/skill/case';
import { intent, launch, sessionEnded } from '../../support/skill/requests';

export const sessionCases: SkillCase[] = [
  {
    description: 'opening the skill welcomes the user briefly and keeps the session open',
    ja: { speech: 'テレビリモコンです。', reprompt: 'テレビをどうしますか?' },
    request: launch(),
    expected: {
      calls: [],
      speech: 'TV remote is ready.',
      reprompt: 'What would you like to do with the TV?',
      shouldEndSession: false,
      store: { get: 1 },
    },
  },
  {
    description: 'help lists what to say and keeps the session open',
    ja: { speech: '「テレビをつけて」「フジテレビにして」', reprompt: /5チャンネル/ },
    request: intent('AMAZON.HelpIntent'),
    expected: {
      calls: [],
      speech: 'You can say turn on the TV, channel 5',
      reprompt: /channel 5/,
      shouldEndSession: false,
    },
  },
  {
    description: 'help works before the account is linked and reads nothing from the store',
    ja: { speech: '「テレビをつけて」' },
    user: 'unknown',
    request: intent('AMAZON.HelpIntent', {}, { withToken: false }),
    expected: { calls: [], speech: 'You can say', shouldEndSession: false, store: { get: 0 } },
  },
  {
    description: 'stop says goodbye and ends the session',
    ja: { speech: '<speak>終了します。</speak>' },
    request: intent('AMAZON.StopIntent', {}, { session: 'ongoing' }),
    expected: { calls: [], speech: '<speak>Goodbye.</speak>', shouldEndSession: true },
  },
  {
    description: 'cancel says goodbye and ends the session',
    ja: { speech: '終了します。' },
    request: intent('AMAZON.CancelIntent', {}, { session: 'ongoing' }),
    expected: { calls: [], speech: 'Goodbye.', shouldEndSession: true },
  },
  {
    description: 'navigate home leaves the skill',
    ja: { speech: '終了します。' },
    request: intent('AMAZON.NavigateHomeIntent', {}, { session: 'ongoing' }),
    expected: { calls: [], speech: 'Goodbye.', shouldEndSession: true },
  },
  {
    description:
      'a request the model cannot place (AMAZON.FallbackIntent) is said to be not understood, with what to say, and the skill keeps listening',
    ja: { speech: 'すみません、よくわかりませんでした。「5チャンネルにして」', reprompt: /5チャンネル/ },
    request: intent('AMAZON.FallbackIntent', {}, { session: 'ongoing' }),
    expected: {
      calls: [],
      speech: "Sorry, I didn't understand that. You can say things like channel 5",
      reprompt: /channel 5/,
      shouldEndSession: false,
      check: (_ctx, response) => expect(JSON.stringify(response)).not.toMatch(/can't do that|できません/),
    },
  },
  {
    description: 'the end of a session gets an empty response',
    ja: {},
    request: sessionEnded(),
    expected: { calls: [], shouldEndSession: undefined, store: { get: 0 } },
  },
  {
    description: 'a session Alexa ended because of an error gets an empty response, and the error is logged',
    ja: {},
    request: sessionEnded({}, { type: 'INVALID_RESPONSE', message: 'the skill response was not valid' }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      logs: [/"level":"warn".*"errorType":"INVALID_RESPONSE"/],
    },
  },
  {
    description: 'an intent no handler knows gets the fallback words, keeps the session open and is no error',
    ja: { speech: 'すみません、よくわかりませんでした。', reprompt: /5チャンネル/ },
    request: intent('PlayMusicIntent'),
    expected: {
      calls: [],
      speech: "Sorry, I didn't understand that.",
      reprompt: 'Try saying channel 5 or volume up.',
      shouldEndSession: false,
      logs: [/"level":"info","message":"unknown intent".*"intent":"PlayMusicIntent"/],
      check: (_ctx, response) => expect(JSON.stringify(response)).not.toContain('something went wrong'),
    },
  },
];
