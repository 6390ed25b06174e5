// What a person may answer to "Which one is yours?": a number in the list read out, said as a number
// or an ordinal ("two", "the first one", 「1つ目」, 「最初の」), or a maker ("the Sharp", 「シャープの」).
// The interaction models list these as the TV_CHOICE slot type, one entry per id with its words as
// synonyms (models/build.ts); Alexa sends the id it resolved in `resolutionsPerAuthority` (Amazon,
// "Entity Resolution" for custom skills), and the conversation reads the id (conversation.ts).

/** Choices read out are numbered 1 to 9 (a longer list is not read out whole). */
export const CHOICE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Ordinals that name a number in the list, per language; the number itself is the value. */
export const ORDINALS: Record<'en' | 'ja', (n: number) => string[]> = {
  en: (n) => [['first'], ['second'], ['third'], ['fourth'], ['fifth'], ['sixth'], ['seventh'], ['eighth'], ['ninth']][n - 1] ?? [],
  // 「1つ目」 and 「1番目」 come from the samples ({choice}つ目, {choice}番目) with the number as the value.
  ja: (n) => (n === 1 ? ['最初', 'はじめ', '一番最初'] : []),
};

export interface Maker {
  /** The id Alexa resolves to, compared with the preset labels the device cloud returns. */
  id: string;
  /** As written in English: initialisms in capitals, as Amazon's custom slot guidance asks ("Create and Edit Custom Slot Types"). */
  en: string;
  ja: string;
  /**
   * The maker's TV brand, which people say for the maker, in Latin letters and katakana. Sources: the
   * makers' own product sites, jp.sharp/aquos (AQUOS), panasonic.jp/viera (VIERA), sony.jp/bravia
   * (BRAVIA), regza.com (REGZA, TVS REGZA, formerly Toshiba's).
   */
  brand?: [string, string];
}

/** Makers of Japan's TV market and the device cloud's presets. */
export const MAKERS: readonly Maker[] = [
  { id: 'sharp', en: 'Sharp', ja: 'シャープ', brand: ['AQUOS', 'アクオス'] },
  { id: 'panasonic', en: 'Panasonic', ja: 'パナソニック', brand: ['VIERA', 'ビエラ'] },
  { id: 'sony', en: 'Sony', ja: 'ソニー', brand: ['BRAVIA', 'ブラビア'] },
  { id: 'toshiba', en: 'Toshiba', ja: '東芝', brand: ['REGZA', 'レグザ'] },
  { id: 'hitachi', en: 'Hitachi', ja: '日立' },
  { id: 'mitsubishi', en: 'Mitsubishi', ja: '三菱' },
  { id: 'lg', en: 'LG', ja: 'エルジー' },
  { id: 'hisense', en: 'Hisense', ja: 'ハイセンス' },
  { id: 'funai', en: 'Funai', ja: '船井' },
  { id: 'samsung', en: 'Samsung', ja: 'サムスン' },
  { id: 'tcl', en: 'TCL', ja: 'ティーシーエル' },
];

/** The words of a maker that may stand in a preset's label ("SHARP AQUOS"), in the normal form of names. */
export function makerWords(maker: Maker): string[] {
  return [maker.id, maker.ja, ...(maker.brand ?? [])].map((w) => w.normalize('NFKC').toLowerCase());
}
