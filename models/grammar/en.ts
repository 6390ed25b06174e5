// How English speakers ask for each request, as core sentences (syntax: ./expand.ts) whose markers place
// the axes of variation (./axes.ts). Numbers are slots, never written. The axes: docs/sandbox.md#grammar-en.
import type { Forms, GrammarIntent, IntentGrammar, LanguageGrammar } from './axes';
import { expand } from './expand';

const NO_COUNT = 'nothing in the request is counted';
const NO_DEGREE = 'a switch, a channel or a TV has no degree';

/** The English grammars: as said in en-US and en-CA, British (en-GB), Australian (en-AU) and Indian English (en-IN). */
export type EnglishVariety = 'en' | 'en-GB' | 'en-AU' | 'en-IN';

/**
 * The carriers each variety wraps a request in. Amazon asks for prefixes and suffixes ("like 'please',
 * 'can you', and 'tell me'", "Design the Custom Intents for Your Skill") in samples that "reflect requests
 * that users are likely to say in the target language" ("Design the Sample Utterances and Intents for Your
 * Skill"): each variety has the carriers of its own speakers. Indian English opens a request with
 * "kindly" ("kindly adjust a little" and "You do one thing" among the Indian English of Deccan Herald's
 * "Indlish all the way", 2015) and "do one thing".
 * Australians close one with "mate" ("Mate" among the terms "very commonly used in Australia", Siobhan
 * Hughes, "Australian Terms and Differences", 2011).
 */
const LEAD_IN: Forms = {
  full: ['', 'can you|please|could you'],
  rare: "would you|will you|i want to|i'd like to|let's|i need you to|go ahead and|just|could you please|can you please",
};
const CLOSING: Forms = { full: ['', 'please'], rare: 'for me|now|thanks|from now on|right now' };
const LEAD_INS: Record<EnglishVariety, Forms> = {
  en: LEAD_IN,
  'en-GB': LEAD_IN,
  'en-AU': LEAD_IN,
  'en-IN': { full: ['', `${LEAD_IN.full[1]!}|kindly`, 'do one thing'], rare: `${LEAD_IN.rare!}|kindly please` },
};
/** Every lead-in of every variety: models/checks.ts knows a carrier by them. */
export const LEAD_IN_CARRIERS: readonly string[] = [
  ...new Set(
    Object.values(LEAD_INS)
      .flatMap((f) => [...f.full, f.rare ?? ''].join('|').split('|'))
      .filter((c) => c !== ''),
  ),
];
const CLOSINGS: Record<EnglishVariety, Forms> = {
  en: CLOSING,
  'en-GB': CLOSING,
  'en-IN': CLOSING,
  'en-AU': { full: CLOSING.full, rare: `${CLOSING.rare!}|mate|thanks mate` },
};

/**
 * The verbs a request opens with, in every variety; `INDIAN_VERBS` in Indian English only: "on" and "off"
 * as verbs ("on the light", "off the fan") and "open" and "close" for switching on and off ("open the air
 * conditioner"), listed among the quirks of Indian English (santoshgs.com, "Quirks of Indian English"),
 * and "do" as a light verb ("do the volume little high", `INDIAN_ENGLISH`).
 * models/checks.ts refuses a carrier followed by anything else.
 */
export const ENGLISH_VERBS = [
  'turn',
  'switch',
  'power',
  'put',
  'start',
  'wake',
  'go',
  'move',
  'skip',
  'flip',
  'change',
  'tune',
  'watch',
  'raise',
  'increase',
  'boost',
  'lower',
  'decrease',
  'reduce',
  'make',
  'use',
  'control',
  'add',
  'set',
  'connect',
  'help',
  'look',
  'find',
  'search',
  'forget',
  'remove',
  'delete',
  'give',
  'say',
  'pick',
  'choose',
  'get',
  'shut',
  'bring',
  'fire',
  'kill',
  'crank',
  'bump',
  'stick',
  'pop',
  'back',
  'pump',
  'up',
  'keep',
  'tell',
  'show',
  'let',
  'mute',
  'silence',
] as const;
export const INDIAN_VERBS = ['on', 'off', 'open', 'close', 'do'] as const;

/** A verb opens the request: the carriers "can you", "please", "i want to" need one ("can you the tv on" is no English). */
const verbFirst = (variety: EnglishVariety): RegExp =>
  new RegExp(`^\\(?(?:${[...ENGLISH_VERBS, ...(variety === 'en-IN' ? INDIAN_VERBS : [])].join('|')})\\b`);

/** The language's axes in the variety. */
function language(variety: EnglishVariety): LanguageGrammar {
  const VERB_FIRST = verbFirst(variety);
  return {
    forms: {
      'lead-in': LEAD_INS[variety],
      closing: CLOSINGS[variety],
      '<tv>': {
        full: ['the tv|it', 'the {tv} tv|the tv in the {tv}', 'the television|my tv|the {tv} television'],
        rare: 'this tv',
      },
      '<the-tv>': {
        full: ['the tv', 'the {tv} tv|the tv in the {tv}', 'the television|my tv|the {tv} television|the tv in {tv}'],
        rare: 'this tv',
      },
      '<on-tv>': {
        full: ['', 'on the tv|on the {tv} tv|in the {tv}|of the {tv} tv', 'in the {tv} tv|of the tv'],
        rare: 'on the television|on the tv in the {tv}|on my tv',
      },
      '<of-tv>': { full: ['', 'tv|{tv} tv'], rare: 'television' },
      '<count>': { full: ['{count}|by {count}', '{count} <unit>|{count} times'], rare: 'by {count} <unit>' },
      '<degree>': { full: ['', 'a bit|a little|a notch'], rare: 'a little bit|a lot|slightly|a touch' },
      '<amount>': {
        full: ['', 'a bit|a little|a notch|{count}|by {count}', '{count} <unit>|{count} times'],
        rare: 'a little bit|a lot|slightly|by {count} <unit>',
      },
    },
    absent: {
      'casual ending': 'English marks no casual ending on the verb; its tags ("for me", "now") are closings',
      'particle drop': 'English has no particles to drop',
    },
    join: (lead, core, close) => `${lead} ${core} ${close}`,
    // No "please ... please"; a lead-in only before a verb ("can you turn the tv on", never "can you the tv on").
    refuse: (lead, core, close) =>
      (/\bplease$/.test(lead) && close === 'please') || (lead !== '' && !VERB_FIRST.test(core)),
    budget: 900,
  };
}

const power = (state: 'on' | 'off', verbs: string, more: string[], reasons?: string): IntentGrammar => ({
  cores: [
    `${verbs} ${state} <the-tv>`,
    `${verbs} <tv> ${state}`,
    `${verbs} (the tv|the television|it) ${state} in the {tv}`,
    `(|the) tv ${state}`,
    `the {tv} tv ${state}`,
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
  more: [
    '{count} channels <ahead>',
    '<go> {count} channels <ahead> <on-tv>',
    `(go|switch|change) to ${word} channel <on-tv>`,
    ...more,
  ],
  rare: [`(put|turn) <the-tv> to the ${word} channel`],
  words: { '<go>': { full: ['go|skip|flip', 'move'] }, '<ahead>': ahead },
  unit: 'channels',
  budget: 1000,
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
  const core = [...intent.cores, ...(intent.more ?? [])].find(
    (c) => /<(?:the-)?tv>/.test(c) && !/\|<(?:the-)?tv>\)/.test(c),
  );
  const line = core?.replace(/<(?:the-)?tv>/g, '(the telly|the {tv} telly)');
  // Sentences that write the TV out ("set up the {tv} tv", "i want to control the {tv} tv") say it as the telly too.
  const telly = (text: string) => text.replaceAll('the {tv} tv', 'the {tv} telly');
  const written = [...intent.cores, ...(intent.more ?? [])].filter((c) => c.includes('the {tv} tv'));
  const wishes = (intent.wishes ?? []).filter((w) => w.includes('the {tv} tv'));
  return {
    ...intent,
    extra: [...(line === undefined ? [] : [line]), ...written.map(telly)],
    ...(intent.wishes && { wishes: [...intent.wishes, ...wishes.map(telly)] }),
  };
}

/**
 * Indian English's own forms (en-IN only), with the carriers of the variety where a lead-in fits: the TV
 * named without its article ("in kitchen tv": Indian English omits articles where other varieties need
 * them, D. Sharma, "Language transfer and discourse universals in Indian English article use", Studies in
 * Second Language Acquisition 27(4), 2005); "of the … tv" after the volume; "on", "off", "open" and "close"
 * for switching (`INDIAN_VERBS`); the fan's "raise" and "lower" said of what it sets ("requests to 'raise'
 * or 'lower' the fan", ztoaenglish.blogspot.com, "F is for Fans", 2011), so "increase the channel"; "do"
 * and "give" as the light verbs of Hindi's "karo" and "do" ("do the volume little high", "give more
 * volume"), the article dropped before "little". Each intent's own sentences take their room first
 * (`englishGrammar`): they are the variety's core forms.
 */
export const INDIAN_ENGLISH: Partial<Record<GrammarIntent, string[]>> = {
  VolumeUpIntent: [
    '(kindly|do one thing|) (increase|raise) the (volume|sound) of the {tv} tv',
    '(increase|raise) the (volume|sound) (of|in|on) {tv} tv',
    '(kindly|) do the volume (little|a little|) (high|higher)',
    '(kindly|) give (more|little more|some more) volume (|please)',
    'do the (volume|sound) of the {tv} tv (little|) high',
  ],
  VolumeDownIntent: [
    '(kindly|do one thing|) (reduce|decrease|lower) the (volume|sound) of the {tv} tv',
    '(reduce|decrease|lower) the (volume|sound) (of|in|on) {tv} tv',
    '(kindly|) do the volume (little|a little|) (low|lower|less)',
    '(kindly|) give (less|little less) volume (|please)',
    'do the (volume|sound) of the {tv} tv (little|) low',
  ],
  NextChannelIntent: [
    '(kindly|do one thing|) go to (the|) next channel (in|on) {tv} tv',
    'next channel (in|on) {tv} tv',
    '(kindly|) (increase|raise) the channel (|by {count}|by one)',
    'increase channel (|by {count})',
  ],
  PreviousChannelIntent: [
    '(kindly|do one thing|) go back to (the|) previous channel (in|on) (the {tv} tv|{tv} tv)',
    'previous channel (in|on) {tv} tv',
    '(kindly|) (decrease|reduce|lower) the channel (|by {count}|by one)',
    'decrease channel (|by {count})',
  ],
  SetChannelIntent: [
    '(kindly|do one thing|) put {channelName} (in|on) (the {tv}|the {tv} tv|{tv} tv)',
    '(kindly|do one thing|) put channel {channel} (in|on) {tv} tv',
  ],
  TurnOnIntent: [
    '(kindly|do one thing|) (switch|turn) on {tv} tv',
    '(kindly|please|do one thing|) (on|open) the (tv|television|{tv} tv)',
    '(kindly|please|) (on|open) the tv in (the|) {tv}',
  ],
  TurnOffIntent: [
    '(kindly|do one thing|) (switch|turn) off {tv} tv',
    '(kindly|please|do one thing|) (off|close) the (tv|television|{tv} tv)',
    '(kindly|please|) (off|close) the tv in (the|) {tv}',
  ],
};

/**
 * The variety's grammar: "telly" in en-GB and en-AU (`withTelly`); in en-IN each intent's budget leaves
 * room for its Indian English sentences, which ./index.ts adds after the grammar's.
 */
export function englishGrammar(variety: EnglishVariety): {
  language: LanguageGrammar;
  intents: Record<GrammarIntent, IntentGrammar>;
} {
  const intents = englishIntents();
  const lang = language(variety);
  const own = (name: string, intent: IntentGrammar): IntentGrammar => {
    if (variety === 'en-GB' || variety === 'en-AU') return withTelly(intent);
    const indian = (INDIAN_ENGLISH[name as GrammarIntent] ?? []).flatMap(expand).length;
    return variety === 'en-IN' && indian > 0 ? { ...intent, budget: (intent.budget ?? lang.budget) - indian } : intent;
  };
  return {
    language: lang,
    intents: Object.fromEntries(
      Object.entries(intents).map(([name, intent]) => [name, own(name, intent)]),
    ) as typeof intents,
  };
}

function englishIntents(): Record<GrammarIntent, IntentGrammar> {
  return {
    // "fire up" (Cambridge Dictionary, "fire up": "to start a machine"), "kill" (Merriam-Webster, "kill": "to
    // stop (an engine or motor)").
    TurnOnIntent: power('on', '(turn|switch|power)', [
      'power up <the-tv>',
      '(start|wake up|fire up) <the-tv>',
      'put <tv> on',
    ]),
    TurnOffIntent: {
      ...power('off', '(turn|switch|power|shut)', ['(power|shut) down <the-tv>', 'kill <the-tv>'], "i'm going to bed"),
      wishes: ["(turn|switch|shut) (the tv|it) off (|i'm going to bed|i'm off to bed)"],
    },
    SetChannelIntent: {
      cores: [
        '(switch|change|go|turn|tune|switch over) to (channel {channel}|{channelName}) <on-tv>',
        '(put on|put|watch) (channel {channel}|{channelName}) <on-tv>',
        'channel (|number) {channel} <on-tv>',
        'put (channel {channel}|{channelName}) on (|<the-tv>)',
        'put (channel {channel}|{channelName}) on in the {tv}',
        '(change|switch) (the|) channel to ({channel}|channel {channel}|{channelName}) <on-tv>',
        '(turn|switch|change|tune|set) <tv> to (channel {channel}|{channelName})',
        '(change|switch) (the|) channel <on-tv>',
      ],
      // "stick" and "pop" for put, informal British (Cambridge Dictionary, "stick": "to put something somewhere, especially in a careless way"; "pop": "to go or put something somewhere quickly").
      more: [
        'flip to (channel {channel}|{channelName}) <on-tv>',
        '(put|stick|pop) <tv> on (channel {channel}|{channelName})',
        '(change|switch|go) to {channelName} channel <on-tv>',
        'pop <tv> over to (channel {channel}|{channelName})',
      ],
      rare: [
        '(get|find) (channel {channel}|{channelName}) on <on-tv>',
        'change channels',
        'tune in to {channelName}',
        'set the channel to {channel}',
      ],
      wishes: [
        "(i want to|i'd like to|let me|let's) watch (channel {channel}|{channelName}) (|on the tv|on the {tv} tv|in the {tv})",
      ],
      budget: 1140,
      without: { 'spoken count': 'the channel is its own number', degree: NO_DEGREE },
    },
    NextChannelIntent: steps({ full: ['up|forward', 'ahead'] }, 'up', 'next', ['(next|skip) {count} channels <on-tv>']),
    PreviousChannelIntent: {
      ...steps({ full: ['down|back'] }, 'down', 'previous', [
        '(switch|go|change) back to the previous channel <on-tv>',
        'go back <on-tv>',
        'back up (a channel|{count} channels) <on-tv>',
      ]),
      cores: [
        ...steps({ full: ['down|back'] }, 'down', 'previous', []).cores,
        'back {count} (channel|channels) <on-tv>',
      ],
    },
    // "crank up" and "bump up" (Cambridge Dictionary, "crank up": "to increase the volume"; "bump up": "to increase").
    VolumeUpIntent: volume(
      'up',
      { full: ['raise|increase', 'boost|crank up|bump up'] },
      'louder',
      [
        `(it's|the tv is|the {tv} tv is) ${TOO} quiet`,
        "i (can barely|can hardly|can not|can't) hear (it|the tv|the {tv} tv)",
        // A reason after the request, as people give one ("I can't hear it").
        "(turn it up|make it louder) (|a bit) i (can't|can not|can barely) hear (it|a thing|anything)",
        '(pump|crank) (up the volume|the volume up) (|a bit)',
        'up the volume',
      ],
      "i can't hear it",
    ),
    VolumeDownIntent: volume(
      'down',
      { full: ['lower|reduce', 'decrease'] },
      '(quieter|softer)',
      [
        `(it's|the tv is|the {tv} tv is) ${TOO} loud`,
        'keep it down',
        `(it's|it is) ${TOO} loud (|so) turn (it|the volume) down (|a bit)`,
        'bring (down the volume|the volume down) (|a bit)',
      ],
      "it's too loud",
    ),
    // Mute, which the skill answers as something the remote cannot do: heard, so it is not "I didn't
    // understand". "silence" (Cambridge Dictionary, "silence": "to make someone or something quiet"); "kill
    // the sound" as "kill" the TV above.
    MuteIntent: {
      cores: [
        '<mute> <tv>',
        'mute the <of-tv> <sound>',
        'mute',
        'put <tv> on mute',
        'turn (off the <sound>|the <sound> off) <on-tv>',
      ],
      more: ['mute the <sound> <on-tv>', 'kill the <sound> <on-tv>', 'put the <sound> on mute'],
      words: { '<mute>': { full: ['mute', 'silence'] }, '<sound>': { full: ['sound', 'volume|audio'] } },
      budget: 240,
      without: { 'spoken count': NO_COUNT, degree: 'muted or not: mute has no degree' },
    },
    ChooseTvIntent: {
      cores: ['(use|control) <the-tv>', 'switch to <the-tv>', 'use the {tv}'],
      rare: ['(pick|choose) <the-tv>', 'go to <the-tv>'],
      wishes: ["(i'd like to|i want to|let me|let's) (use|control) (the {tv} tv|the tv in the {tv}) (|from now on)"],
      budget: 300,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    SetUpTvIntent: {
      cores: [
        '(add|set up|connect) (a|another|a new) tv',
        '(set up|add) the {tv} tv',
        'help me (set up|add|connect) (a|another) tv',
        'set up a {choice} tv',
      ],
      more: ['(look for|find|search for) my (|new) tv', '(add|set up) (my new tv|the {tv} television)'],
      wishes: [
        'i (have|got|bought) a new tv',
        "(i want to|i'd like to|let's) (add|set up|connect) (a|another|a new|one more) tv",
        "(i want to|i'd like to) set up (the {tv} tv|the tv in the {tv})",
      ],
      budget: 345,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    ForgetTvIntent: {
      cores: ['(forget|remove|delete) <the-tv>', '(forget|remove|delete) (the {tv}|this tv)'],
      wishes: [
        "(i want to|i'd like to|let's) (forget|remove|delete) (the {tv} tv|the tv in the {tv}|this tv)",
        'i (no longer have|got rid of) the {tv} tv',
      ],
      budget: 255,
      without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
    },
    AddTvIntent: {
      cores: ['(give me|say|get me) (a|my|the|a new) setup code', "(what is|what's) my setup code"],
      wishes: [
        '(new|i need a) setup code',
        '(can i have|can i get) (a|my|the) setup code (|please)',
        'i need a code to (set up|add) a tv',
      ],
      budget: 135,
      without: {
        'spoken count': NO_COUNT,
        degree: NO_DEGREE,
        'tv named': 'a setup code is for the household: it names no TV',
      },
    },
  };
}
