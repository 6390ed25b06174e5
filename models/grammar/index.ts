// The grammar of every language: the phrasings of every intent of the skill's own, expanded into the
// samples models/build.ts writes. One source for what hears: the models, the sandbox reading the custom
// model through them, and the example phrases of README.md and docs/ja.md (test/readme.test.ts).
import type { ADD_TV_INTENT, CHOOSE_TV_INTENT, FORGET_TV_INTENT, SET_UP_TV_INTENT, TvIntent } from '../../src/skill/intents';
import { samplesOf, type Phrasings } from './expand';
import { ENGLISH_GRAMMAR } from './en';
import { JAPANESE_GRAMMAR } from './ja';

/**
 * Limits the expansion stays within (test/skill/grammar.test.ts checks every locale's model):
 * - the model as the Skill Management API takes it: "modelDefinition ... must have length less than or
 *   equal to 1000000" (the API's answer to a larger model, quoted in alexa/ask-cli issue 9);
 * - per intent and per sample, Amazon Lex V2's published quotas ("Guidelines and quotas": 1,500 sample
 *   utterances per intent, 500 characters per sample utterance), as a conservative bound where Alexa's
 *   "Interaction model limits" give no figure we could find;
 * - our own budget per locale: virtual-alexa (the sandbox and the tests) tries every sample on every
 *   line, and test/skill/model.test.ts says every sample once, so its time grows with the square.
 */
export const MODEL_CHARS_MAX = 1_000_000;
export const SAMPLES_PER_INTENT_MAX = 1_500;
export const SAMPLE_CHARS_MAX = 500;
export const SAMPLES_PER_LOCALE_BUDGET = 3_000;

/** Every intent of the skill's own: the TV commands, which TV, and the setup conversation's requests. */
export type GrammarIntent = TvIntent | typeof CHOOSE_TV_INTENT | typeof ADD_TV_INTENT | typeof SET_UP_TV_INTENT | typeof FORGET_TV_INTENT;
export type GrammarLanguage = 'en' | 'ja';

export const GRAMMARS: Record<GrammarLanguage, Record<GrammarIntent, Phrasings>> = { en: ENGLISH_GRAMMAR, ja: JAPANESE_GRAMMAR };

/** Each intent's samples in the language, expanded from its phrasings. */
export function grammarSamples(language: GrammarLanguage): Record<GrammarIntent, string[]> {
  const grammar = GRAMMARS[language];
  return Object.fromEntries((Object.keys(grammar) as GrammarIntent[]).map((intent) => [intent, samplesOf(grammar[intent])])) as Record<GrammarIntent, string[]>;
}
