// Every class of device-cloud failure, provoked in the emulator, and the words the user hears.
import { powerOn, tune, volumeStep } from '../../support/device-calls';
import type { SkillCase } from '../../support/skill/case';
import { fault, gatewayOffline } from '../../support/skill/given';
import { UNREADABLE_200 } from '../../support/cases/scene';
import { intent } from '../../support/skill/requests';

const POWER = { method: 'PUT', path: '/device/v2/tv/' } as const;
const CHANNEL = { method: 'PUT', path: '/device/v2/tv/channel/' } as const;

const OFFLINE = "I can't reach your home gateway or remote right now. Check that it's plugged in and online.";
const UNAVAILABLE = "The TV remote service isn't available right now. Please try again later.";
const OFFLINE_JA = 'ご自宅のゲートウェイかリモコンにつながりません。電源とネットワークを確認してください。';
const UNAVAILABLE_JA = 'テレビリモコンのサービスは今使えません。しばらくしてからもう一度お試しください。';

export const failureCases: SkillCase[] = [
  {
    description: 'HTTP 401 from the device cloud asks the user to relink, with a LinkAccount card',
    ja: {
      speech: 'テレビリモコンのアカウントをもう一度リンクする必要があります。Alexaアプリでリンクし直してください。',
    },
    given: [fault({ ...POWER, status: 401 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'unauthorized',
      calls: (tv) => [powerOn(tv)],
      speech: 'Your TV remote account needs to be linked again. Please relink it in the Alexa app',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
      tv: { power: 'off' },
      logs: [/"message":"device cloud call failed".*"kind":"unauthorized".*"endpoint":"PUT \/device\/v2\/tv\/"/],
    },
  },
  {
    description: 'engine result 300 (gateway unreachable) says to check the gateway',
    ja: { speech: OFFLINE_JA },
    given: [fault({ ...POWER, result: 300 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'offline',
      calls: (tv) => [powerOn(tv)],
      speech: OFFLINE,
      shouldEndSession: true,
      tv: { power: 'off' },
    },
  },
  {
    description: 'Device Connect errorCode 7 (device timeout) says to check the gateway',
    ja: { speech: OFFLINE_JA },
    given: [fault({ ...CHANNEL, errorCode: 7 })],
    request: intent('SetChannelIntent', { channel: '3' }),
    expected: {
      outcome: 'offline',
      calls: (tv) => [tune(tv, '3')],
      speech: OFFLINE,
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description: 'a gateway that is really offline says to check the gateway',
    ja: { speech: OFFLINE_JA },
    given: [gatewayOffline],
    request: intent('VolumeUpIntent', { count: '2' }),
    expected: {
      outcome: 'offline',
      calls: (tv) => [volumeStep(tv, 'up')],
      speech: OFFLINE,
      shouldEndSession: true,
      tv: { volume: 10 },
    },
  },
  {
    description: 'no answer within the call timeout says the service did not answer in time',
    ja: { speech: 'テレビから時間内に確認が取れませんでした。少しして変わるかもしれません。' },
    skill: { timeoutMs: 150 },
    given: [fault({ ...POWER, latencyMs: 600 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'timeout',
      calls: (tv) => [powerOn(tv)],
      speech: "The TV didn't confirm in time; it may still change in a moment.",
      shouldEndSession: true,
    },
  },
  {
    description: 'when the answer is due while a call is still out, the words do not claim it failed',
    ja: { speech: '時間がかかっています。テレビが変わっていなければ、少ししてからもう一度お試しください。' },
    // A budget of 0 puts the answer due at the safety margin (500 ms), long before the cloud answers.
    skill: { budgetMs: 0, timeoutMs: 3000 },
    given: [fault({ ...POWER, latencyMs: 1500 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'deadline',
      calls: (tv) => [powerOn(tv)],
      speech: "That's taking longer than it should. If the TV hasn't changed, please try again in a moment.",
      shouldEndSession: true,
      logs: [/"message":"answered before the work ended"/],
    },
  },
  {
    description: 'HTTP 503 says the service is not available',
    ja: { speech: UNAVAILABLE_JA },
    given: [fault({ ...POWER, status: 503 })],
    request: intent('TurnOnIntent'),
    expected: { outcome: 'unavailable', calls: (tv) => [powerOn(tv)], speech: UNAVAILABLE, shouldEndSession: true },
  },
  {
    description: 'HTTP 429 (too many requests) says the service is not available right now',
    ja: { speech: UNAVAILABLE_JA },
    given: [fault({ ...POWER, status: 429, retryAfterSeconds: 30 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'unavailable',
      calls: (tv) => [powerOn(tv)],
      speech: UNAVAILABLE,
      shouldEndSession: true,
      tv: { power: 'off' },
    },
  },
  {
    description: 'a rotated-away (expired) token asks the user to relink',
    ja: { speech: 'テレビリモコンのアカウントをもう一度リンクする必要があります。' },
    given: [(ctx) => ctx.emulator.rotateToken(ctx.token, `${ctx.token}-rotated`)],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'unauthorized',
      calls: (tv) => [powerOn(tv)],
      speech: 'Your TV remote account needs to be linked again.',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
      tv: { power: 'off' },
    },
  },
  {
    description: 'a dropped connection says the service is not available',
    ja: { speech: UNAVAILABLE_JA },
    given: [fault({ ...POWER, drop: true })],
    request: intent('TurnOnIntent'),
    expected: { outcome: 'unavailable', calls: (tv) => [powerOn(tv)], speech: UNAVAILABLE, shouldEndSession: true },
  },
  // The smart-home door answers the same bodies BRIDGE_UNREACHABLE (test/smarthome/cases/failures.ts).
  ...UNREADABLE_200.map(([what, rawBody]): SkillCase => ({
    description: `a 200 whose body is ${what} says the service is not available`,
    ja: { speech: UNAVAILABLE_JA },
    given: [fault({ ...POWER, status: 200, rawBody })],
    request: intent('TurnOnIntent'),
    expected: { outcome: 'malformed', calls: (tv) => [powerOn(tv)], speech: UNAVAILABLE, shouldEndSession: true },
  })),
  {
    description: 'errorCode 10 (invalid parameter) says the remote may not have learned the button',
    ja: { speech: 'リモコンがその操作を送れませんでした。そのボタンをまだ学習していないかもしれません。' },
    given: [fault({ ...CHANNEL, errorCode: 10 })],
    request: intent('SetChannelIntent', { channel: '4' }),
    expected: {
      outcome: 'invalid_parameter',
      calls: (tv) => [tune(tv, '4')],
      speech: "The remote couldn't send that command. It may not have learned that button yet.",
      shouldEndSession: true,
    },
  },
  {
    description: 'errorCode 6 (device not found) says to run the setup again',
    ja: { speech: 'テレビが見つかりません。セットアップをもう一度実行してください。' },
    given: [fault({ ...POWER, errorCode: 6 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'not_found',
      calls: (tv) => [powerOn(tv)],
      speech: "I can't find your TV anymore. Run the setup again.",
      shouldEndSession: true,
    },
  },
  {
    description: 'HTTP 403 with result 403 (no permission) says the account may not control the TV',
    ja: { speech: 'このアカウントではそのテレビを操作できません。' },
    given: [fault({ ...POWER, status: 403, result: 403 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'forbidden',
      calls: (tv) => [powerOn(tv)],
      speech: "Your account isn't allowed to control that TV.",
      shouldEndSession: true,
    },
  },
  {
    description: 'an unknown non-zero result is a polite generic failure',
    ja: { speech: 'すみません、今はその操作ができませんでした。もう一度お試しください。' },
    given: [fault({ ...POWER, status: 400, result: 999 })],
    request: intent('TurnOnIntent'),
    expected: {
      outcome: 'rejected',
      calls: (tv) => [powerOn(tv)],
      speech: "Sorry, the TV remote couldn't do that right now.",
      shouldEndSession: true,
    },
  },
  {
    description: 'a failure inside an open session keeps the session open',
    ja: { speech: `${OFFLINE_JA}ほかに何かありますか?`, reprompt: 'ほかに何かありますか?' },
    given: [fault({ ...POWER, result: 300 })],
    request: intent('TurnOnIntent', {}, { session: 'ongoing' }),
    expected: {
      outcome: 'offline',
      calls: (tv) => [powerOn(tv)],
      speech: `${OFFLINE} Anything else?`,
      reprompt: 'Anything else?',
      shouldEndSession: false,
    },
  },
];
