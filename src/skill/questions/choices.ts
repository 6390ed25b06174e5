// What a person may answer to a list read out: a number or an ordinal, or at "Which one is yours?" a
// maker; read from the TV_CHOICE slot's resolved id. How: docs/architecture.md#choices-file.

import { withoutFiller } from '../../tv/names';

/** Choices read out are numbered 1 to 9 (a longer list is not read out whole). */
export const CHOICE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Ordinals that name a number in the list, per language; the number itself is the value. */
export const ORDINALS: Record<'en' | 'ja', (n: number) => string[]> = {
  en: (n) =>
    [['first'], ['second'], ['third'], ['fourth'], ['fifth'], ['sixth'], ['seventh'], ['eighth'], ['ninth']][n - 1] ??
    [],
  // 「1つ目」 and 「1番目」 come from the samples ({choice}つ目, {choice}番目) with the number as the value.
  ja: (n) => (n === 1 ? ['最初', 'はじめ', '一番最初'] : []),
};

/** Numbers said as words; the stand-in and Alexa mostly send digits, but a custom slot may carry the word. */
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** The first numbers as kanji and as the kana of 「ひとつ目」, 「ふたつ目」… */
const KANJI_NUMBERS = '一二三四五六七八九';
const KANA_COUNTS = ['ひと', 'ふた', 'みっ', 'よっ', 'いつ', 'むっ', 'なな', 'やっ', 'ここの'];

/**
 * The place in a list read out that words name, 1 for the first: a number ("2", "number two"), an
 * ordinal ("the second one", "2nd", 「2つ目のテレビ」, 「二番目」, 「最初の」), or the last ("the last one",
 * 「最後の」; of two, also "the former", "the latter", 「前者」, 「後者」). Undefined when they name no place;
 * a place past the list's end is the caller's to refuse.
 */
export function placeNamed(words: string, count: number): number | undefined {
  const core = answerCore(words);
  return englishPlace(core, count) ?? japanesePlace(core, count);
}

/**
 * An answer without the words people put around what they pick, in the normal form of names: "the one in
 * the bedroom please" and "my bedroom tv" are "bedroom", "the second one" is "second", 「寝室の方でお願い
 * します」 and 「寝室にあるテレビ」 are 「寝室」, 「2つ目のテレビで」 is 「2つ目」.
 */
export function answerCore(words: string): string {
  return withoutFiller(words)
    .replace(/^(?:(?:the )?one (?:in|from) (?:the |my )?|(?:in|on) (?:the |my )|the |my |number )+/u, '')
    .replace(/(?: you (?:said|mentioned|read))$/u, '')
    .replace(/(?: please| thanks| one| only| mate| tv| television| option| choice)+$/u, '')
    .replace(
      /(?:に(?:ある|置いてある))?の?(?:テレビ|tv|やつ|方|ほう)?(?:で|です|にして)?(?:お願いします|お願い|ください)?$/u,
      '',
    );
}

function englishPlace(core: string, count: number): number | undefined {
  const digits = /^(\d+)(?:st|nd|rd|th)?$/u.exec(core);
  if (digits) return Number(digits[1]);
  const n = CHOICE_NUMBERS.find((k) => ORDINALS.en(k).includes(core) || NUMBER_WORDS[k - 1] === core);
  if (n !== undefined) return n;
  if (core === 'last' || core === 'final' || (count === 2 && core === 'latter')) return count;
  return count === 2 && core === 'former' ? 1 : undefined;
}

function japanesePlace(core: string, count: number): number | undefined {
  if (ORDINALS.ja(1).includes(core)) return 1;
  // Of two, 「前の方」 and 「後の方」 (core 前, 後) are the one read first and the one read after it.
  if (['最後', '一番最後', '1番最後'].includes(core) || (count === 2 && ['後者', '後', 'あと', '後ろ'].includes(core)))
    return count;
  if (count === 2 && ['前者', '前', '先'].includes(core)) return 1;
  const counted =
    /^(\d+|[一二三四五六七八九]|ひと|ふた|みっ|よっ|いつ|むっ|なな|やっ|ここの)(?:つ目|つめ|番目|個目|こめ|番)$/u.exec(
      core,
    );
  if (!counted) return undefined;
  const n = counted[1]!;
  return /^\d+$/u.test(n)
    ? Number(n)
    : KANJI_NUMBERS.includes(n)
      ? KANJI_NUMBERS.indexOf(n) + 1
      : KANA_COUNTS.indexOf(n) + 1;
}

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
