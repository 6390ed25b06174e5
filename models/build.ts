// The one source of every interaction model: `npm run models` writes models/<locale>.json from here,
// and test/skill/model.test.ts fails when a file differs from what this builds. The English locales
// share one sample set (British "telly" is left out: virtual-alexa reads any line containing "tell"
// as a launch phrase, so it could not be measured). The channel-name catalogue is the broadcaster
// table of every prefecture (src/tv/broadcasters.ts): in Japanese every name, in English every name in
// Latin letters (NHK, TBS, tvk, Fuji TV), each once.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADD_TV_INTENT, BUILT_IN_INTENTS, CHANNEL_NAME_TYPE, CHOICE_TYPE, CHOOSE_TV_INTENT, FORGET_TV_INTENT, SET_UP_TV_INTENT, SLOT, TV_INTENTS, TV_NAME_TYPE, type TvIntent,
} from '../src/skill/intents';
import { PREFECTURES } from '../src/tv/broadcasters';
import { grammarSamples } from './grammar';

export const ENGLISH_LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN'] as const;
export const LOCALES = [...ENGLISH_LOCALES, 'ja-JP'] as const;
export type ModelLocale = (typeof LOCALES)[number];

export interface ModelSlot { name: string; type: string; samples: string[] }
export interface ModelIntent { name: string; slots?: ModelSlot[]; samples: string[] }
export interface SlotTypeValue { name: { value: string; synonyms?: string[] } }
/** A slot the skill elicits itself (Dialog.ElicitSlot): in the dialog model, with no prompts of Alexa's. */
export interface DialogSlot { name: string; type: string; confirmationRequired: false; elicitationRequired: false; prompts: Record<string, never> }
export interface DialogIntent { name: string; confirmationRequired: false; prompts: Record<string, never>; slots: DialogSlot[] }
export interface InteractionModel {
  interactionModel: {
    languageModel: { invocationName: string; intents: ModelIntent[]; types: { name: string; values: SlotTypeValue[] }[] };
    dialog: { delegationStrategy: 'SKILL_RESPONSE'; intents: DialogIntent[] };
    prompts: never[];
  };
}

/** The TV intents, and the two about which TV: the answer to "Which TV?" and "set up another TV". */
type SkillIntent = TvIntent | typeof CHOOSE_TV_INTENT | typeof ADD_TV_INTENT | typeof SET_UP_TV_INTENT | typeof FORGET_TV_INTENT;
/**
 * `answers`: what people say back to "Which TV?", the `tv` slot's samples in every TV intent. The skill
 * asks with Dialog.ElicitSlot on the intent being served, and Alexa hears the answer with these (Amazon,
 * "Dialog Interface Reference"), so no intent is a bare `{tv}` that would take any name-like line.
 */
type Samples = Record<SkillIntent, string[]> & { builtins: Partial<Record<BuiltinIntent, string[]>>; answers: string[]; choices: string[] };
type BuiltinIntent = (typeof BUILTINS)[number];
const BUILTINS = BUILT_IN_INTENTS;

const ENGLISH: Samples = {
  // The TV commands and ChooseTvIntent come from the grammar (models/grammar/en.ts).
  ...grammarSamples('en'),
  AddTvIntent: ['give me a setup code', 'new setup code', 'i need a setup code', 'say my setup code', 'what is my setup code'],
  SetUpTvIntent: [
    'add a tv', 'add another tv', 'add a new tv', 'add a television', 'set up a tv', 'set up my tv', 'set up a new tv', 'set up another tv',
    'set up another television', 'i have a new tv', 'look for my tv', 'find my tv', 'set up the {tv} tv', 'add the {tv} tv', 'set up a {choice} tv',
  ],
  ForgetTvIntent: ['forget the {tv} tv', 'forget the {tv}', 'remove the {tv} tv', 'remove the {tv}', 'delete the {tv} tv', 'forget my {tv} tv'],
  builtins: {
    'AMAZON.YesIntent': ['yes', 'yes please', 'sure', 'go ahead', 'do it', 'check again', 'that is right'],
    'AMAZON.NoIntent': ['no', 'no thanks', 'not now', "don't", 'that is wrong'],
  },
  choices: ['{choice}', 'number {choice}', 'the {choice} one', 'option {choice}', 'the {choice}', 'it is a {choice}', 'a {choice} tv'],
  answers: ['{tv}', 'the {tv}', '{tv} tv', 'the {tv} tv', 'the {tv} television', 'the tv in the {tv}', 'the one in the {tv}', 'in the {tv}'],
};

/**
 * Examples of channel names an English speaker may have given at setup; a custom slot also passes on
 * names outside its list. Japan's broadcasters follow, by their names in Latin letters.
 */
const ENGLISH_CHANNEL_NAMES = [
  'bbc one', 'bbc two', 'itv', 'sky news', 'abc', 'nbc', 'cbs', 'fox', 'pbs', 'cnn', 'espn', 'cbc', 'ctv', 'sbs',
  'doordarshan', 'star plus',
];

const JAPANESE: Samples = {
  // テレビの操作と ChooseTvIntent は文法から(models/grammar/ja.ts)。
  ...grammarSamples('ja'),
  AddTvIntent: ['セットアップコードを教えて', 'セットアップコードをちょうだい', '設定コードを教えて'],
  SetUpTvIntent: [
    'テレビを追加して', 'テレビを追加', '新しいテレビをセットアップして', '別のテレビをセットアップして', 'テレビを設定して', '別のテレビを設定して',
    '新しいテレビを設定して', 'テレビを探して', '{tv}のテレビを追加して', '{tv}のテレビを設定して', 'メーカーは{choice}',
  ],
  ForgetTvIntent: ['{tv}のテレビを削除して', '{tv}のテレビを忘れて', '{tv}のテレビを消去して', '{tv}を削除して', '{tv}のテレビを登録から外して'],
  builtins: {
    'AMAZON.HelpIntent': ['ヘルプ', '使い方を教えて', '何ができるの'],
    'AMAZON.StopIntent': ['ストップ', '終わり', '終了'],
    'AMAZON.CancelIntent': ['キャンセル', 'やめて'],
    'AMAZON.YesIntent': ['はい', 'うん', 'お願い', 'お願いします', 'そうして', '確認して', 'それでいい'],
    'AMAZON.NoIntent': ['いいえ', 'いや', 'しないで', 'やめておく', '違う'],
  },
  choices: ['{choice}', '{choice}番', '{choice}番目', '{choice}です', 'メーカーは{choice}です'],
  answers: ['{tv}', '{tv}のテレビ', '{tv}の方', '{tv}のテレビで', '{tv}です', '{tv}のテレビです', '{tv}のほう'],
};

/**
 * "A skill can have a total of 50,000 custom slot values, totaled across all custom slots used in the
 * interaction model" (Amazon's custom slot type documentation, quoted in emeth-/hackathon-kit-alexa);
 * values and synonyms are counted here. Each name stays within 140 characters, the length Amazon Lex
 * allows a slot value, as a conservative bound. test/skill/model.test.ts checks both.
 */
export const SLOT_VALUES_MAX = 50_000;
export const SLOT_VALUE_CHARS_MAX = 140;

const LATIN = /^[\p{Script=Latin}\d\s.\-']+$/u;

/**
 * Every broadcaster of every prefecture once (a station shared by several prefectures is listed once;
 * NHK総合 of every prefecture is one value, as its names are), its first name that `keep` accepts as the value and the others as synonyms. A name is listed
 * once in the whole type, case aside: the first station to claim it keeps it (`taken` starts with names
 * listed before). Letters-only call signs in lower case (tvk, ytv) are listed in capitals too, the form
 * Alexa recognises spoken letters in.
 */
function broadcasterCatalogue(keep: (name: string) => boolean, taken: Set<string>): SlotTypeValue[] {
  const values: SlotTypeValue[] = [];
  const seen = new Set<string>();
  for (const prefecture of PREFECTURES) {
    for (const station of prefecture.stations) {
      if (seen.has(station.callSign)) continue;
      seen.add(station.callSign);
      const names = station.names.filter(keep).flatMap((n) => (/^[a-z]{2,4}$/.test(n) ? [n, n.toUpperCase()] : [n]))
        .filter((n) => !taken.has(n.toLowerCase()) && (taken.add(n.toLowerCase()), true));
      const [value, ...synonyms] = names;
      if (value !== undefined) values.push(synonyms.length > 0 ? { name: { value, synonyms } } : { name: { value } });
    }
  }
  return values;
}

function japaneseChannelNames(): SlotTypeValue[] {
  return broadcasterCatalogue(() => true, new Set());
}

function englishChannelNames(): SlotTypeValue[] {
  const examples = ENGLISH_CHANNEL_NAMES.map((value) => ({ name: { value } }));
  return [...examples, ...broadcasterCatalogue((n) => LATIN.test(n), new Set(ENGLISH_CHANNEL_NAMES))];
}

const SLOT_TYPES: Record<string, string> = {
  [SLOT.channel]: 'AMAZON.NUMBER', [SLOT.channelName]: CHANNEL_NAME_TYPE, [SLOT.count]: 'AMAZON.NUMBER',
  [SLOT.tv]: TV_NAME_TYPE, [SLOT.choice]: CHOICE_TYPE,
};

/**
 * Which TV model, as people answer a numbered list of makers' models: the number (said or as digits),
 * or the maker. The makers are those of Japan's TV market and the device cloud's presets.
 */
const CHOICES: SlotTypeValue[] = [
  // Digits only: number words are read as digits before matching (src/local/sandbox/utterance.ts), and
  // listed here they would stop "channel seven" being channel 7.
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((value) => ({ name: { value } })),
  ...[['sharp', 'シャープ'], ['panasonic', 'パナソニック'], ['sony', 'ソニー'], ['toshiba', '東芝'], ['hitachi', '日立'], ['mitsubishi', '三菱'],
    ['lg', 'エルジー'], ['hisense', 'ハイセンス'], ['funai', '船井'], ['samsung', 'サムスン'], ['tcl', 'ティーシーエル']]
    .map(([value, ja]) => ({ name: { value: value!, synonyms: [ja!] } })),
];

/** Rooms, as examples of the names people give their TVs; Alexa passes on names outside the list too. */
const ENGLISH_TV_NAMES = [
  'living room', 'bedroom', 'kitchen', 'family room', 'den', 'office', 'study', 'dining room', 'guest room', 'kids room',
  'master bedroom', 'basement', 'garage', 'playroom', 'game room', 'nursery', 'attic', 'loft', 'hall', 'lounge',
];
const JAPANESE_TV_NAMES = ['リビング', '寝室', '子供部屋', '書斎', 'キッチン', 'ダイニング', '和室', '客間', '二階', '一階'];

function intentsOf(samples: Samples): ModelIntent[] {
  const own = (Object.keys(samples) as (keyof Samples)[]).filter((k): k is SkillIntent => k !== 'builtins' && k !== 'answers' && k !== 'choices');
  const tv = own.map((name) => {
    const list = samples[name];
    const used = [...new Set(list.flatMap((s) => [...s.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]!)))];
    // A TV intent hears the answer to "Which TV?" in its `tv` slot; the setup conversation the TV's
    // name there too, and which model in `choice`.
    const answers = (slot: string) => (slot === SLOT.tv && elicits(name) ? samples.answers : slot === SLOT.choice ? samples.choices : []);
    const slots = used.map((slot) => ({ name: slot, type: SLOT_TYPES[slot]!, samples: answers(slot) }));
    return slots.length > 0 ? { name, slots, samples: list } : { name, samples: list };
  });
  return [...tv, ...BUILTINS.map((name) => ({ name, samples: samples.builtins[name] ?? [] }))];
}

const isTvIntent = (name: string): name is TvIntent => (TV_INTENTS as readonly string[]).includes(name);
/** The intents on which the skill elicits a slot (Dialog.ElicitSlot). */
const elicits = (name: string): boolean => isTvIntent(name) || name === SET_UP_TV_INTENT;

/** The TV intents and their slots in the dialog model, so the skill may elicit `tv` on any of them. */
function dialogOf(intents: ModelIntent[]): InteractionModel['interactionModel']['dialog'] {
  return {
    delegationStrategy: 'SKILL_RESPONSE',
    intents: intents.filter((i) => elicits(i.name)).map((i) => ({
      name: i.name,
      confirmationRequired: false,
      prompts: {},
      slots: (i.slots ?? []).map((s) => ({ name: s.name, type: s.type, confirmationRequired: false, elicitationRequired: false, prompts: {} })),
    })),
  };
}

export function buildModel(locale: ModelLocale): InteractionModel {
  if (locale === 'ja-JP') {
    return model('テレビリモコン', intentsOf(JAPANESE), japaneseChannelNames(), JAPANESE_TV_NAMES);
  }
  return model('tv remote', intentsOf(ENGLISH), englishChannelNames(), ENGLISH_TV_NAMES);
}

function model(invocationName: string, intents: ModelIntent[], channelNames: SlotTypeValue[], tvNames: string[]): InteractionModel {
  const types = [
    { name: CHANNEL_NAME_TYPE, values: channelNames }, { name: TV_NAME_TYPE, values: tvNames.map((value) => ({ name: { value } })) },
    { name: CHOICE_TYPE, values: CHOICES },
  ];
  return { interactionModel: { languageModel: { invocationName, intents, types }, dialog: dialogOf(intents), prompts: [] } };
}

export const modelFile = (locale: ModelLocale): string => path.join(__dirname, `${locale}.json`);
export const modelText = (locale: ModelLocale): string => `${JSON.stringify(buildModel(locale), null, 2)}\n`;

if (require.main === module) {
  for (const locale of LOCALES) {
    writeFileSync(modelFile(locale), modelText(locale));
    process.stdout.write(`wrote models/${locale}.json\n`);
  }
}
