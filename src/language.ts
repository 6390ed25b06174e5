// Which language a request is answered in: Japanese for ja-*, English for every other locale (the
// interaction models are en-* and ja-JP). Decided here only.

export type Language = 'ja' | 'en';

export function languageOf(locale: string | undefined): Language {
  return typeof locale === 'string' && locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function isJapanese(locale: string | undefined): boolean {
  return languageOf(locale) === 'ja';
}
