// The grammar of every language: the phrasings of every intent of the skill's own, expanded into the
// samples models/build.ts writes. One source for what hears: the models, the sandbox reading the custom
// model through them, and the example phrases of README.md and docs/ja.md (test/readme.test.ts).
import {
  coverage,
  coverageTable,
  phrasingsOf,
  type Axis,
  type GrammarIntent,
  type IntentGrammar,
  type LanguageGrammar,
} from './axes';
import { expand, samplesOf, type Phrasings } from './expand';
import { englishGrammar, INDIAN_ENGLISH, type EnglishVariety } from './en';
import { JAPANESE_GRAMMAR, JAPANESE_LANGUAGE } from './ja';

/**
 * Limits the expansion stays within (test/skill/grammar.test.ts checks every locale's model):
 * - the model as the Skill Management API takes it: "modelDefinition ... must have length less than or
 *   equal to 1000000" (the API's answer to a larger model, quoted in alexa/ask-cli issue 9);
 * - per intent and per sample, Amazon Lex V2's published quotas ("Guidelines and quotas": 1,500 sample
 *   utterances per intent, 500 characters per sample utterance), as a conservative bound where Alexa's
 *   "Interaction model limits" give no figure we could find;
 * - our own ceiling per locale, a guard against a grammar that runs away: the stand-in's hearing is
 *   compiled once per model (src/local/sandbox/sample-trie.ts), so a line costs the same whatever the
 *   model's size, and test/skill/model.test.ts, which says every sample once, grows only with the count.
 *   The budgets of each intent (./en.ts, ./ja.ts) are three times what the sample-by-sample scan allowed,
 *   the largest near Amazon's limit per intent; the models are about half of the size limit
 *   (docs/sandbox.md has the figures).
 */
export const MODEL_CHARS_MAX = 1_000_000;
export const SAMPLES_PER_INTENT_MAX = 1_500;
export const SAMPLE_CHARS_MAX = 500;
export const SAMPLES_PER_LOCALE_BUDGET = 12_000;

export type GrammarLanguage = 'en' | 'ja';

/** The grammars: English as said in en-US and en-CA, British, Australian and Indian English, and Japanese. */
export type GrammarVariety = EnglishVariety | 'ja';
const SOURCES: Record<GrammarVariety, { language: LanguageGrammar; intents: Record<GrammarIntent, IntentGrammar> }> = {
  en: englishGrammar('en'),
  'en-GB': englishGrammar('en-GB'),
  'en-AU': englishGrammar('en-AU'),
  'en-IN': englishGrammar('en-IN'),
  ja: { language: JAPANESE_LANGUAGE, intents: JAPANESE_GRAMMAR },
};

const phrasings = (variety: GrammarVariety): Record<GrammarIntent, Phrasings> => {
  const { language, intents } = SOURCES[variety];
  return Object.fromEntries(
    (Object.keys(intents) as GrammarIntent[]).map((intent) => [intent, phrasingsOf(language, intents[intent])]),
  ) as Record<GrammarIntent, Phrasings>;
};

/** Each language's phrasings of every intent, the axes applied (./axes.ts), as templates. */
export const GRAMMARS: Record<GrammarLanguage, Record<GrammarIntent, Phrasings>> = {
  en: phrasings('en'),
  ja: phrasings('ja'),
};

/** Each intent's samples in the variety, expanded from its phrasings. */
export function grammarSamples(variety: GrammarVariety): Record<GrammarIntent, string[]> {
  const grammar = variety === 'en' || variety === 'ja' ? GRAMMARS[variety] : phrasings(variety);
  const own = Object.fromEntries(
    (Object.keys(grammar) as GrammarIntent[]).map((intent) => [intent, samplesOf(grammar[intent])]),
  ) as Record<GrammarIntent, string[]>;
  if (variety === 'en-GB' || variety === 'en-AU') return withTellyFor(own);
  if (variety === 'en-IN') return withIndianForms(own);
  return own;
}

/**
 * British and Australian English: the variety's samples, then each sample that says "tv" said with
 * "telly" (Cambridge Dictionary, "telly": "UK informal"; kept in en-AU, where we found no dictionary of
 * Australian English to cite either way), commonest first, as far as Amazon's limit per intent lets them.
 */
function withTellyFor(own: Record<GrammarIntent, string[]>): Record<GrammarIntent, string[]> {
  return Object.fromEntries(
    (Object.keys(own) as GrammarIntent[]).map((intent) => {
      const samples = own[intent];
      const said = new Set(samples);
      const telly = samples
        .map((s) => s.replace(/(?<!\{)\btv\b(?!\})/g, 'telly'))
        .filter((s) => /\btelly\b/.test(s) && !said.has(s));
      return [intent, [...samples, ...new Set(telly)].slice(0, Math.max(samples.length, SAMPLES_PER_INTENT_MAX))];
    }),
  ) as Record<GrammarIntent, string[]>;
}

/** Indian English: the variety's samples, then the sentences of `INDIAN_ENGLISH` (./en.ts, each with its source), for which its budget left room. */
function withIndianForms(own: Record<GrammarIntent, string[]>): Record<GrammarIntent, string[]> {
  return Object.fromEntries(
    (Object.keys(own) as GrammarIntent[]).map((intent) => {
      const said = new Set(own[intent]);
      const more = (INDIAN_ENGLISH[intent] ?? []).flatMap(expand).filter((s) => !said.has(s));
      return [intent, [...own[intent], ...new Set(more)]];
    }),
  ) as Record<GrammarIntent, string[]>;
}

/** Which axes reach which intent in each language, with the reason for each left out. */
export function grammarCoverage(language: GrammarLanguage): Record<GrammarIntent, Record<Axis, string>> {
  const { language: l, intents } = SOURCES[language];
  return coverage(l, intents) as Record<GrammarIntent, Record<Axis, string>>;
}

/** The coverage tables, as `npm run models` prints them. */
export const coverageTables = (): string =>
  (['en', 'ja'] as const)
    .map((language) => coverageTable(`Axes reaching each intent (${language}):`, grammarCoverage(language)))
    .join('\n\n');
