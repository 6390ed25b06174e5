// How English speakers ask for each TV command, as templates (syntax: ./expand.ts). Axes: the TV
// named or not ("the tv", "the bedroom tv", "the tv in the bedroom", "it"), said anywhere ("turn the tv
// on", "turn on the tv", "... on the bedroom tv"); verbs with their particles either side ("turn up the
// tv", "turn the tv up"); counts ("{count}", said as digits or words: Alexa hands the skill digits);
// "a bit"/"a little"; a polite opening; wishes described ("it's too quiet").
import type { GrammarIntent } from './index';
import type { Phrasings } from './expand';

const SET = '(tv|television)';
/** The TV, named or not. */
const TV = `(the ${SET}|my tv|the {tv} ${SET}|the tv in the {tv})`;
/** The TV said after the command: "... on the tv", "... on the bedroom tv", or nothing. */
const ON_TV = '(|on the tv|on the {tv} tv)';
const ASK = '(|please|can you|could you)';
/** A wish rather than a command, for what one asks to watch or use. */
const WANT = "(|please|can you|i'd like to|i want to)";
const A_BIT = '(|a bit|a little)';
/** Rarer openings and closings, said in step with the rest (./expand.ts): each once, not with every sentence. */
const OPENING = "(would you|go ahead and|i need you to)";
const CLOSING = '(|for me|now|please)';

const power = (state: 'on' | 'off', verbs: string, extra: string[]): Phrasings => ({
  full: [
    `(${ASK} ${verbs} ${state} ${TV}|${verbs} ${state} ${TV} please)`,
    `${ASK} ${verbs} ((the ${SET}|it) ${state} (|in the {tv})|the {tv} tv ${state})`,
    `${ASK} ${verbs} ${state} (|the {tv})`,
    `((|the) ${SET}|the {tv} ${SET}) ${state}`,
    ...extra,
  ],
  inStep: [`${OPENING} ${verbs} ${state} ${TV} ${CLOSING}`],
});

const CHANNEL_TO = '(switch to|switch over to|change to|go to|turn to|tune to|tune in to|put on|flip to|watch)';
const STEP_TO = '(go to|switch to|change to|flip to|skip to|move to|put on)';
/** Moving one way through the channels: the words for the direction and for the step. */
const steps = (ahead: string, word: string, extra: string[]): Phrasings => ({
  full: [
    `${ahead} {count} (channel|channels) ${ON_TV}`,
    `(${ASK} ${STEP_TO} the ${word} channel ${ON_TV}|${STEP_TO} the ${word} channel ${ON_TV} please)`,
    `(the|) ${word} channel ${ON_TV} (|please)`,
    `(go|move|skip|flip) ${ahead} (a channel|{count} channel|{count} channels) ${ON_TV}`,
    `{count} channels ${ahead} ${ON_TV}`,
    ...extra,
  ],
});

const volume = (up: 'up' | 'down', raise: string, louder: string, extra: string[]): Phrasings => ({
  full: [
    `{count} steps ${louder}`,
    `${ASK} turn (it|the ${SET}|the {tv} tv) ${up} (${A_BIT}|{count}|by {count})`,
    `${ASK} turn ${up} (the ${SET}|the {tv} ${SET}) ${A_BIT}`,
    `${ASK} turn (${up} the volume|the volume ${up}) (${A_BIT}|{count}|by {count}|{count} steps) ${ON_TV}`,
    `${ASK} turn (${up} the sound|the sound ${up}) ${A_BIT}`,
    `${up === 'up' ? '(pump|crank)' : 'bring'} (${up} the volume|the volume ${up}) ${A_BIT}`,
    `${raise} the (|tv) volume (${A_BIT}|by {count}|{count} steps) ${ON_TV}`,
    `(${raise} the {tv} tv volume|turn the (tv|{tv} tv) volume ${up})`,
    `volume ${up} (|{count}|by {count}) ${ON_TV}`,
    `${A_BIT} ${louder} (|by {count}) ${ON_TV}`,
    `${ASK} make (it|the tv|the {tv} tv) ${A_BIT} ${louder}`,
    ...extra,
  ],
  inStep: [`${OPENING} turn (the volume|the ${SET}|the {tv} ${SET}|it) ${up} ${A_BIT} ${CLOSING}`],
});

export const ENGLISH_GRAMMAR: Record<GrammarIntent, Phrasings> = {
  TurnOnIntent: power('on', '(turn|switch|power)', ['start the tv', 'wake up the tv', 'put the tv on', '{tv} tv on']),
  TurnOffIntent: power('off', '(turn|switch|power|shut)', ['shut down the tv', 'power down the tv', '{tv} tv off']),
  SetChannelIntent: {
    full: [
      `${WANT} ${CHANNEL_TO} {channelName} ${ON_TV}`,
      `channel (|number) {channel} ${ON_TV} (|please)`,
      `${WANT} ${CHANNEL_TO} channel {channel} ${ON_TV}`,
      `${ASK} (change|switch|set|turn) the channel to ({channel}|channel {channel}|{channelName}) ${ON_TV}`,
      `${ASK} ((put|turn) (it|the tv|the {tv} tv) on|(switch|change|tune|turn) (it|the tv|the {tv} tv) to) channel {channel}`,
      `${ASK} ((switch|change|tune|turn) (the tv|the {tv} tv) to|put (the tv|the {tv} tv) on) {channelName}`,
      'channel {channel} (on|in) the {tv}',
      `(put|get) ({channelName}|channel {channel}) on (|the tv|the {tv} tv)`,
      `(change|switch) (the|) channel ${ON_TV}`, 'change channels',
    ],
  },
  NextChannelIntent: steps('(up|forward|ahead)', 'next', [
    `channel up (|{count}|by {count}) ${ON_TV}`, `(next|skip) {count} channels ${ON_TV}`, 'put the next channel on (the tv|the {tv} tv)',
  ]),
  PreviousChannelIntent: steps('(down|back)', 'previous', [
    `channel down (|{count}|by {count}) ${ON_TV}`, 'back {count} channels', `(switch|go|change) back to the previous channel ${ON_TV}`, `go back ${ON_TV}`,
  ]),
  VolumeUpIntent: volume('up', '(raise|increase)', 'louder', [
    `(it's|it is|the ${SET} is|the {tv} tv is) ((|way|a bit|far) too|a bit|very|really|so) quiet`,
    `i can (not|barely|hardly) hear (it|the ${SET}|the {tv} tv)`, "i can't hear (it|the tv|the television|the {tv} tv)",
    'up the volume',
  ]),
  VolumeDownIntent: volume('down', '(lower|decrease|reduce)', '(quieter|softer)', [
    `(it's|it is|the ${SET} is|the {tv} tv is) ((|way|a bit|far) too|a bit|very|really|so) loud`, 'keep it down',
  ]),
  ChooseTvIntent: {
    full: [`(|please|i'd like to|i want to|let me) (use|control) the {tv} ${SET}`, 'use the {tv}'],
  },
  // The setup conversation's requests.
  SetUpTvIntent: {
    full: [
      `${ASK} (set up|add) the {tv} (tv|television)`, `${ASK} set up a {choice} tv`,
      `${ASK} (add|set up) (a|another|a new|my|my new) ${SET}`, `${ASK} (look for|find|search for) my (|new) tv`, 'i (have|got) a new tv',
    ],
  },
  ForgetTvIntent: {
    full: [`${ASK} (forget|remove|delete) (the {tv} tv|the {tv}|my {tv} tv)`, 'i (no longer have|got rid of) the {tv} tv'],
  },
  AddTvIntent: {
    full: [`${ASK} (give me|say) (a|my|the|a new) setup code`, '(new|i need a) setup code', 'what is my setup code'],
  },
};
