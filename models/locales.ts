// The locales with an interaction model (models/<locale>.json), apart from models/build.ts: loading that
// expands every grammar (about half a second), which the sandbox, naming its locales, does not need.
export const ENGLISH_LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN'] as const;
export const LOCALES = [...ENGLISH_LOCALES, 'ja-JP'] as const;
export type ModelLocale = (typeof LOCALES)[number];
