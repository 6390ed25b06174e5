import { powerOff, powerOn } from '../../support/device-calls';
import type { SkillCase } from '../../support/skill/case';
import { tvOn } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

export const powerCases: SkillCase[] = [
  {
    description: 'turning the TV on sends power-on, confirms and ends a one-shot request',
    ja: { speech: '<speak>テレビをつけます。</speak>' },
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: '<speak>Turning the TV on.</speak>',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveAccessToken: 0 },
    },
  },
  {
    description: 'turning on a TV that is already on says so instead of reporting a failure',
    ja: { speech: 'テレビはもうついています。' },
    given: [tvOn],
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'The TV is already on.',
      shouldEndSession: true,
      tv: { power: 'on' },
    },
  },
  {
    description: 'turning the TV off sends power-off with the thingId in the query',
    ja: { speech: 'テレビを消します。' },
    given: [tvOn],
    request: intent('TurnOffIntent'),
    expected: {
      calls: (tv) => [powerOff(tv)],
      speech: 'Turning the TV off.',
      shouldEndSession: true,
      tv: { power: 'off' },
    },
  },
  {
    description: 'turning off a TV that is already off says so',
    ja: { speech: 'テレビはもう消えています。' },
    request: intent('TurnOffIntent'),
    expected: {
      calls: (tv) => [powerOff(tv)],
      speech: 'The TV is already off.',
      shouldEndSession: true,
      tv: { power: 'off' },
    },
  },
  {
    description: 'a command inside an open session keeps it open and asks for more',
    ja: { speech: '<speak>テレビをつけます。ほかに何かありますか?</speak>', reprompt: 'ほかに何かありますか?' },
    request: intent('TurnOnIntent', {}, { session: 'ongoing' }),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: '<speak>Turning the TV on. Anything else?</speak>',
      reprompt: 'Anything else?',
      shouldEndSession: false,
      tv: { power: 'on' },
    },
  },
];
