// Mute, which the IR remote cannot do: MuteIntent is answered as such for every user, nothing pressed,
// no TV looked up, no "Which TV?" and no account linking asked for what could not be done anyway.
import type { SkillCase } from '../../support/skill/case';
import { tvOn } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

const CANNOT = "The remote can't mute the TV. You can turn the volume down instead, for example: volume down 5.";
const CANNOT_JA = 'このリモコンでは消音できません。代わりに「音量を5つ下げて」のように音量を下げられます。';

export const muteCases: SkillCase[] = [
  {
    description:
      '"mute the tv" is answered as something the remote cannot do: refused, nothing pressed, the store not read',
    given: [tvOn],
    ja: { speech: `<speak>${CANNOT_JA}</speak>` },
    request: intent('MuteIntent', { tv: undefined }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: `<speak>${CANNOT}</speak>`,
      shouldEndSession: true,
      tv: { power: 'on', volume: 10 },
      store: { get: 0 },
    },
  },
  {
    description: 'two TVs and none named: the mute answer, never "Which TV?"',
    user: 'with-two-tvs',
    ja: { speech: CANNOT_JA },
    request: intent('MuteIntent', { tv: undefined }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: CANNOT,
      shouldEndSession: true,
      tvs: [{ volume: 10 }, { volume: 10 }],
      check: (_ctx, response) => expect(response.response.directives).toBeUndefined(),
    },
  },
  {
    description: 'a TV named that is none of the user\'s: still the mute answer, not "I don\'t know a TV called shed"',
    user: 'with-two-tvs',
    ja: { speech: CANNOT_JA },
    request: intent('MuteIntent', { tv: 'shed' }),
    expected: { outcome: 'refused', calls: [], speech: CANNOT, shouldEndSession: true },
  },
  {
    description: 'inside a session: the mute answer, then "Anything else?"',
    ja: { speech: CANNOT_JA },
    request: intent('MuteIntent', { tv: 'living room' }, { session: 'ongoing' }),
    expected: { outcome: 'refused', calls: [], speech: `${CANNOT} Anything else?`, shouldEndSession: false },
  },
  {
    description: 'a linked user with no TV yet: the mute answer, not the offer to set one up',
    user: 'linked-no-tv',
    ja: { speech: CANNOT_JA },
    request: intent('MuteIntent'),
    expected: { outcome: 'refused', calls: [], speech: CANNOT, shouldEndSession: true },
  },
  {
    description: 'an unlinked user: the mute answer, no LinkAccount card (linking would not make mute possible)',
    user: 'unknown',
    ja: { speech: CANNOT_JA },
    request: intent('MuteIntent', {}, { withToken: false }),
    expected: { outcome: 'refused', calls: [], speech: CANNOT, shouldEndSession: true, store: { get: 0 } },
  },
];
