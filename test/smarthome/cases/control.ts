// TurnOn/TurnOff, ChangeChannel/SkipChannels, Speaker AdjustVolume/SetVolume/SetMute: one IR step per
// device-cloud call, a run done whole or refused before its first press.
import { channelStep, powerOff, powerOn, times, tune, volumeStep } from '../../support/device-calls';
import type { SmartHomeCase } from '../../support/smarthome/case';
import { MAX_STEPS } from '../../../src/tv/control';
import {
  adjustVolume,
  changeChannel,
  setMute,
  setVolume,
  skipChannels,
  stepSpeakerAdjust,
  turnOff,
  turnOn,
} from '../../support/smarthome/directives';
import { tvOn, tvOnChannel } from '../../support/smarthome/given';

const RESPONSE = { namespace: 'Alexa', name: 'Response', payloadVersion: '3' };
const error = (type: string, extra: Record<string, unknown> = {}) => ({
  event: { header: { namespace: 'Alexa', name: 'ErrorResponse' }, payload: { type, ...extra } },
});
/** Every Response reports the TV reachable: the device cloud took the command. */
const REACHABLE = {
  namespace: 'Alexa.EndpointHealth',
  name: 'connectivity',
  value: { value: 'OK' },
  uncertaintyInMilliseconds: 0,
};
const power = (value: 'ON' | 'OFF') => ({
  context: {
    properties: [
      { namespace: 'Alexa.PowerController', name: 'powerState', value, uncertaintyInMilliseconds: 0 },
      REACHABLE,
    ],
  },
});

export const controlCases: SmartHomeCase[] = [
  {
    description: 'TurnOn powers the TV on with one call and reports powerState ON',
    directive: turnOn(),
    expected: {
      response: { event: { header: RESPONSE, payload: {} }, ...power('ON') },
      calls: (tv) => [powerOn(tv)],
      tv: { power: 'on' },
    },
  },
  {
    description: 'TurnOn for a TV that is already on is a success',
    given: [tvOn],
    directive: turnOn(),
    expected: {
      response: { event: { header: RESPONSE }, ...power('ON') },
      calls: (tv) => [powerOn(tv)],
      tv: { power: 'on' },
    },
  },
  {
    description: 'TurnOff powers the TV off and reports powerState OFF',
    given: [tvOn],
    directive: turnOff(),
    expected: {
      response: { event: { header: RESPONSE }, ...power('OFF') },
      calls: (tv) => [powerOff(tv)],
      tv: { power: 'off' },
    },
  },
  {
    description: 'TurnOff for a TV that is already off is a success',
    directive: turnOff(),
    expected: {
      response: { event: { header: RESPONSE }, ...power('OFF') },
      calls: (tv) => [powerOff(tv)],
      tv: { power: 'off' },
    },
  },
  {
    description: 'ChangeChannel to number 5 tunes the one-touch button 5 and reports the channel',
    given: [tvOn],
    directive: changeChannel({ number: '5' }),
    expected: {
      response: {
        event: { header: RESPONSE },
        context: {
          properties: [{ namespace: 'Alexa.ChannelController', name: 'channel', value: { number: '5' } }, REACHABLE],
        },
      },
      calls: (tv) => [tune(tv, '5')],
      tv: { channel: 5 },
    },
  },
  {
    description: 'ChangeChannel with a number and a call sign uses the number',
    given: [tvOn],
    directive: changeChannel({ number: '12', callSign: 'KSTATION1' }, { name: 'Alternate Channel Name' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '12')], tv: { channel: 12 } },
  },
  {
    description: 'ChangeChannel to 13 answers VALUE_OUT_OF_RANGE with the valid range and sends nothing',
    directive: changeChannel({ number: '13' }),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: 12 } }),
      calls: [],
      tv: { channel: 1 },
    },
  },
  {
    description: 'ChangeChannel to 0 answers VALUE_OUT_OF_RANGE and sends nothing',
    directive: changeChannel({ number: '0' }),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: 12 } }),
      calls: [],
    },
  },
  {
    description: 'ChangeChannel to a sub-channel like "5.1" answers INVALID_VALUE and sends nothing',
    directive: changeChannel({ number: '5.1' }),
    expected: { outcome: 'refused', response: error('INVALID_VALUE'), calls: [] },
  },
  {
    description:
      'ChangeChannel by channel metadata name ("フジテレビ") tunes the button of the area chosen at setup, from the cookie alone',
    given: [tvOn],
    channelNames: { area: 'tokyo' },
    directive: changeChannel({}, { name: 'フジテレビ' }),
    expected: {
      response: {
        event: { header: RESPONSE },
        context: {
          properties: [{ namespace: 'Alexa.ChannelController', name: 'channel', value: { number: '8' } }, REACHABLE],
        },
      },
      calls: (tv) => [tune(tv, '8')],
      tv: { channel: 8 },
    },
  },
  {
    description: 'ChangeChannel by call sign "NHK" in Osaka tunes NHK総合 on button 1',
    channelNames: { area: 'osaka' },
    given: [tvOnChannel(4)],
    directive: changeChannel({ callSign: 'NHK' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '1')], tv: { channel: 1 } },
  },
  {
    description: 'ChangeChannel by affiliate call sign "CX" in Tokyo tunes フジテレビ on button 8',
    given: [tvOn],
    channelNames: { area: 'kanto' },
    directive: changeChannel({ affiliateCallSign: 'CX' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '8')], tv: { channel: 8 } },
  },
  {
    description: "ChangeChannel by a name of the user's own map tunes its button",
    given: [tvOn],
    channelNames: { channels: { 'BBC One': 1, 'Movie box': 12 } },
    directive: changeChannel({}, { name: 'movie box' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '12')], tv: { channel: 12 } },
  },
  {
    description:
      'ChangeChannel by a name no station has answers INVALID_VALUE listing the known names, and sends nothing',
    channelNames: { area: 'osaka' },
    directive: changeChannel({}, { name: 'Movie box' }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', {
        message: expect.stringMatching(/no channel named "Movie box"; known: NHK総合, NHK Eテレ, MBS毎日放送/),
      }),
      calls: [],
    },
  },
  {
    description:
      "ChangeChannel by another prefecture's station (TOKYO MX in Osaka) answers INVALID_VALUE saying whose it is, and sends nothing",
    channelNames: { area: 'osaka' },
    directive: changeChannel({ callSign: 'TOKYO MX' }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', {
        message:
          'channel "TOKYO MX" is not broadcast in 大阪府: TOKYO MX is a station of 東京都; the channel was not changed',
      }),
      calls: [],
    },
  },
  {
    description: 'ChangeChannel by "NHK" in Sapporo tunes NHK総合 on button 3, and "HBC" button 1',
    given: [tvOn],
    channelNames: { area: '060-0001' },
    directive: changeChannel({ callSign: 'NHK' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '3')], tv: { channel: 3 } },
  },
  {
    description: 'ChangeChannel by "tvk" in Kanagawa tunes button 3, from the cookie alone',
    given: [tvOn],
    channelNames: { area: 'kanagawa' },
    directive: changeChannel({ callSign: 'tvk' }),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [tune(tv, '3')], tv: { channel: 3 } },
  },
  {
    description: 'ChangeChannel by name for a TV set up without channel names says how to name them, and sends nothing',
    directive: changeChannel({ callSign: 'NHK' }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', {
        message: expect.stringMatching(/"NHK" is a name.*setup with an area or channels.*1 to 12/),
      }),
      calls: [],
    },
  },
  {
    description: 'ChangeChannel naming no channel at all answers INVALID_VALUE',
    directive: changeChannel({}),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', { message: 'the directive names no channel' }),
      calls: [],
    },
  },
  {
    description: 'SkipChannels +3 sends three next-channel steps',
    given: [tvOn, tvOnChannel(4)],
    directive: skipChannels(3),
    expected: {
      response: { event: { header: RESPONSE, payload: {} } },
      calls: (tv) => times(3, channelStep(tv, 'next')),
      tv: { channel: 7 },
    },
  },
  {
    description: 'SkipChannels -2 sends two previous-channel steps',
    given: [tvOn, tvOnChannel(4)],
    directive: skipChannels(-2),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(2, channelStep(tv, 'previous')),
      tv: { channel: 2 },
    },
  },
  {
    description: `SkipChannels -${MAX_STEPS + 1} is more than one command sends: VALUE_OUT_OF_RANGE with the count allowed (1 to ${MAX_STEPS}, never negative), nothing pressed`,
    directive: skipChannels(-(MAX_STEPS + 1)),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: MAX_STEPS } }),
      calls: [],
      tv: { channel: 1 },
    },
  },
  {
    description: `SkipChannels 50 ("channel up 50 on the tv") is refused with the count allowed, 1 to ${MAX_STEPS}, which Alexa says as the limit`,
    directive: skipChannels(50),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: MAX_STEPS } }),
      calls: [],
      tv: { channel: 1 },
    },
  },
  {
    description: 'SkipChannels 0 answers INVALID_VALUE and sends nothing',
    directive: skipChannels(0),
    expected: { outcome: 'refused', response: error('INVALID_VALUE'), calls: [] },
  },
  {
    description: 'SkipChannels with a count that is not a number answers INVALID_VALUE',
    directive: skipChannels('three'),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', { message: 'channelCount must be a whole number' }),
      calls: [],
    },
  },
  {
    description:
      'Speaker AdjustVolume with no amount said ("turn up the volume", volumeDefault) sends ONE step, and no volume in the context, only the TV reachable',
    given: [tvOn],
    directive: adjustVolume(10, true),
    expected: {
      response: { event: { header: RESPONSE }, context: { properties: [REACHABLE] } },
      calls: (tv) => [volumeStep(tv, 'up')],
      tv: { volume: 11 },
    },
  },
  {
    description:
      'Speaker AdjustVolume with no amount said, on a TV set up with volumeStep 3, sends its three presses (read from the cookie, no table read)',
    given: [tvOn],
    volumeStep: 3,
    directive: adjustVolume(10, true),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(3, volumeStep(tv, 'up')),
      tv: { volume: 13 },
    },
  },
  {
    description: "a number said wins over the TV's volumeStep",
    given: [tvOn],
    volumeStep: 3,
    directive: adjustVolume(-2, false),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(2, volumeStep(tv, 'down')),
      tv: { volume: 8 },
    },
  },
  {
    description: 'Speaker AdjustVolume down with no amount said sends one step down',
    given: [tvOn],
    directive: adjustVolume(-10, true),
    expected: { response: { event: { header: RESPONSE } }, calls: (tv) => [volumeStep(tv, 'down')], tv: { volume: 9 } },
  },
  {
    description: 'Speaker AdjustVolume +3 (「テレビの音量を3つ上げて」) sends three steps up',
    given: [tvOn],
    directive: adjustVolume(3, false),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(3, volumeStep(tv, 'up')),
      tv: { volume: 13 },
    },
  },
  {
    description:
      'Speaker AdjustVolume -20 (Amazon\'s sample, "turn the volume down on the stereo by twenty") sends twenty steps down',
    given: [tvOn],
    directive: adjustVolume(-20),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(20, volumeStep(tv, 'down')),
      tv: { volume: 0 },
    },
  },
  {
    description:
      'Speaker AdjustVolume +40 ("volume up 40") is refused with VALUE_OUT_OF_RANGE before any press, not done in part',
    directive: adjustVolume(40, false),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: MAX_STEPS } }),
      calls: [],
      tv: { volume: 10 },
    },
  },
  {
    description:
      'Speaker AdjustVolume -40 (「テレビの音量を40下げて」) is refused with the count allowed, 1 to the limit, not a negative range',
    directive: adjustVolume(-40, false),
    expected: {
      outcome: 'refused',
      response: error('VALUE_OUT_OF_RANGE', { validRange: { minimumValue: 1, maximumValue: MAX_STEPS } }),
      calls: [],
      tv: { volume: 10 },
    },
  },
  {
    description: 'Speaker AdjustVolume with a volume outside -100..100 answers INVALID_VALUE',
    directive: adjustVolume(150, false),
    expected: {
      outcome: 'refused',
      response: error('INVALID_VALUE', { message: 'volume must be from -100 to 100' }),
      calls: [],
    },
  },
  {
    description: 'StepSpeaker AdjustVolume (a TV discovered before Speaker) still sends its steps',
    given: [tvOn],
    directive: stepSpeakerAdjust(-3, false),
    expected: {
      response: { event: { header: RESPONSE } },
      calls: (tv) => times(3, volumeStep(tv, 'down')),
      tv: { volume: 7 },
    },
  },
  {
    description:
      'Speaker SetVolume 50 (an absolute level an IR remote cannot know) answers INVALID_DIRECTIVE, no guessed presses',
    directive: setVolume(50),
    expected: { outcome: 'refused', response: error('INVALID_DIRECTIVE'), calls: [], tv: { volume: 10 } },
  },
  {
    description: 'AdjustVolume 0 answers INVALID_VALUE and sends nothing',
    directive: adjustVolume(0, false),
    expected: { outcome: 'refused', response: error('INVALID_VALUE'), calls: [] },
  },
  {
    description: 'Speaker SetMute answers INVALID_DIRECTIVE (the device cloud has no mute key) and sends nothing',
    directive: setMute(true),
    expected: { outcome: 'refused', response: error('INVALID_DIRECTIVE'), calls: [] },
  },
];
