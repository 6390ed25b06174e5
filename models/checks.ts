// The model build check: what Amazon's model build refuses, refused here first. `npm run models` writes
// nothing while a rule is broken and names each offending sample and its rule; test/skill/model-checks.test.ts
// applies the same rules to every locale. Each rule cites Amazon's page, or the developer report of the
// build's error where Amazon publishes nothing. The dialog model's own structure is checked by
// src/local/alexa/dialog-rules.ts (`modelRefusals`), which this applies too.
import { modelRefusals } from '../src/local/alexa/dialog-rules';
import { MODEL_CHARS_MAX, SAMPLES_PER_INTENT_MAX, SAMPLE_CHARS_MAX } from './grammar';
import { ENGLISH_VERBS, INDIAN_VERBS, LEAD_IN_CARRIERS } from './grammar/en';
import type { InteractionModel } from './interaction-model';
import type { ModelLocale } from './locales';

/**
 * "A skill can have a total of 50,000 custom slot values, totaled across all custom slots used in the
 * interaction model" (Amazon's custom slot type documentation, quoted in emeth-/hackathon-kit-alexa);
 * values and synonyms are counted here. Each name stays within 140 characters, the length Amazon Lex
 * allows a slot value, as a conservative bound.
 */
export const SLOT_VALUES_MAX = 50_000;
export const SLOT_VALUE_CHARS_MAX = 140;

export type CheckRule =
  | 'slot-only-sample-in-dialog-intent'
  | 'slot-twice-in-sample'
  | 'undeclared-slot'
  | 'digit-in-sample'
  | 'sample-characters'
  | 'sample-shared'
  | 'samples-per-intent'
  | 'sample-length'
  | 'model-size'
  | 'slot-values'
  | 'slot-value-length'
  | 'invocation-name'
  | 'dialog-structure'
  | 'carrier-before-fragment';

export interface Violation {
  rule: CheckRule;
  where: string;
  detail: string;
}

const COOKBOOK =
  'developer reports of the build error "When using a Dialog Model, sample utterances for intents cannot contain only slots" ' +
  'and "A sample utterance references a slot that is not defined in the intent" (alexa/alexa-cookbook#29, #35, PR #21; ' +
  'Amazon\'s SleepyDeveloper in PR #13: "the slot samples contains just the utterance")';

/** Where each rule comes from, printed with its violations. */
export const RULE_SOURCES: Record<CheckRule, string> = {
  'slot-only-sample-in-dialog-intent': `${COOKBOOK}. A one-slot answer belongs in the slot's own samples in the dialog model`,
  'slot-twice-in-sample':
    'Amazon, "Request Types Reference" (IntentRequest: intent.slots maps each slot name to one Slot, one value): a slot named twice ' +
    "in a sample can carry only one of the words said (no Amazon page states the build's refusal; issue 41 lists it)",
  'undeclared-slot': COOKBOOK,
  'digit-in-sample':
    'Amazon, "Slot Type Reference" (AMAZON.NUMBER converts spoken numbers to digits; samples hold what is said) and the ' +
    'developer console\'s invocation-name requirement "Other characters like numbers must be spelled out" (quoted in ' +
    'gitcheckoutnikhil/subtracker#8); a count is the {count} or {channel} slot, never a written digit',
  'sample-characters':
    'the build\'s error "Each token must consist only of unicode characters, spaces and valid punctuation marks. Valid punctuation ' +
    'marks are periods for abbreviations, underscores, possessive apostrophes, and hyphens" (jradwan/alexa_tivo_control#30)',
  'sample-shared':
    'Amazon, "Find Utterance Conflicts in Your Model" (developer.amazon.com/en-US/docs/alexa/custom-skills/find-utterance-conflicts-in-your-model.html): ' +
    'a sample that maps to two intents is a conflict; here each sample, case aside, belongs to one intent once',
  'samples-per-intent':
    `Amazon Lex V2 "Guidelines and quotas" (${SAMPLES_PER_INTENT_MAX} sample utterances per intent), a conservative bound where Alexa's ` +
    '"Interaction model limits" give no figure we could find',
  'sample-length': `Amazon Lex V2 "Guidelines and quotas" (${SAMPLE_CHARS_MAX} characters per sample utterance), the same conservative bound`,
  'model-size':
    `the Skill Management API's answer to a larger model: "modelDefinition ... must have length less than or equal to ${MODEL_CHARS_MAX}" ` +
    '(alexa/ask-cli#9)',
  'slot-values': `Amazon, "Create and Edit Custom Slot Types": ${SLOT_VALUES_MAX} custom slot values in all, synonyms counted (quoted in emeth-/hackathon-kit-alexa)`,
  'slot-value-length': `Amazon Lex's ${SLOT_VALUE_CHARS_MAX}-character slot value, a conservative bound; an empty value is no value`,
  'invocation-name':
    'Amazon, "Choose the Invocation Name for a Custom Skill" (developer.amazon.com/en-US/docs/alexa/custom-skills/choose-the-invocation-name-for-a-custom-skill.html, ' +
    'and its ja page), as the developer console states the requirements (quoted in qiita.com/poropi44/items/fba21e2baa5b7c009eb3): two or more words; ' +
    'English lower-case letters, spaces, possessive apostrophes and periods of abbreviations; Japanese ひらがな・カタカナ・漢字, lower-case letters and spaces; ' +
    'numbers spelled out; no launch phrase, no wake word, not "skill" or "app"',
  'dialog-structure':
    'Amazon, "Define the Dialog to Collect and Confirm Required Information" (src/local/alexa/dialog-rules.ts, modelRefusals)',
  'carrier-before-fragment':
    'Amazon, "Design the Sample Utterances and Intents for Your Skill" ' +
    '(developer.amazon.com/docs/alexa/interaction-model-design/design-the-sample-utterances-and-intents-for-your-skill.html): "The sample ' +
    'utterances should reflect requests that users are likely to say in the target language"; a carrier ("can you", "please", "i want to", "kindly") ' +
    'is said before a request, a verb and what it acts on, never before a bare fragment ("can you the {tv} telly on")',
};

const SLOT_REF = /\{([^{}]*)\}/g;
/** The slots a sample names, in order; most samples name none, and are passed over unscanned. */
function slotsIn(sample: string): string[] {
  const slots: string[] = [];
  if (!sample.includes('{')) return slots;
  SLOT_REF.lastIndex = 0;
  for (let m = SLOT_REF.exec(sample); m !== null; m = SLOT_REF.exec(sample)) slots.push(m[1]!);
  return slots;
}
/** A sample's words without its slots: letters of any script, marks, spaces, and the punctuation the build allows. */
const ALLOWED = /^[\p{L}\p{M}\s.'_-]*$/u;
/** Most English samples' words: no digit, and nothing ALLOWED refuses. */
const PLAIN = /^[a-z' ]*$/;

/**
 * The words of the invocation name, so that "two or more words" can be checked in Japanese, which is
 * written without spaces: the name is its words joined (with a space in English).
 */
const INVOCATION_WORDS: Record<'en' | 'ja', readonly string[]> = { en: ['tv', 'remote'], ja: ['テレビ', 'リモコン'] };
const INVOCATION_FORBIDDEN: Record<'en' | 'ja', readonly string[]> = {
  en: [
    'launch',
    'ask',
    'tell',
    'open',
    'load',
    'begin',
    'enable',
    'alexa',
    'amazon',
    'echo',
    'computer',
    'skill',
    'app',
  ],
  ja: [
    '起動して',
    '開いて',
    '聞いて',
    '教えて',
    '読み込んで',
    '開始して',
    '有効にして',
    'アレクサ',
    'アマゾン',
    'エコー',
    'コンピューター',
    'スキル',
    'アプリ',
  ],
};
const INVOCATION_CHARACTERS: Record<'en' | 'ja', RegExp> = {
  en: /^[a-z]+(?:'[a-z]+)?(?: [a-z]+(?:'[a-z]+)?| (?:[a-z]\. ?)+)*$|^(?:[a-z]\. ?)+(?: [a-z]+)*$/,
  ja: /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー a-z]+$/u,
};

function invocationViolations(name: string, lang: 'en' | 'ja'): string[] {
  const problems: string[] = [];
  const words = INVOCATION_WORDS[lang];
  if (name !== words.join(lang === 'en' ? ' ' : ''))
    problems.push(`"${name}" is not its listed words ${JSON.stringify(words)}`);
  if (words.length < 2) problems.push(`"${name}" is one word`);
  if (!INVOCATION_CHARACTERS[lang].test(name)) problems.push(`"${name}" has characters the requirements do not allow`);
  const said = lang === 'en' ? name.split(' ') : [name];
  for (const bad of INVOCATION_FORBIDDEN[lang]) {
    if (lang === 'en' ? said.includes(bad) : name.includes(bad)) problems.push(`"${name}" contains "${bad}"`);
  }
  return problems;
}

/**
 * The carrier a sample opens with, longest first, when the word after it is no verb the locale opens a
 * request with ("can you the tv on", "please the next channel", "do one thing the {tv} telly on");
 * undefined when the sample opens with no carrier or with a verb after it. Indian English alone opens a
 * request with "on", "off", "open" or "close" (models/grammar/en.ts, INDIAN_VERBS).
 */
const firstWord = (text: string): string => (text.includes(' ') ? text.slice(0, text.indexOf(' ')) : text);
/** The carriers by their first word, which a sample opening with one begins with too; longest first. */
const CARRIERS = new Map<string, string[]>();
for (const carrier of [...LEAD_IN_CARRIERS].sort((a, b) => b.length - a.length))
  CARRIERS.set(firstWord(carrier), [...(CARRIERS.get(firstWord(carrier)) ?? []), carrier]);
const VERBS = new Set<string>(ENGLISH_VERBS);
const INDIAN_ENGLISH_VERBS = new Set<string>([...ENGLISH_VERBS, ...INDIAN_VERBS]);
export function gluedCarrier(sample: string, locale: ModelLocale): string | undefined {
  const carrier = CARRIERS.get(firstWord(sample))?.find(
    (c) => sample.startsWith(c) && (sample.length === c.length || sample[c.length] === ' '),
  );
  if (carrier === undefined) return undefined;
  const next = firstWord(sample.slice(carrier.length).trim());
  return (locale === 'en-IN' ? INDIAN_ENGLISH_VERBS : VERBS).has(next) ? undefined : carrier;
}

/** Every rule the model breaks, each with where and what; empty when Amazon's build would take it. */
export function checkModel(model: InteractionModel, locale: ModelLocale): Violation[] {
  const lang = locale === 'ja-JP' ? 'ja' : 'en';
  const { languageModel, dialog } = model.interactionModel;
  const out: Violation[] = [];
  const add = (rule: CheckRule, where: string, detail: string) => out.push({ rule, where, detail });
  const inDialog = new Set(dialog.intents.map((i) => i.name));
  const owner = new Map<string, string>();

  for (const intent of languageModel.intents) {
    const declared = new Set((intent.slots ?? []).map((s) => s.name));
    const sampleRules = (sample: string, where: string, slotSample: boolean) => {
      const slots = slotsIn(sample);
      const words = slots.length > 0 ? sample.replace(SLOT_REF, ' ') : sample;
      if (!slotSample && slots.length > 0 && words.trim() === '' && inDialog.has(intent.name)) {
        add('slot-only-sample-in-dialog-intent', where, sample);
      }
      // Each slot once, where it is first named.
      slots.forEach((slot, i) => {
        if (slots.indexOf(slot) < i) return;
        if (slots.includes(slot, i + 1)) add('slot-twice-in-sample', where, `${sample} ({${slot}})`);
        if (!declared.has(slot)) add('undeclared-slot', where, `${sample} ({${slot}})`);
      });
      if (!PLAIN.test(words)) {
        if (/\p{Nd}/u.test(words)) add('digit-in-sample', where, sample);
        else if (!ALLOWED.test(words)) add('sample-characters', where, sample);
      }
      if (sample.length > SAMPLE_CHARS_MAX)
        add('sample-length', where, `${sample.slice(0, 40)}… (${sample.length} characters)`);
      const glued = lang === 'en' ? gluedCarrier(sample, locale) : undefined;
      if (glued !== undefined) add('carrier-before-fragment', where, `${sample} ("${glued}" before no verb)`);
    };
    for (const sample of intent.samples) {
      sampleRules(sample, intent.name, false);
      const key = sample.toLowerCase();
      const first = owner.get(key);
      if (first !== undefined) add('sample-shared', intent.name, `${sample} (also in ${first})`);
      else owner.set(key, intent.name);
    }
    if (intent.samples.length > SAMPLES_PER_INTENT_MAX)
      add('samples-per-intent', intent.name, `${intent.samples.length} samples`);
    for (const slot of intent.slots ?? [])
      for (const sample of slot.samples) sampleRules(sample, `${intent.name}.${slot.name} (slot sample)`, true);
  }

  const values = languageModel.types.flatMap((t) =>
    t.values.flatMap((v) => [v.name.value, ...(v.name.synonyms ?? [])].map((n) => ({ type: t.name, n }))),
  );
  if (values.length > SLOT_VALUES_MAX) add('slot-values', 'types', `${values.length} values and synonyms`);
  for (const { type, n } of values)
    if (n.trim() === '' || n.length > SLOT_VALUE_CHARS_MAX) add('slot-value-length', type, JSON.stringify(n));

  const size = `${JSON.stringify(model, null, 2)}\n`.length;
  if (size > MODEL_CHARS_MAX) add('model-size', locale, `${size} characters`);
  for (const problem of invocationViolations(languageModel.invocationName, lang))
    add('invocation-name', locale, problem);
  for (const refusal of modelRefusals(model)) add('dialog-structure', 'dialog', refusal.detail);
  return out;
}

/** The violations as `npm run models` prints them: each rule once with its source, then each offence. */
export function describeViolations(locale: string, violations: Violation[]): string {
  const rules = [...new Set(violations.map((v) => v.rule))];
  return rules
    .map(
      (rule) =>
        `${locale}: ${rule} (${RULE_SOURCES[rule]}):\n` +
        violations
          .filter((v) => v.rule === rule)
          .map((v) => `  ${v.where}: ${v.detail}\n`)
          .join(''),
    )
    .join('');
}
