// The grammar of every language: the phrasings of every intent of the skill's own, expanded into the
// samples models/build.ts writes. One source for what hears: the models, the sandbox reading the custom
// model through them, and the example phrases of README.md and docs/ja.md (test/readme.test.ts).
import type { ADD_TV_INTENT, CHOOSE_TV_INTENT, FORGET_TV_INTENT, SET_UP_TV_INTENT, TvIntent } from '../../src/skill/intents';
import { coverage, coverageTable, phrasingsOf, type Axis, type IntentGrammar, type LanguageGrammar } from './axes';
import { samplesOf, type Phrasings } from './expand';
import { englishGrammar } from './en';
import { JAPANESE_GRAMMAR, JAPANESE_LANGUAGE } from './ja';

/**
 * Limits the expansion stays within (test/skill/grammar.test.ts checks every locale's model):
 * - the model as the Skill Management API takes it: "modelDefinition ... must have length less than or
 *   equal to 1000000" (the API's answer to a larger model, quoted in alexa/ask-cli issue 9);
 * - per intent and per sample, Amazon Lex V2's published quotas ("Guidelines and quotas": 1,500 sample
 *   utterances per intent, 500 characters per sample utterance), as a conservative bound where Alexa's
 *   "Interaction model limits" give no figure we could find;
 * - our own budget per locale: virtual-alexa (the sandbox and the tests) tries every sample on every
 *   line, and test/skill/model.test.ts says every sample once, so its time grows with the square.
 *   3,000 left Japanese's setup requests no room for 「もう一台」 and a casual ending after ねえ; 3,050 holds
 *   them (ja 3,038 samples, built-ins included). Cost, timed on the shared 2-core machine: model,
 *   sandbox-phrases, held-out and certification tests 95.2 s of CPU before, 96.4 s after (≈1 %, within the
 *   machine's noise). Twice the Japanese budgets (6,058 samples) also hear two volume requests with a
 *   reason or a degree and a casual ending (third held-out batch 46/48 instead of 44/48), but model.test's
 *   every-sample test for ja-JP takes 26 s of CPU instead of 7 s.
 */
export const MODEL_CHARS_MAX = 1_000_000;
export const SAMPLES_PER_INTENT_MAX = 1_500;
export const SAMPLE_CHARS_MAX = 500;
export const SAMPLES_PER_LOCALE_BUDGET = 3_050;

/** Every intent of the skill's own: the TV commands, which TV, and the setup conversation's requests. */
export type GrammarIntent = TvIntent | typeof CHOOSE_TV_INTENT | typeof ADD_TV_INTENT | typeof SET_UP_TV_INTENT | typeof FORGET_TV_INTENT;
export type GrammarLanguage = 'en' | 'ja';

/**
 * The grammars: English as said in en-US, en-CA and en-IN, British English (en-GB, en-AU: "telly" too),
 * and Japanese.
 */
export type GrammarVariety = 'en' | 'en-GB' | 'ja';
const SOURCES: Record<GrammarVariety, { language: LanguageGrammar; intents: Record<GrammarIntent, IntentGrammar> }> = {
  en: englishGrammar(false), 'en-GB': englishGrammar(true), ja: { language: JAPANESE_LANGUAGE, intents: JAPANESE_GRAMMAR },
};

const phrasings = (variety: GrammarVariety): Record<GrammarIntent, Phrasings> => {
  const { language, intents } = SOURCES[variety];
  return Object.fromEntries((Object.keys(intents) as GrammarIntent[]).map((intent) => [intent, phrasingsOf(language, intents[intent])])) as Record<GrammarIntent, Phrasings>;
};

/** Each language's phrasings of every intent, the axes applied (./axes.ts), as templates. */
export const GRAMMARS: Record<GrammarLanguage, Record<GrammarIntent, Phrasings>> = { en: phrasings('en'), ja: phrasings('ja') };
const BRITISH = phrasings('en-GB');

/** Each intent's samples in the variety, expanded from its phrasings. */
export function grammarSamples(variety: GrammarVariety): Record<GrammarIntent, string[]> {
  const grammar = variety === 'en-GB' ? BRITISH : GRAMMARS[variety];
  return Object.fromEntries((Object.keys(grammar) as GrammarIntent[]).map((intent) => [intent, samplesOf(grammar[intent])])) as Record<GrammarIntent, string[]>;
}

/** Which axes reach which intent in each language, with the reason for each left out. */
export function grammarCoverage(language: GrammarLanguage): Record<GrammarIntent, Record<Axis, string>> {
  const { language: l, intents } = SOURCES[language];
  return coverage(l, intents) as Record<GrammarIntent, Record<Axis, string>>;
}

/** The coverage tables, as `npm run models` prints them. */
export const coverageTables = (): string => (['en', 'ja'] as const)
  .map((language) => coverageTable(`Axes reaching each intent (${language}):`, grammarCoverage(language))).join('\n\n');
