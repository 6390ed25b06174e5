// Envelopes the skill does not act on: unreadable numbers, damaged envelopes, request types it does
// not serve with words, and Alexa's CanFulfillIntentRequest. None of them sends a device call.
import type { ResponseEnvelope } from 'ask-sdk-model';
import type { SkillCase } from '../../support/skill/case';
import { canFulfill, damaged, intent, otherRequest, sessionEnded } from '../../support/skill/requests';

const ASK_CHANNEL = 'Which channel, from 1 to 12?';
const VOLUME_AGAIN = "Sorry, I didn't catch how many steps. Please say it again, for example: volume up 3.";
const CHANNELS_AGAIN = "Sorry, I didn't catch how many channels. Please say it again, for example: go up 3 channels.";
const UNREADABLE = "Sorry, I couldn't make sense of that request. Please try again.";
const VOLUME_AGAIN_JA = {
  speech: '「音量を3つ上げて」のように、もう一度言ってください。',
  reprompt: 'いくつ変えるか聞き取れませんでした',
};
const CHANNELS_AGAIN_JA = {
  speech: '「チャンネルを3つ上げて」のように、もう一度言ってください。',
  reprompt: 'いくつ動かすか聞き取れませんでした',
};

const canFulfillOf = (response: ResponseEnvelope) => response.response.canFulfillIntent;

/** Alexa's "?" (a number heard but not read), a fraction and a signed number: never a step. */
const unreadableNumbers = ['?', '3.5', '+5', 'three', ''];

export const envelopeCases: SkillCase[] = [
  ...unreadableNumbers
    .filter((v) => v !== '')
    .map((value): SkillCase => ({
      description: `volume up with the unreadable number "${value}" asks again and sends nothing`,
      ja: VOLUME_AGAIN_JA,
      request: intent('VolumeUpIntent', { count: value }),
      expected: {
        calls: [],
        speech: VOLUME_AGAIN,
        reprompt: VOLUME_AGAIN,
        shouldEndSession: false,
        tv: { volume: 10 },
      },
    })),
  ...unreadableNumbers
    .filter((v) => v !== '')
    .map((value): SkillCase => ({
      description: `next channel with the unreadable count "${value}" asks again and sends nothing`,
      ja: CHANNELS_AGAIN_JA,
      request: intent('NextChannelIntent', { count: value }),
      expected: {
        calls: [],
        speech: CHANNELS_AGAIN,
        reprompt: CHANNELS_AGAIN,
        shouldEndSession: false,
        tv: { channel: 1 },
      },
    })),
  ...['?', '3.5', '+5'].map((value): SkillCase => ({
    description: `channel "${value}" asks which channel and sends nothing`,
    ja: { speech: '何チャンネルにしますか?', reprompt: '何チャンネルにしますか?' },
    request: intent('SetChannelIntent', { channel: value }),
    expected: { calls: [], speech: ASK_CHANNEL, reprompt: ASK_CHANNEL, shouldEndSession: false, tv: { channel: 1 } },
  })),
  {
    description: 'volume down with the unreadable number "?" asks again too',
    ja: VOLUME_AGAIN_JA,
    request: intent('VolumeDownIntent', { count: '?' }),
    expected: { calls: [], speech: VOLUME_AGAIN, reprompt: VOLUME_AGAIN, shouldEndSession: false },
  },
  {
    description: 'an envelope without a request gets an empty response, logged as unreadable',
    request: damaged(intent('TurnOnIntent'), (e) => ({ ...e, request: undefined })),
    expected: {
      outcome: 'refused',
      calls: [],
      shouldEndSession: undefined,
      logs: [/"message":"unreadable request".*"damage":"no request"/],
      store: { get: 0 },
    },
  },
  {
    description: 'an IntentRequest without an intent says it could not make sense of it',
    ja: { speech: 'すみません、そのリクエストがわかりませんでした。もう一度お試しください。' },
    request: damaged(intent('TurnOnIntent'), (e) => {
      delete (e.request as Record<string, unknown>).intent;
      return e;
    }),
    expected: { outcome: 'refused', calls: [], speech: UNREADABLE, shouldEndSession: true, store: { get: 0 } },
  },
  {
    description: 'an IntentRequest without a user says it could not make sense of it',
    ja: { speech: 'すみません、そのリクエストがわかりませんでした。' },
    request: damaged(intent('TurnOnIntent'), (e) => ({ ...e, context: { System: {} } })),
    expected: { outcome: 'refused', calls: [], speech: UNREADABLE, shouldEndSession: true, store: { get: 0 } },
  },
  {
    description: 'a request whose type is a number gets an empty response',
    request: damaged(intent('TurnOnIntent'), (e) => ({ ...e, request: { ...(e.request as object), type: 5 } })),
    expected: { outcome: 'refused', calls: [], shouldEndSession: undefined },
  },
  {
    description: 'a SessionEndedRequest is answered silently',
    request: sessionEnded(),
    expected: { calls: [], shouldEndSession: undefined },
  },
  {
    description: 'Connections.Response (a purchase or task result we never asked for) gets an empty response, no error',
    request: otherRequest('Connections.Response', { name: 'Buy', status: { code: '200', message: 'OK' }, token: 'x' }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      logs: [/"level":"info","message":"request type not served".*"Connections.Response"/],
    },
  },
  {
    description: 'a skill event (the skill was enabled) gets an empty response, no error',
    request: otherRequest('AlexaSkillEvent.SkillEnabled', { eventCreationTime: new Date().toISOString() }),
    expected: { calls: [], shouldEndSession: undefined },
  },
  {
    description: 'CanFulfillIntentRequest for channel 5 from a linked user: YES, slot understood, nothing sent',
    request: canFulfill('SetChannelIntent', { channel: '5' }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      store: { get: 0 },
      check: (_ctx, response) =>
        expect(canFulfillOf(response)).toEqual({
          canFulfill: 'YES',
          slots: { channel: { canUnderstand: 'YES', canFulfill: 'YES' } },
        }),
    },
  },
  {
    description: 'CanFulfillIntentRequest naming the TV (volume up 2 on the bedroom TV): YES, both slots understood',
    request: canFulfill('VolumeUpIntent', { count: '2', tv: 'bedroom' }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      check: (_ctx, response) =>
        expect(canFulfillOf(response)).toEqual({
          canFulfill: 'YES',
          slots: {
            count: { canUnderstand: 'YES', canFulfill: 'YES' },
            tv: { canUnderstand: 'YES', canFulfill: 'YES' },
          },
        }),
    },
  },
  {
    description: 'CanFulfillIntentRequest for channel 40: NO (no such one-touch button)',
    request: canFulfill('SetChannelIntent', { channel: '40' }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      check: (_ctx, response) => expect(canFulfillOf(response)?.canFulfill).toBe('NO'),
    },
  },
  {
    description: 'CanFulfillIntentRequest without a linked account: MAYBE (it would end in a link card)',
    request: canFulfill('VolumeUpIntent', { count: '3' }, { withToken: false }),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      check: (_ctx, response) => expect(canFulfillOf(response)?.canFulfill).toBe('MAYBE'),
    },
  },
  {
    description: 'CanFulfillIntentRequest for an intent we do not serve: NO',
    request: canFulfill('PlayMusicIntent'),
    expected: {
      calls: [],
      shouldEndSession: undefined,
      check: (_ctx, response) => expect(canFulfillOf(response)).toEqual({ canFulfill: 'NO' }),
    },
  },
];
