// Which prefecture a setup value names: the name in kanji (with or without 都/府/県), in kana, in romaji,
// a 7-digit postal code, or one of the broadcast-area ids TVs were stored with before prefectures
// (kanto, kinki, tokai and their aliases). The tables are src/tv/broadcasters.ts and src/tv/postal-codes.ts.
import { hiragana, normalForm, writtenPostalCode } from '../text';
import { PREFECTURES, type Prefecture } from './broadcasters';
import { POSTAL_EXCEPTIONS, POSTAL_RANGES } from './postal-codes';

/**
 * The ids of the three broadcast areas stored before prefectures, read as the prefecture whose
 * channel buttons they held (the area's own stations: 東京都, 大阪府, 愛知県), with the other ways
 * setup accepted them.
 */
const LEGACY_AREAS: Readonly<Record<string, string>> = {
  kanto: 'tokyo',
  kantou: 'tokyo',
  関東: 'tokyo',
  関東広域圏: 'tokyo',
  kinki: 'osaka',
  kansai: 'osaka',
  近畿: 'osaka',
  関西: 'osaka',
  近畿広域圏: 'osaka',
  tokai: 'aichi',
  chukyo: 'aichi',
  nagoya: 'aichi',
  東海: 'aichi',
  中京: 'aichi',
  名古屋: 'aichi',
};

/** Other romaji people write. */
const ROMAJI_ALIASES: Readonly<Record<string, string>> = { gumma: 'gunma', hiogo: 'hyogo' };

/** A table's own entry: a key such as "constructor" or "__proto__" (from a cookie, say) is no entry. */
const own = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

const BY_ID = new Map(PREFECTURES.map((p) => [p.id, p]));
const BY_CODE = new Map(PREFECTURES.map((p) => [p.code, p]));

export function prefectureById(id: string): Prefecture | undefined {
  return BY_ID.get(id);
}

/** A stored area id (a prefecture's, or kanto/kinki/tokai from before) as the prefecture id it means. */
export function storedAreaId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (BY_ID.has(value)) return value;
  return own(LEGACY_AREAS, value);
}

const SUFFIX = /[都府県]$/u;
/** Romaji compared without macrons, long vowels written out (tōkyō, toukyou, tokyo), spaces or suffixes. */
function romajiKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ou/g, 'o')
    .replace(/oo/g, 'o')
    .replace(/uu/g, 'u');
}
const ROMAJI_SUFFIX = /(?:prefecture|pref|metropolis|ken|fu|to)$/;

function byName(text: string): Prefecture | undefined {
  const plain = normalForm(text).replace(/\s/g, '');
  if (plain === '') return undefined;
  const legacy = own(LEGACY_AREAS, plain);
  if (legacy) return BY_ID.get(legacy);
  const kana = hiragana(plain);
  for (const p of PREFECTURES) {
    const short = p.name.replace(SUFFIX, '');
    if (plain === p.name || plain === short || kana === p.kana || kana === p.kana.replace(/(?:と|ふ|けん)$/u, ''))
      return p;
  }
  if (!/^[\p{Script=Latin}\s\-'.]+$/u.test(text.normalize('NFKC'))) return undefined;
  const key = romajiKey(text);
  const wanted = own(ROMAJI_ALIASES, key) ?? key;
  return PREFECTURES.find((p) => {
    const id = romajiKey(p.id);
    return (
      wanted === id ||
      (wanted.startsWith(id) && ROMAJI_SUFFIX.test(wanted) && ROMAJI_SUFFIX.exec(wanted)!.index === id.length)
    );
  });
}

/** The seven digits of a postal code written 0600001, 060-0001, 〒060-0001 or in full-width digits. */
export function postalCodeDigits(text: string): string | undefined {
  const m = /^〒?\s*(\d{3})\s*[-‐−ー]?\s*(\d{4})$/u.exec(text.normalize('NFKC').trim());
  return m ? `${m[1]}${m[2]}` : undefined;
}

/** The prefecture of a 7-digit postal code, from Japan Post's data; undefined for a prefix not in use. */
export function prefectureOfPostalCode(digits: string): Prefecture | undefined {
  let best: readonly [string, number] | undefined;
  for (const exception of POSTAL_EXCEPTIONS) {
    if (digits.startsWith(exception[0]) && (best === undefined || exception[0].length > best[0].length))
      best = exception;
  }
  if (best) return BY_CODE.get(best[1]);
  const prefix = digits.slice(0, 3);
  const range = POSTAL_RANGES.find(([first, last]) => prefix >= first && prefix <= last);
  return range ? BY_CODE.get(range[2]) : undefined;
}

export type AreaLookup =
  | { found: true; prefecture: Prefecture; postalCode?: string }
  | { found: false; reason: 'unknown-name' | 'unknown-postal-code' };

/** The prefecture a setup value names, by name or postal code. */
export function findArea(text: string): AreaLookup {
  const digits = postalCodeDigits(text);
  if (digits !== undefined) {
    const prefecture = prefectureOfPostalCode(digits);
    return prefecture
      ? { found: true, prefecture, postalCode: writtenPostalCode(digits) }
      : { found: false, reason: 'unknown-postal-code' };
  }
  const prefecture = byName(text);
  return prefecture ? { found: true, prefecture } : { found: false, reason: 'unknown-name' };
}

/** How to write an area, for error messages. */
export const AREA_EXAMPLES =
  'a prefecture such as "北海道", "東京都" or "東京", "とうきょう", "Tokyo", "Kagoshima", or a 7-digit postal code such as "060-0001"';
