// The request's locale picks the words, in the language src/language.ts decides.
import type { HandlerInput } from 'ask-sdk-core';
import { languageOf } from '../../language';
import { localeOf } from '../request/envelope';
import { en } from './en';
import { ja } from './ja';
import type { Words } from './types';

export type { FailureWord, StepWords, Words } from './types';

export const WORDS = { en, ja } as const;

/** Read tolerantly: whatever a damaged envelope holds as its locale picks a language, English by default. */
export function wordsFor(locale: unknown): Words {
  return WORDS[languageOf(typeof locale === 'string' ? locale : undefined)];
}

/** The words of the request being handled. */
export function words(input: HandlerInput): Words {
  return wordsFor(localeOf(input.requestEnvelope));
}
