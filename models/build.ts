// The one source of every interaction model: `npm run models` writes models/<locale>.json from here, and
// test/skill/model.test.ts fails when a file differs. The English varieties and the channel catalogue:
// docs/sandbox.md#models-build.
import { writeFileSync } from 'node:fs';
import { CHOICE_NUMBERS, MAKERS, ORDINALS } from '../src/skill/questions/choices';
import {
  BUILT_IN_INTENTS,
  CHANNEL_NAME_TYPE,
  CHOICE_TYPE,
  CHOOSE_TV_INTENT,
  FORGET_TV_INTENT,
  PREFECTURE_TYPE,
  SET_UP_TV_INTENT,
  SLOT,
  TV_INTENTS,
  TV_NAME_TYPE,
  type TvIntent,
} from '../src/skill/request/intents';
import { en } from '../src/skill/words/en';
import { ja } from '../src/skill/words/ja';
import { PREFECTURES } from '../src/tv/broadcasters';
import { checkModel, describeViolations } from './checks';
import { coverageTables, grammarSamples } from './grammar';
import type { GrammarIntent } from './grammar/axes';
import type { ModelIntent, SlotTypeValue, InteractionModel } from './interaction-model';
import { LOCALES, modelFile, type ModelLocale } from './locales';
import { cliArgs } from '../scripts/cli';
import { modelsCli } from '../scripts/usage';

export { ENGLISH_LOCALES, LOCALES, modelFile, type ModelLocale } from './locales';

/** The skill's own intents, as the grammar writes them: the TV commands, mute, which TV, and setup's. */
type SkillIntent = GrammarIntent;
/**
 * `answers`: what people say back to "Which TV?", the `tv` slot's samples in every TV intent. The skill
 * asks with Dialog.ElicitSlot on the intent being served, and Alexa hears the answer with these (Amazon,
 * "Dialog Interface Reference"), so no intent is a bare `{tv}` that would take any name-like line.
 */
type Samples = Record<SkillIntent, string[]> & {
  builtins: Partial<Record<BuiltinIntent, string[]>>;
  /** The slot samples of `tv` (the answer to "Which TV?" and to "What should I call it?"), `choice` and `prefecture`. */
  answers: string[];
  choices: string[];
  prefectures: string[];
  /**
   * A channel said alone ("five", 「NHK」): the slot's own samples, as a sample of SetChannelIntent that is
   * only a slot would stop Amazon's build (models/checks.ts, slot-only-sample-in-dialog-intent).
   */
  channels: string[];
  channelNames: string[];
};
type BuiltinIntent = (typeof BUILTINS)[number];
const BUILTINS = BUILT_IN_INTENTS;

/**
 * A goodbye said inside a session ("nah that's all", 「もういいよ」) ends it. A built-in intent hears only
 * its own utterances and the samples a skill adds ("In order for a built-in intent to be triggered, it
 * must include an exactly matching sample utterance", Amazon, "Tips for Using Built-in Intents for Your
 * Skill"; "You do not need to provide any sample utterances for these intents, although you can if you want
 * to extend the intent", "Standard Built-in Intents"), and AMAZON.StopIntent is the one that lets "the user
 * ... exit the skill completely": the goodbyes extend it, and its handler says goodbye and ends the session.
 */
const ENGLISH_GOODBYES = [
  "that's all",
  "that's all thanks",
  "that's all for now",
  "nah that's all",
  "no that's all",
  "no thanks that's all",
  "that's it",
  "that's it thanks",
  "no that's it",
  "i'm done",
  "i'm done thanks",
  "we're done",
  'all done',
  'nothing else',
  'nothing else thanks',
];
const JAPANESE_GOODBYES = [
  'もういいよ',
  'もういい',
  'もう大丈夫',
  'もう大丈夫です',
  '以上です',
  '以上',
  'ありがとうもういい',
  'ありがとうもういいよ',
  'ありがとうもう大丈夫',
  '大丈夫です以上です',
];

const ENGLISH: Samples = {
  // The skill's own intents come from the grammar (models/grammar/en.ts).
  ...grammarSamples('en'),
  builtins: {
    'AMAZON.StopIntent': ENGLISH_GOODBYES,
    'AMAZON.YesIntent': ['yes', 'yes please', 'sure', 'go ahead', 'do it', 'check again', 'that is right'],
    'AMAZON.NoIntent': ['no', 'no thanks', 'not now', "don't", 'that is wrong'],
  },
  choices: [
    '{choice}',
    'number {choice}',
    'the {choice} one',
    'option {choice}',
    'the {choice}',
    'it is a {choice}',
    'a {choice} tv',
    'the {choice} tv',
    "it's a {choice}",
    "it's the {choice} one",
    "it's number {choice}",
    'it is number {choice}',
    'the {choice} please',
    '{choice} please',
    'i think the {choice} one',
    'mine is a {choice}',
    'my tv is a {choice}',
  ],
  answers: [
    '{tv}',
    'the {tv}',
    '{tv} tv',
    'the {tv} tv',
    'the {tv} television',
    'the tv in the {tv}',
    'the one in the {tv}',
    'in the {tv}',
    'the {tv} one',
    '{tv} please',
    'the {tv} please',
    'the {tv} tv please',
    'my {tv} tv',
    'call it {tv}',
    'call it the {tv}',
    'name it {tv}',
    'its name is {tv}',
  ],
  prefectures: [],
  channels: ['{channel}', 'channel {channel}', 'number {channel}'],
  channelNames: ['{channelName}', '{channelName} please'],
};

/** British, Australian and Indian English: the same answers, each variety's own grammar (models/grammar/en.ts). */
const BRITISH_ENGLISH: Samples = { ...ENGLISH, ...grammarSamples('en-GB') };
const AUSTRALIAN_ENGLISH: Samples = { ...ENGLISH, ...grammarSamples('en-AU') };
const INDIAN_ENGLISH: Samples = { ...ENGLISH, ...grammarSamples('en-IN') };

/**
 * Examples of channel names an English speaker may have given at setup; a custom slot also passes on
 * names outside its list. Japan's broadcasters follow, by their names in Latin letters.
 */
const ENGLISH_CHANNEL_NAMES = [
  'BBC One',
  'BBC Two',
  'ITV',
  'Sky News',
  'ABC',
  'NBC',
  'CBS',
  'Fox',
  'PBS',
  'CNN',
  'ESPN',
  'CBC',
  'CTV',
  'SBS',
  'Doordarshan',
  'Star Plus',
];

const JAPANESE: Samples = {
  // スキル自身のインテントは文法から(models/grammar/ja.ts)。
  ...grammarSamples('ja'),
  builtins: {
    'AMAZON.HelpIntent': ['ヘルプ', '使い方を教えて', '何ができるの'],
    'AMAZON.StopIntent': ['ストップ', '終わり', '終了', ...JAPANESE_GOODBYES],
    'AMAZON.CancelIntent': ['キャンセル', 'やめて'],
    'AMAZON.YesIntent': ['はい', 'うん', 'お願い', 'お願いします', 'そうして', '確認して', 'それでいい'],
    'AMAZON.NoIntent': ['いいえ', 'いや', 'しないで', 'やめておく', '違う'],
  },
  choices: [
    '{choice}',
    '{choice}番',
    '{choice}番目',
    '{choice}です',
    'メーカーは{choice}です',
    '{choice}つ目',
    '{choice}つめ',
    '{choice}の',
    '{choice}のテレビ',
    '{choice}のやつ',
    '{choice}番のテレビ',
    '{choice}番です',
    '{choice}つ目です',
    '{choice}番目です',
    '{choice}にして',
    '{choice}でお願いします',
    'うちは{choice}です',
    'うちのは{choice}',
    '{choice}かな',
  ],
  answers: [
    '{tv}',
    '{tv}のテレビ',
    '{tv}の方',
    '{tv}のテレビで',
    '{tv}です',
    '{tv}のテレビです',
    '{tv}のほう',
    '{tv}で',
    '{tv}でお願いします',
    '{tv}のテレビでお願いします',
    '{tv}の方でお願いします',
    '{tv}の方で',
    '{tv}にあるテレビ',
    '{tv}のやつ',
    '{tv}にして',
    '{tv}と呼んで',
    '名前は{tv}',
  ],
  prefectures: [
    '{prefecture}',
    '{prefecture}です',
    '{prefecture}にあります',
    '{prefecture}に住んでいます',
    '{prefecture}のテレビ',
    '住所は{prefecture}',
  ],
  channels: ['{channel}', '{channel}チャンネル', '{channel}番'],
  channelNames: ['{channelName}', '{channelName}で'],
};

const LATIN = /^[\p{Script=Latin}\d\s.\-']+$/u;

/**
 * Every broadcaster of every prefecture once (a station shared by several prefectures is listed once;
 * NHK総合 of every prefecture is one value, as its names are), its first name that `keep` accepts as the value and the others as synonyms. A name is listed
 * once in the whole type, case aside: the first station to claim it keeps it (`taken` starts with names
 * listed before). Names are written as `slotValueForm` says.
 */
function broadcasterCatalogue(keep: (name: string) => boolean, taken: Set<string>): SlotTypeValue[] {
  const values: SlotTypeValue[] = [];
  const seen = new Set<string>();
  for (const prefecture of PREFECTURES) {
    for (const station of prefecture.stations) {
      if (seen.has(station.callSign)) continue;
      seen.add(station.callSign);
      const names = station.names
        .filter(keep)
        .map(slotValueForm)
        .filter((n) => !taken.has(n.toLowerCase()) && (taken.add(n.toLowerCase()), true));
      const [value, ...synonyms] = names;
      if (value !== undefined) values.push(synonyms.length > 0 ? { name: { value, synonyms } } : { name: { value } });
    }
  }
  return values;
}

/**
 * A name as a slot value: a letters-only call sign in lower case (tvk, ytv, mit) in capitals, the form
 * Amazon asks for initialisms ("Create and Edit Custom Slot Types": all capitals, or letters with
 * periods and spaces); the wave dash of メ〜テレ as the long-vowel mark (メーテレ, the station's other
 * written name), so the value holds only letters, digits and spaces. The skill resolves names in their
 * normal form (src/tv/channels.ts), so neither changes which station a name finds.
 */
export function slotValueForm(name: string): string {
  return /^[a-z]{2,4}$/.test(name) ? name.toUpperCase() : name.replace(/[〜~～]/gu, 'ー');
}

function japaneseChannelNames(): SlotTypeValue[] {
  return broadcasterCatalogue(() => true, new Set());
}

function englishChannelNames(): SlotTypeValue[] {
  const examples = ENGLISH_CHANNEL_NAMES.map((value) => ({ name: { value } }));
  return [
    ...examples,
    ...broadcasterCatalogue((n) => LATIN.test(n), new Set(ENGLISH_CHANNEL_NAMES.map((n) => n.toLowerCase()))),
  ];
}

const SLOT_TYPES: Record<string, string> = {
  [SLOT.channel]: 'AMAZON.NUMBER',
  [SLOT.channelName]: CHANNEL_NAME_TYPE,
  [SLOT.count]: 'AMAZON.NUMBER',
  [SLOT.tv]: TV_NAME_TYPE,
  [SLOT.choice]: CHOICE_TYPE,
  [SLOT.prefecture]: PREFECTURE_TYPE,
};

/**
 * Which one, as people answer a numbered list (the TV models, the remotes): the number, an ordinal, or
 * the maker and its brand (src/skill/questions/choices.ts), each entry with the id the skill reads. Numbers as
 * digits only: the stand-in reads number words as digits before matching (src/local/sandbox/utterance.ts),
 * as Alexa's recognition does, and a number word listed here would stop "channel seven" being channel 7.
 */
function choices(lang: 'en' | 'ja'): SlotTypeValue[] {
  const numbers = CHOICE_NUMBERS.map((n) => {
    const synonyms = ORDINALS[lang](n);
    return { id: String(n), name: synonyms.length > 0 ? { value: String(n), synonyms } : { value: String(n) } };
  });
  const makers = MAKERS.map((m) => {
    const [value, other] = lang === 'ja' ? [m.ja, m.en] : [m.en, m.ja];
    return { id: m.id, name: { value, synonyms: [other, ...(m.brand ?? [])] } };
  });
  return [...numbers, ...makers];
}

/** The prefectures by their id (what setup's `area` takes), each by its name, its name without 都府県 and its reading. */
function prefectures(): SlotTypeValue[] {
  return PREFECTURES.map((p) => {
    const short = p.name.replace(/[都府県]$/u, '');
    const synonyms = [...new Set([short, p.kana, p.kana.replace(/(?:と|ふ|けん)$/u, '')])].filter((n) => n !== p.name);
    return { id: p.id, name: { value: p.name, synonyms } };
  });
}

/** Rooms, as examples of the names people give their TVs; Alexa passes on names outside the list too. */
const ENGLISH_TV_NAMES = [
  'living room',
  'bedroom',
  'kitchen',
  'family room',
  'den',
  'office',
  'study',
  'dining room',
  'guest room',
  'kids room',
  'master bedroom',
  'basement',
  'garage',
  'playroom',
  'game room',
  'nursery',
  'attic',
  'loft',
  'hall',
  'lounge',
];
/**
 * Each variety's own names for the room with the TV. en-GB: "lounge", "sitting room" and "front room"
 * (a 2019 UK survey, "What do you call the communal room with the TV?": living room 39 %, lounge 30 %,
 * sitting room 16 %, front room 5 %; quoted by englishlanguagehomestayscotland.co.uk, "Where is your
 * sofa?"). en-AU: "lounge room" ("Australians watch TV or entertain guests in their lounge rooms",
 * netmagellan.com, "Outdated, albeit valid English"). en-IN: "hall" for the living room ("It is possibly
 * only in India that the living room is also called the 'hall'", noenthuda.com, "Halls and Hallways") and
 * "drawing room" (the same netmagellan.com list).
 */
const OWN_TV_NAMES: Partial<Record<ModelLocale, string[]>> = {
  'en-GB': ['sitting room', 'front room'],
  'en-AU': ['lounge room'],
  'en-IN': ['drawing room'],
};
const JAPANESE_TV_NAMES = [
  'リビング',
  '寝室',
  '子供部屋',
  '書斎',
  'キッチン',
  'ダイニング',
  '和室',
  '客間',
  '二階',
  '一階',
];

function intentsOf(samples: Samples): ModelIntent[] {
  const own = (Object.keys(samples) as (keyof Samples)[]).filter(
    (k): k is SkillIntent => !['builtins', 'answers', 'choices', 'prefectures', 'channels', 'channelNames'].includes(k),
  );
  const tv = own.map((name) => {
    const list = samples[name];
    // The slots the samples name, declared in the order of SLOT whatever order the samples name them in.
    const named = new Set<string>();
    for (const s of list) if (s.includes('{')) for (const m of s.matchAll(/\{([a-zA-Z]+)\}/g)) named.add(m[1]!);
    const used = Object.values(SLOT).filter((slot) => named.has(slot));
    // A TV intent hears the answer to "Which TV?" in its `tv` slot; the setup conversation the TV's
    // name there too, which one in `choice` and the prefecture in `prefecture`.
    const answers = (slot: string) =>
      slot === SLOT.tv && elicits(name)
        ? samples.answers
        : slot === SLOT.choice
          ? samples.choices
          : slot === SLOT.prefecture
            ? samples.prefectures
            : slot === SLOT.channel
              ? samples.channels
              : slot === SLOT.channelName
                ? samples.channelNames
                : [];
    const slots = used.map((slot) => ({ name: slot, type: SLOT_TYPES[slot]!, samples: answers(slot) }));
    return slots.length > 0 ? { name, slots, samples: list } : { name, samples: list };
  });
  return [...tv, ...BUILTINS.map((name) => ({ name, samples: samples.builtins[name] ?? [] }))];
}

const isTvIntent = (name: string): name is TvIntent => (TV_INTENTS as readonly string[]).includes(name);
/** The intents on which the skill elicits a slot (Dialog.ElicitSlot): "Which TV?", and the setup conversation's questions. */
const elicits = (name: string): boolean =>
  isTvIntent(name) || [SET_UP_TV_INTENT, FORGET_TV_INTENT, CHOOSE_TV_INTENT].includes(name);

/**
 * The dialog model (Amazon, "Dialog Interface Reference", "Dialog directive requirements (dialog
 * model)": Dialog.ElicitSlot needs one, which a skill has once an intent has a required slot with its
 * prompt). SetUpTvIntent requires `tv`, the TV's name, asked with the words the skill itself says when it
 * asks (src/skill/words). Every intent the skill sends Dialog.ElicitSlot for is declared with all its
 * slots, so the elicited slot and the `updatedIntent` are always in the model. `SKILL_RESPONSE` for the
 * skill and each intent ("Delegate the Dialog to Alexa"): Alexa sends every turn to the skill, which asks
 * its own questions; nothing is auto-delegated.
 */
function dialogOf(
  intents: ModelIntent[],
  askName: string,
): Pick<InteractionModel['interactionModel'], 'dialog' | 'prompts'> {
  const required = (intent: string, slot: string) => intent === SET_UP_TV_INTENT && slot === SLOT.tv;
  const promptId = (intent: string, slot: string) => `Elicit.Slot.${intent}.${slot}`;
  return {
    dialog: {
      delegationStrategy: 'SKILL_RESPONSE',
      intents: intents
        .filter((i) => elicits(i.name))
        .map((i) => ({
          name: i.name,
          delegationStrategy: 'SKILL_RESPONSE',
          confirmationRequired: false,
          prompts: {},
          slots: (i.slots ?? []).map((s) => ({
            name: s.name,
            type: s.type,
            confirmationRequired: false,
            elicitationRequired: required(i.name, s.name),
            prompts: required(i.name, s.name) ? { elicitation: promptId(i.name, s.name) } : {},
          })),
        })),
    },
    prompts: [{ id: promptId(SET_UP_TV_INTENT, SLOT.tv), variations: [{ type: 'PlainText', value: askName }] }],
  };
}

export function buildModel(locale: ModelLocale): InteractionModel {
  if (locale === 'ja-JP') {
    return model(
      'テレビリモコン',
      intentsOf(JAPANESE),
      japaneseChannelNames(),
      JAPANESE_TV_NAMES,
      'ja',
      ja.voiceSetup.askName,
    );
  }
  const samples =
    locale === 'en-GB'
      ? BRITISH_ENGLISH
      : locale === 'en-AU'
        ? AUSTRALIAN_ENGLISH
        : locale === 'en-IN'
          ? INDIAN_ENGLISH
          : ENGLISH;
  return model(
    'tv remote',
    intentsOf(samples),
    englishChannelNames(),
    [...ENGLISH_TV_NAMES, ...(OWN_TV_NAMES[locale] ?? [])],
    'en',
    en.voiceSetup.askName,
  );
}

function model(
  invocationName: string,
  intents: ModelIntent[],
  channelNames: SlotTypeValue[],
  tvNames: string[],
  lang: 'en' | 'ja',
  askName: string,
): InteractionModel {
  const types = [
    { name: CHANNEL_NAME_TYPE, values: channelNames },
    { name: TV_NAME_TYPE, values: tvNames.map((value) => ({ name: { value } })) },
    { name: CHOICE_TYPE, values: choices(lang) },
    // Only Japanese asks for the prefecture (an English speaker is told channels go by number).
    ...(lang === 'ja' ? [{ name: PREFECTURE_TYPE, values: prefectures() }] : []),
  ];
  return { interactionModel: { languageModel: { invocationName, intents, types }, ...dialogOf(intents, askName) } };
}

export const modelText = (locale: ModelLocale): string => `${JSON.stringify(buildModel(locale), null, 2)}\n`;

if (require.main === module) {
  cliArgs(modelsCli);
  // Nothing is written while a model breaks a rule of Amazon's build (./checks.ts).
  const broken = LOCALES.map((locale) => describeViolations(locale, checkModel(buildModel(locale), locale))).join('');
  if (broken !== '') {
    process.stderr.write(`The models break rules of Amazon's model build; nothing written.\n${broken}`);
    process.exit(1);
  }
  for (const locale of LOCALES) {
    writeFileSync(modelFile(locale), modelText(locale));
    process.stdout.write(`wrote models/${locale}.json\n`);
  }
  process.stdout.write(`\n${coverageTables()}\n`);
}
