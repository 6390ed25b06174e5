// A TV's name as it is spoken: what tells one of the user's TVs from another by voice.
import { normalForm } from '../text';

/**
 * The words that tell a TV apart, in the normal form of names (width, case, composed or decomposed
 * accents, apostrophes and invisible controls make no difference): "The Living Room TV", "living-room
 * television" and "living room" all have the core "living room"; "寝室のテレビ", "寝室ＴＶ" and "寝室" the
 * core "寝室". Empty for a TV named just "TV".
 */
export function nameCore(name: string): string {
  const words = normalForm(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  if (words[0] === 'the') words.shift();
  const last = words[words.length - 1];
  if (last === 'tv' || last === 'television') words.pop();
  else if (last === 'v' && words[words.length - 2] === 't') words.splice(-2);
  // "寝室のテレビ", "寝室ＴＶ" (read "寝室tv"): a Japanese name runs into the word for TV with no space.
  else if (last !== undefined && /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(last)) {
    words[words.length - 1] = last
      .replace(/(?:の)?テレビ$/u, '')
      .replace(/(?<=[^\p{Script=Latin}\p{N}])(?:の)?tv$/u, '');
  }
  return words.filter((w) => w !== '').join(' ');
}

/** Sounds people make while they think, which Alexa may hear as a name: they name no TV. */
const FILLERS = new Set([
  'um',
  'umm',
  'uh',
  'uhm',
  'er',
  'erm',
  'hmm',
  'hm',
  'well',
  'えーと',
  'えっと',
  'ええと',
  'えー',
  'あの',
  'あのー',
  'うーん',
  'んー',
]);

/** The longest first: 「あのー寝室」 loses 「あのー」, not 「あの」. */
const FILLERS_LONGEST_FIRST = [...FILLERS].sort((a, b) => b.length - a.length);

/** The words without a sound made while thinking before them: "uh the kitchen" is "the kitchen", 「えっとキッチン」 「キッチン」. */
export function withoutFiller(words: string): string {
  const said = normalForm(words);
  const filler = FILLERS_LONGEST_FIRST.find(
    (f) =>
      said.startsWith(`${f} `) || (/^\p{Script=Hiragana}/u.test(f) && said.startsWith(f) && said.length > f.length),
  );
  return filler === undefined ? said : said.slice(filler.length).trim();
}

/** True when the words name nothing: empty, or only a sound made while thinking ("umm", 「えーと」). */
export function namesNothing(words: string): boolean {
  const said = normalForm(words);
  return said === '' || FILLERS.has(said);
}

/** The longest name a TV or remote may have (setup refuses longer ones; the conversation says so before the read-back). */
export const NAME_MAX = 64;

/** A trailing word for TV, in any width and case once in NFKC (ＴＶ, ｔｖ, TV, Television, テレビ). */
const LATIN_TV = /(?:^|\s)(?:the\s+)?(?:tv|t\.\s?v\.?|television)$/iu;
const JAPANESE_TV = /(?:の)?(?:テレビ|tv)$/iu;

/**
 * The TV's name as the person will say it to Alexa, from the words they gave: "bedroom" becomes
 * "bedroom TV", "the bedroom ＴＶ" "bedroom TV"; 「寝室」 becomes 「寝室のテレビ」, 「寝室ＴＶ」 stays itself once
 * in NFKC (「寝室TV」). Width and compatibility forms are folded (NFKC), so "bedroom ＴＶ" can never
 * become a second TV beside "bedroom TV": both have the core "bedroom".
 */
export function spokenTvName(words: string, japanese: boolean): string {
  const plain = words.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  if (japanese) return JAPANESE_TV.test(plain) ? plain : `${plain}のテレビ`;
  const spoken = plain.replace(/^the\s+/iu, '');
  return LATIN_TV.test(spoken) ? spoken.replace(LATIN_TV, (m) => `${/^\s/u.test(m) ? ' ' : ''}TV`) : `${spoken} TV`;
}
