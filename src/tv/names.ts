// A TV's name as it is spoken: what tells one of the user's TVs from another by voice.
import { normalForm } from '../text';

/**
 * The words that tell a TV apart, in the normal form of names (width, case, composed or decomposed
 * accents, apostrophes and invisible controls make no difference): "The Living Room TV", "living-room
 * television" and "living room" all have the core "living room"; "寝室のテレビ", "寝室ＴＶ" and "寝室" the
 * core "寝室". Empty for a TV named just "TV".
 */
export function nameCore(name: string): string {
  const words = normalForm(name).replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter((w) => w !== '');
  if (words[0] === 'the') words.shift();
  const last = words[words.length - 1];
  if (last === 'tv' || last === 'television') words.pop();
  else if (last === 'v' && words[words.length - 2] === 't') words.splice(-2);
  // "寝室のテレビ", "寝室ＴＶ" (read "寝室tv"): a Japanese name runs into the word for TV with no space.
  else if (last !== undefined && /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(last)) {
    words[words.length - 1] = last.replace(/(?:の)?テレビ$/u, '').replace(/(?<=[^\p{Script=Latin}\p{N}])(?:の)?tv$/u, '');
  }
  return words.filter((w) => w !== '').join(' ');
}
