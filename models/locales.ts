// The locales with an interaction model (models/<locale>.json), apart from models/build.ts: loading that
// expands every grammar (about half a second), which the sandbox and the tests that read a built model
// do not need.
import path from 'node:path';

export const ENGLISH_LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN'] as const;
export const LOCALES = [...ENGLISH_LOCALES, 'ja-JP'] as const;
export type ModelLocale = (typeof LOCALES)[number];

/** Where a locale's built model is (models/build.ts writes it). */
export const modelFile = (locale: ModelLocale): string => path.join(__dirname, `${locale}.json`);
