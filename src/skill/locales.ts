// The locales the skill speaks: an interaction model each (models/build.ts writes them), and the
// sandbox's choice of Echo. Words go by language (words/index.ts): ja-JP Japanese, the rest English.
export const ENGLISH_LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN'] as const;
export const LOCALES = [...ENGLISH_LOCALES, 'ja-JP'] as const;
export type ModelLocale = (typeof LOCALES)[number];
