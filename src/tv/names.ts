// A TV's name as it is spoken: what tells one of the user's TVs from another by voice.

/**
 * The words that tell a TV apart: "The Living Room TV", "living-room television" and "living room" all
 * have the core "living room"; "寝室のテレビ" and "寝室" the core "寝室". Empty for a TV named just "TV".
 */
export function nameCore(name: string): string {
  const words = name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter((w) => w !== '');
  if (words[0] === 'the') words.shift();
  const last = words[words.length - 1];
  if (last === 'tv' || last === 'television') words.pop();
  else if (last === 'v' && words[words.length - 2] === 't') words.splice(-2);
  else if (last !== undefined && /テレビ$/u.test(last)) words[words.length - 1] = last.replace(/(?:の)?テレビ$/u, '');
  return words.filter((w) => w !== '').join(' ');
}
