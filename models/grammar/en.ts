// How English speakers ask for each request, as core sentences (syntax: ./expand.ts) whose markers
// place the axes of variation (./axes.ts): the TV named or not and where ("turn the bedroom tv on",
// "turn the tv on in the bedroom", "... on the kitchen tv"), the spoken count with its unit ("by two",
// "two clicks"), the degree ("a bit"), and lead-ins and closings around every core ("can you ...",
// "... please"). Verbs and nouns are crossed (raise, increase, boost × volume, sound, audio). Numbers are
// slots, never written: Alexa hands the skill digits. "telly" is said in en-GB and en-AU only
// (`englishGrammar`).
import type { Forms, GrammarIntent, IntentGrammar, LanguageGrammar } from './axes';

const NO_COUNT = 'nothing in the request is counted';
/** A core that starts with a verb: the lead-ins "can you", "i want to" need one ("can you volume up" is no English). */
const VERB_FIRST = /^\(?(?:turn|switch|power|put|start|wake|go|move|skip|flip|change|tune|watch|raise|increase|boost|lower|decrease|reduce|make|use|control|add|set|connect|help|look|find|forget|remove|delete|give|say|pick|choose|get|shut|bring|fire|kill|crank|bump|stick|pop|back|on|off)\b/;
const NO_DEGREE = 'a switch, a channel or a TV has no degree';

/**
 * The language's axes. Lead-ins beyond "can you" and "could you": "kindly" and "do one thing" open a
 * request in Indian English (Cambridge Dictionary, "kindly": "used in formal requests"; "do one thing"
 * as a lead-in to a request, listed among Indian English expressions by the Oxford English Dictionary's
 * "Indian English" release notes, 2017). Amazon's "Design the Custom Intents for Your Skill" asks for
 * such prefixes and suffixes ("like 'please', 'can you', and 'tell me'").
 */
function language(): LanguageGrammar {
  return {
    forms: {
      'lead-in': { full: ['', 'can you|please|could you|kindly', 'do one thing'], rare: "would you|will you|i want to|i'd like to|let's|i need you to|go ahead and|just|could you please|can you please" },
      closing: { full: ['', 'please'], rare: `for me|now|thanks|from now on|right now` },
      '<tv>': { full: ['the tv|it', 'the {tv} tv|the tv in the {tv}', 'the television|my tv|the {tv} television'], rare: 'this tv' },
      '<the-tv>': { full: ['the tv', 'the {tv} tv|the tv in the {tv}', 'the television|my tv|the {tv} television|the tv in {tv}'], rare: 'this tv' },
      '<on-tv>': { full: ['', 'on the tv|on the {tv} tv|in the {tv}|of the {tv} tv', 'in the {tv} tv|of the tv'], rare: 'on the television|on the tv in the {tv}|on my tv' },
      '<of-tv>': { full: ['', 'tv|{tv} tv'], rare: 'television' },
      '<count>': { full: ['{count}|by {count}', '{count} <unit>'], rare: 'by {count} <unit>' },
      '<degree>': { full: ['', 'a bit|a little'], rare: 'a little bit|a lot|slightly|a touch' },
      '<amount>': { full: ['', 'a bit|a little|{count}|by {count}', '{count} <unit>'], rare: 'a little bit|a lot|slightly|by {count} <unit>' },
    },
    absent: {
      'casual ending': 'English marks no casual ending on the verb; its tags ("for me", "now") are closings',
      'particle drop': 'English has no particles to drop',
    },
    join: (lead, core, close) => `${lead} ${core} ${close}`,
    // No "please ... please"; a lead-in that asks for a verb ("can you", "let's") only before one.
    refuse: (lead, core, close) => (lead === 'please' && close === 'please') || (lead !== '' && lead !== 'please' && !VERB_FIRST.test(core)),
    budget: 900,
  };
}

const power = (state: 'on' | 'off', verbs: string, more: string[], reasons?: string): IntentGrammar => ({
  cores: [
    `${verbs} ${state} <the-tv>`,
    `${verbs} <tv> ${state}`,
    `${verbs} (the tv|the television|it) ${state} in the {tv}`,
    `(|the) tv ${state}`, `the {tv} tv ${state}`,
  ],
  more: [`(turn|switch) ${state}`, `${verbs} ${state} the {tv} television`, ...more],
  rare: [`${verbs} (the television|it) ${state} on the {tv} tv`],
  ...(reasons ? { reasons } : {}),
  budget: 840,
  without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
});

/** One step through the channels: the direction words and the word for the next one. */
const steps = (ahead: Forms, button: string, word: string, more: string[]): IntentGrammar => ({
  cores: [
    '<go> <ahead> (a channel|{count} channel|{count} channels) <on-tv>',
    `(the|) ${word} channel <on-tv>`,
    `channel ${button} (|<count>) <on-tv>`,
    `(go|switch|change|flip|move|skip) to the ${word} channel <on-tv>`,
  ],
  more: ['{count} channels <ahead>', '<go> {count} channels <ahead> <on-tv>', `(go|switch|change) to ${word} channel <on-tv>`, ...more],
  rare: [`(put|turn) <the-tv> to the ${word} channel`],
  words: { '<go>': { full: ['go|skip|flip', 'move'] }, '<ahead>': ahead },
  unit: 'channels',
  budget: 885,
  without: { degree: 'a channel step is counted, not graded' },
});

/** Louder or quieter: `raise` the verbs that go with the nouns of the sound, and the comparative. */
const volume = (up: 'up' | 'down', raise: Forms, louder: string, wishes: string[], reasons: string): IntentGrammar => ({
  cores: [
    `turn (${up} <vol>|<vol> ${up}) <degree> <on-tv>`,
    `turn (${up} <vol>|<vol> ${up}) <count> <on-tv>`,
    `turn <tv> ${up} <amount>`,
    `<raise> <vol> <degree> <on-tv>`,
    `<raise> <vol> <count> <on-tv>`,
    `make <tv> <degree> ${louder}`,
    `make <tv> ${louder} by {count}`,
    `volume ${up} (|<count>) <on-tv>`,
  ],
  more: [`turn ${up} <the-tv> <degree>`, `<raise> the <of-tv> volume`],
  rare: [`turn (the volume|the sound|it) ${up} (a bit|a little|by {count} (steps|clicks|notches))`],
  words: { '<raise>': raise, '<vol>': { full: ['the volume|the sound', 'the audio|volume'] } },
  wishes: [...wishes, `(|{count} steps|{count} clicks) ${louder} (|please)`],
  reasons,
  unit: '(steps|clicks|notches)',
  budget: 1450,
});

const TOO = '(too|way too|a bit|really|so)';

/**
 * "telly" in en-GB and en-AU: each intent's first sentence naming the set is said with it too, in step,
 * on top of the intent's budget, so the other samples are those of the other locales.
 */
function withTelly(intent: IntentGrammar): IntentGrammar {
  const core = [...intent.cores, ...(intent.more ?? [])].find((c) => /<(?:the-)?tv>/.test(c) && !/\|<(?:the-)?tv>\)/.test(c));
  const line = core?.replace(/<(?:the-)?tv>/g, '(the telly|the {tv} telly)');
  // Sentences that write the TV out ("set up the {tv} tv", "i want to control the {tv} tv") say it as the telly too.
  const telly = (text: string) => text.replaceAll('the {tv} tv', 'the {tv} telly');
  const written = [...intent.cores, ...(intent.more ?? [])].filter((c) => c.includes('the {tv} tv'));
  const wishes = (intent.wishes ?? []).filter((w) => w.includes('the {tv} tv'));
  return { ...intent, extra: [...(line === undefined ? [] : [line]), ...written.map(telly)], ...(intent.wishes && { wishes: [...intent.wishes, ...wishes.map(telly)] }) };
}

/**
 * Indian English (en-IN only), on top of the English samples: the TV named without its article ("in
 * kitchen tv": Indian English omits articles where other varieties need them, D. Sharma, "Language transfer
 * and discourse universals in Indian English article use", Studies in Second Language Acquisition 27(4),
 * 2005), and "of the … tv" after the volume ("the volume of the bedroom tv"), each with the lead-ins "kindly"
 * and "do one thing" (`language()` above). Commonest first: a volume intent has room for few beyond the
 * other locales' samples.
 */
export const INDIAN_ENGLISH: Partial<Record<GrammarIntent, string[]>> = {
  VolumeUpIntent: ['(kindly|do one thing|) (increase|raise) the (volume|sound) of the {tv} tv', '(increase|raise) the (volume|sound) (of|in|on) {tv} tv'],
  VolumeDownIntent: ['(kindly|do one thing|) (reduce|decrease|lower) the (volume|sound) of the {tv} tv', '(reduce|decrease|lower) the (volume|sound) (of|in|on) {tv} tv'],
  NextChannelIntent: ['(kindly|do one thing|) go to (the|) next channel (in|on) {tv} tv', 'next channel (in|on) {tv} tv'],
  PreviousChannelIntent: ['(kindly|do one thing|) go back to (the|) previous channel (in|on) (the {tv} tv|{tv} tv)', 'previous channel (in|on) {tv} tv'],
  SetChannelIntent: ['(kindly|do one thing|) put {channelName} (in|on) (the {tv}|the {tv} tv|{tv} tv)', '(kindly|do one thing|) put channel {channel} (in|on) {tv} tv'],
  TurnOnIntent: ['(kindly|do one thing|) (switch|turn) on {tv} tv'],
  TurnOffIntent: ['(kindly|do one thing|) (switch|turn) off {tv} tv'],
};

export function englishGrammar(telly: boolean): { language: LanguageGrammar; intents: Record<GrammarIntent, IntentGrammar> } {
  const intents = englishIntents();
  return {
    language: language(),
    intents: telly ? Object.fromEntries(Object.entries(intents).map(([name, intent]) => [name, withTelly(intent)])) as typeof intents : intents,
  };
}

function englishIntents(): Record<GrammarIntent, IntentGrammar> {
  return {
    // "fire up" (Cambridge Dictionary, "fire up": "to start a machine"), "kill" (Merriam-Webster, "kill": "to
    // stop (an engine or motor)"), and Indian English's "on the tv" / "off the tv" (on and off as verbs).
    TurnOnIntent: power('on', '(turn|switch|power)', ['power up <the-tv>', '(start|wake up|fire up) <the-tv>', 'put <tv> on', 'on <the-tv>']),
    TurnOffIntent: { ...power('off', '(turn|switch|power|shut)', ['(power|shut) down <the-tv>', 'kill <the-tv>', 'off <the-tv>'], "i'm going to bed"),
      wishes: ["(turn|switch|shut) (the tv|it) off (|i'm going to bed|i'm off to bed)"] },
    SetChannelIntent: {
      cores: [
        '(switch|change|go|turn|tune|switch over) to (channel {channel}|{channelName}) <on-tv>',
        '(put on|put|watch) (channel {channel}|{channelName}) <on-tv>',
        'channel (|number) {channel} <on-tv>',
        'put (channel {channel}|{channelName}) on (|<the-tv>)', 'put (channel {channel}|{channelName}) on in the {tv}',
        '(change|switch) (the|) channel to ({channel}|channel {channel}|{channelName}) <on-tv>',
        '(turn|switch|change|tune|set) <tv> to (channel {channel}|{channelName})',
        '(change|switch) (the|) channel <on-tv>',
      ],
      // "stick" and "pop" for put, informal British (Cambridge Dictionary, "stick": "to put something somewhere, especially in a careless way"; "pop": "to go or put something somewhere quickly").
      more: ['flip to (channel {channel}|{channelName}) <on-tv>', '(put|stick|pop) <tv> on (channel {channel}|{channelName})',
        '(change|switch|go) to {channelName} channel <on-tv>', 'pop <tv> over to (channel {channel}|{channelName})'],
      rare: ['(get|find) (channel {channel}|{channelName}) on <on-tv>', 'change channels', 'tune in to {channelName}', 'set the channel to {channel}'],
      wishes: ["(i want to|i'd like to|let me|let's) watch (channel {channel}|{channelName}) (|on the tv|on the {tv} tv|in the {tv})"],
      budget: 1140,
      without: { 'spoken count': 'the channel is its own number', degree: NO_DEGREE },
    },
    NextChannelIntent: steps({ full: ['up|forward', 'ahead'] }, 'up', 'next', ['(next|skip) {count} channels <on-tv>']),
    PreviousChannelIntent: { ...steps({ full: ['down|back'] }, 'down', 'previous', ['(switch|go|change) back to the previous channel <on-tv>', 'go back <on-tv>',
      'back up (a channel|{count} channels) <on-tv>']),
      cores: [...steps({ full: ['down|back'] }, 'down', 'previous', []).cores, 'back {count} (channel|channels) <on-tv>'] },
    // "crank up" and "bump up" (Cambridge Dictionary, "crank up": "to increase the volume"; "bump up": "to increase").
    VolumeUpIntent: volume('up', { full: ['raise|increase', 'boost|crank up|bump up'] }, 'louder', [
      `(it's|the tv is|the {tv} tv is) ${TOO} quiet`, "i (can barely|can hardly|can not|can't) hear (it|the tv|the {tv} tv)",
      // A reason after the request, as people give one ("I can't hear it").
      "(turn it up|make it louder) (|a bit) i (can't|can not|can barely) hear (it|a thing|anything)",
      '(pump|crank) (up the volume|the volume up) (|a bit)', 'up the volume',
    ], "i can't hear it"),
    VolumeDownIntent: volume('down', { full: ['lower|reduce', 'decrease'] }, '(quieter|softer)', [
      `(it's|the tv is|the {tv} tv is) ${TOO} loud`, 'keep it down',
      `(it's|it is) ${TOO} loud (|so) turn (it|the volume) down (|a bit)`, 'bring (down the volume|the volume down) (|a bit)',
    ], "it's too loud"),
    ChooseTvIntent: {
      cores: ['(use|control) <the-tv>', 'switch to <the-tv>', 'use the {tv}'],
      rare: ['(pick|choose) <the-tv>', 'go to <the-tv>'],
      wishes: ["(i'd like to|i want to|let me|let's) (use|control) (the {tv} tv|the tv in the {tv}) (|from now on)"],
      budget: 300,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    SetUpTvIntent: {
      cores: [
        '(add|set up|connect) (a|another|a new) tv', '(set up|add) the {tv} tv',
        'help me (set up|add|connect) (a|another) tv', 'set up a {choice} tv',
      ],
      more: ['(look for|find|search for) my (|new) tv', '(add|set up) (my new tv|the {tv} television)'],
      wishes: ['i (have|got|bought) a new tv', "(i want to|i'd like to|let's) (add|set up|connect) (a|another|a new|one more) tv",
        "(i want to|i'd like to) set up (the {tv} tv|the tv in the {tv})"],
      budget: 345,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    ForgetTvIntent: {
      cores: ['(forget|remove|delete) <the-tv>', '(forget|remove|delete) (the {tv}|this tv)'],
      wishes: ["(i want to|i'd like to|let's) (forget|remove|delete) (the {tv} tv|the tv in the {tv}|this tv)", 'i (no longer have|got rid of) the {tv} tv'],
      budget: 255,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    AddTvIntent: {
      cores: ['(give me|say|get me) (a|my|the|a new) setup code', "(what is|what's) my setup code"],
      wishes: ['(new|i need a) setup code', '(can i have|can i get) (a|my|the) setup code (|please)', 'i need a code to (set up|add) a tv'],
      budget: 135,
      without: {
        'spoken count': NO_COUNT, degree: NO_DEGREE,
        'tv named': 'a setup code is for the household: it names no TV',
      },
    },
  };
}
