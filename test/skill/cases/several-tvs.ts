// Several TVs: the TV-name slot, the TV used last in a session, "Which TV?" and its answer, unknown
// names; one TV as before, including a record the one-TV code wrote.
import type { ResponseEnvelope } from 'ask-sdk-model';
import type { RegisteredTv } from '../../../src/store/types';
import { channelStep, powerOn, tune, volumeStep } from '../../support/device-calls';
import type { SkillCase } from '../../support/skill/case';
import { tvOn } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

const [livingRoom, bedroom] = [0, 1];
const thing = (tvs: RegisteredTv[], i: number): string => tvs[i].thingId;
const lastTv = (i: number) => (tvs: RegisteredTv[]) => ({ tv: thing(tvs, i) });
/** Asked "Which TV?" on the command's own intent: its other slots kept, the TV's to be filled. */
const elicitTv =
  (intent: string, slots: Record<string, string> = {}) =>
  (_ctx: unknown, response: ResponseEnvelope) => {
    const kept = Object.fromEntries(
      Object.entries(slots).map(([name, value]) => [name, { name, value, confirmationStatus: 'NONE' }]),
    );
    expect(response.response.directives).toEqual([
      {
        type: 'Dialog.ElicitSlot',
        slotToElicit: 'tv',
        updatedIntent: {
          name: intent,
          confirmationStatus: 'NONE',
          slots: expect.objectContaining({ ...kept, tv: { name: 'tv', confirmationStatus: 'NONE' } }),
        },
      },
    ]);
  };

export const severalTvCases: SkillCase[] = [
  {
    description:
      'two TVs: "turn on the bedroom tv" turns on the bedroom TV only, says which, and the session remembers it',
    user: 'with-two-tvs',
    request: intent('TurnOnIntent', { tv: 'bedroom' }),
    expected: {
      calls: (_tv, _s, tvs) => [powerOn(thing(tvs, bedroom))],
      speech: '<speak>Turning the bedroom TV on.</speak>',
      shouldEndSession: true,
      tvs: [{ power: 'off' }, { power: 'on' }],
      sessionAttributes: lastTv(bedroom),
      store: { get: 1 },
    },
  },
  {
    description: 'two TVs: the name may be heard in any case, with "the" and "tv" around it',
    given: [tvOn],
    user: 'with-two-tvs',
    request: intent('SetChannelIntent', { channel: '5', tv: 'the Living Room TV' }),
    expected: {
      calls: (_tv, _s, tvs) => [tune(thing(tvs, livingRoom), '5')],
      speech: 'OK, channel 5.',
      shouldEndSession: true,
      tvs: [{ channel: 5 }, { channel: 1 }],
    },
  },
  {
    description: 'two TVs and no name: the TV used last in this session',
    given: [tvOn],
    user: 'with-two-tvs',
    request: intent(
      'VolumeUpIntent',
      { count: '2', tv: undefined },
      { session: 'ongoing', attributes: lastTv(bedroom) },
    ),
    expected: {
      calls: (_tv, _s, tvs) => [volumeStep(thing(tvs, bedroom), 'up'), volumeStep(thing(tvs, bedroom), 'up')],
      speech: 'OK, volume up 2. Anything else?',
      shouldEndSession: false,
      tvs: [{ volume: 10 }, { volume: 12 }],
      sessionAttributes: lastTv(bedroom),
    },
  },
  {
    description:
      'two TVs and no name, none used yet: asks "Which TV: living room or bedroom?" by eliciting the tv slot on the same intent, the channel kept',
    user: 'with-two-tvs',
    request: intent('SetChannelIntent', { channel: '5', tv: undefined }),
    expected: {
      calls: [],
      speech: '<speak>Which TV: living room or bedroom?</speak>',
      reprompt: 'Which TV: living room or bedroom?',
      shouldEndSession: false,
      check: elicitTv('SetChannelIntent', { channel: '5' }),
    },
  },
  {
    description:
      'the answer "the bedroom" comes back as the same intent with the TV named, and completes it on the bedroom TV',
    given: [tvOn],
    user: 'with-two-tvs',
    request: intent(
      'SetChannelIntent',
      { channel: '5', tv: 'bedroom' },
      { session: 'ongoing', dialogState: 'IN_PROGRESS' },
    ),
    expected: {
      calls: (_tv, _s, tvs) => [tune(thing(tvs, bedroom), '5')],
      speech: 'OK, channel 5.',
      shouldEndSession: false,
      tvs: [{ channel: 1 }, { channel: 5 }],
      sessionAttributes: lastTv(bedroom),
    },
  },
  {
    description: 'an answer naming no TV of the user says which TVs there are and asks again, on the same intent',
    user: 'with-two-tvs',
    request: intent(
      'NextChannelIntent',
      { count: '2', tv: 'kitchen' },
      { session: 'ongoing', dialogState: 'IN_PROGRESS' },
    ),
    expected: {
      calls: [],
      speech: "<speak>I don't know a TV called kitchen. Which TV: living room or bedroom?</speak>",
      shouldEndSession: false,
      check: elicitTv('NextChannelIntent', { count: '2' }),
    },
  },
  {
    description:
      'an answer naming a place in the list read ("second one", as Alexa hears "the second one") is the TV in that place',
    given: [tvOn],
    user: 'with-two-tvs',
    request: intent(
      'SetChannelIntent',
      { channel: '5', tv: 'second one' },
      { session: 'ongoing', dialogState: 'IN_PROGRESS' },
    ),
    expected: {
      calls: (_tv, _s, tvs) => [tune(thing(tvs, bedroom), '5')],
      speech: 'OK, channel 5.',
      shouldEndSession: false,
      tvs: [{ channel: 1 }, { channel: 5 }],
      sessionAttributes: lastTv(bedroom),
    },
  },
  {
    description:
      'a place past the list\'s end ("third one" of two TVs) names no TV: says which TVs there are and asks again',
    user: 'with-two-tvs',
    request: intent(
      'SetChannelIntent',
      { channel: '5', tv: 'third one' },
      { session: 'ongoing', dialogState: 'IN_PROGRESS' },
    ),
    expected: {
      calls: [],
      speech: "<speak>I don't know a TV called third one. Which TV: living room or bedroom?</speak>",
      shouldEndSession: false,
      check: elicitTv('SetChannelIntent', { channel: '5' }),
    },
  },
  {
    description: 'a TV\'s name wins over a place: "second" is the TV called "Second TV", not the second TV',
    user: 'with-two-tvs',
    // The living room's TV also saved as "Second TV": the list is living room, bedroom, second.
    given: [tvOn, (ctx) => ctx.store.tvs.saveTv(ctx.userId, { ...ctx.tvs[livingRoom], deviceName: 'Second TV' })],
    request: intent('SetChannelIntent', { channel: '5', tv: 'second' }),
    expected: {
      calls: (_tv, _s, tvs) => [tune(thing(tvs, livingRoom), '5')],
      speech: 'OK, channel 5.',
      shouldEndSession: true,
      tvs: [{ channel: 5 }, { channel: 1 }],
    },
  },
  {
    description: 'two TVs and an unknown name in the command: says which TVs exist and asks, sending nothing',
    user: 'with-two-tvs',
    request: intent('TurnOnIntent', { tv: 'garage' }),
    expected: {
      calls: [],
      speech: "I don't know a TV called garage. Which TV: living room or bedroom?",
      reprompt: 'Which TV: living room or bedroom?',
      shouldEndSession: false,
      tvs: [{ power: 'off' }, { power: 'off' }],
      check: elicitTv('TurnOnIntent'),
    },
  },
  {
    description: 'three TVs: the question lists all three by their plain words',
    user: 'with-two-tvs',
    given: [
      (ctx) => ctx.store.tvs.saveTv(ctx.userId, { ...ctx.tvs[1], thingId: 'den-tv', deviceName: 'Den & <study> TV' }),
    ],
    request: intent('VolumeDownIntent', { tv: undefined }),
    expected: {
      calls: [],
      speech: '<speak>Which TV: living room, bedroom or den study?</speak>',
      shouldEndSession: false,
    },
  },
  {
    description: 'a heard name is escaped for SSML when it is said back',
    user: 'with-two-tvs',
    request: intent('TurnOffIntent', { tv: 'r&b <room>' }),
    expected: { calls: [], speech: "I don't know a TV called r&amp;b &lt;room&gt;.", shouldEndSession: false },
  },
  {
    description: 'a name in the command wins over the TV used last in the session',
    user: 'with-two-tvs',
    request: intent('NextChannelIntent', { tv: 'living room' }, { session: 'ongoing', attributes: lastTv(bedroom) }),
    expected: {
      calls: (_tv, _s, tvs) => [channelStep(thing(tvs, livingRoom), 'next')],
      speech: 'OK, next channel.',
      shouldEndSession: false,
      sessionAttributes: lastTv(livingRoom),
    },
  },
  {
    description: '"use the living room TV" picks it for the rest of the session',
    user: 'with-two-tvs',
    request: intent('ChooseTvIntent', { tv: 'living room' }, { session: 'ongoing' }),
    expected: {
      calls: [],
      speech: 'OK, the living room TV. What would you like to do?',
      shouldEndSession: false,
      sessionAttributes: lastTv(livingRoom),
    },
  },
  {
    description: 'one TV: a command without a name drives it as before, and the session keeps nothing',
    request: intent('TurnOnIntent', { tv: undefined }, { session: 'ongoing' }),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: false,
      sessionAttributes: () => ({}),
    },
  },
  {
    description: 'one TV: a name it does not have still means the only TV',
    given: [tvOn],
    request: intent('SetChannelIntent', { channel: '3', tv: 'bedroom' }),
    expected: { calls: (tv) => [tune(tv, '3')], speech: 'OK, channel 3.', shouldEndSession: true, tv: { channel: 3 } },
  },
  {
    description: 'a record the one-TV code wrote: its TV is driven, without a migration',
    user: 'one-tv-record',
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveTv: 0, saveSetupProgress: 0 },
    },
  },
];
