// Text that people type or Alexa hears: one normal form to compare names in, and the test for what XML
// (so SSML and JSON that Alexa parses as XML-safe text) can carry at all.

/** Zero-width and bidi controls and other invisible format characters (Unicode category Cf). */
const INVISIBLE = /\p{Cf}/gu;
/** Apostrophes vanish ("Kid's" is heard as "Kids"). */
const APOSTROPHES = /['\u2018\u2019\u02BC\u02BB\uFF07`\u00B4]/gu;
/** Punctuation that speech drops becomes a space ("living-room" is heard as "living room"). */
const SPOKEN_AS_SPACE = /[\p{P}\s]+/gu;

/**
 * The one normal form for names (TV, remote, channel, area): Unicode NFKC, case-folded, with invisible
 * controls and apostrophes removed and other punctuation and spacing as one space, trimmed. Two names
 * with the same normal form sound alike; what Alexa heard is matched in this form too.
 */
export function normalForm(text: string): string {
  // toUpperCase().toLowerCase() is the full case folding JavaScript has: "ß" -> "SS" -> "ss".
  const folded = text.normalize('NFKC').replace(INVISIBLE, '').toUpperCase().toLowerCase().normalize('NFKC');
  return folded.replace(APOSTROPHES, '').replace(SPOKEN_AS_SPACE, ' ').trim();
}

/**
 * A character XML 1.0 does not allow (controls but tab and line breaks, U+FFFE, U+FFFF, a lone
 * surrogate); with the `u` flag a lone surrogate is matched as the code point it is.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The first character XML 1.0 forbids in the text, as U+XXXX, or undefined when it has none. */
export function xmlForbiddenCharacter(text: string): string | undefined {
  const found = XML_FORBIDDEN.exec(text);
  if (found === null) return undefined;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The text with every character XML 1.0 forbids removed. */
export function withoutXmlForbidden(text: string): string {
  return text.replace(new RegExp(XML_FORBIDDEN.source, 'gu'), '');
}

/**
 * Text Alexa or Google shows or says: without the characters XML forbids (a name stored before setup refused
 * them), at most `max` UTF-16 units, cut at a code point so no half of a surrogate pair is left, and never empty.
 */
export function clip(text: string, max: number, fallback = 'TV'): string {
  let out = withoutXmlForbidden(text).trim();
  if (out.length > max) out = withoutXmlForbidden(out.slice(0, max)).trim();
  return out === '' ? fallback : out;
}

/** Katakana as hiragana, so トウキョウ reads as とうきょう. */
export function hiragana(text: string): string {
  return text.replace(/[\u30A1-\u30F6]/gu, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** A Japanese postal code's seven digits as it is written: "0600001" -> "060-0001". */
export function writtenPostalCode(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}
