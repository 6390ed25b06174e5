// A place in a list read out, as people say it (src/skill/questions/choices.ts `placeNamed`): "Which TV?" and
// "Which one is yours?" both read their answers with it.
import { answerCore, placeNamed } from '../../src/skill/questions/choices';

describe.each([
  // English: numbers, ordinals, and the last, with the words Alexa may leave around them.
  ['the first one', 3, 1],
  ['second', 3, 2],
  ['the 2nd one', 3, 2],
  ['number two', 3, 2],
  ['number 3', 3, 3],
  ['3', 3, 3],
  ['one', 3, 1],
  ['the Third TV', 3, 3],
  ['the last one', 3, 3],
  ['the latter', 2, 2],
  ['the former', 2, 1],
  // Japanese: 最初, counted places in digits, full width, kanji and kana, and 最後, with the particles around them.
  ['最初の', 3, 1],
  ['最初のテレビで', 3, 1],
  ['一番最初', 3, 1],
  ['2つ目', 3, 2],
  ['２つ目のテレビ', 3, 2],
  ['二つ目', 3, 2],
  ['ふたつめ', 3, 2],
  ['3番目のやつ', 3, 3],
  ['一番', 3, 1],
  ['最後の', 3, 3],
  ['後者', 2, 2],
  ['前者', 2, 1],
  ['前の方', 2, 1],
  ['後のほう', 2, 2],
  ['2つ目でお願いします', 3, 2],
  ['uh the first one you said', 3, 1],
  ['えっと最初の', 3, 1],
  // A place past the end is still read: the caller finds no entry there and says so.
  ['the fifth one', 2, 5],
] as const)('"%s" of %i', (words, count, place) => {
  it(`is place ${place}`, () => expect(placeNamed(words, count)).toBe(place));
});

describe.each([
  // Names and words that are no place: a floor, a maker, a filler; "the latter" of three is unclear.
  ['first floor', 3],
  ['二階', 3],
  ['一階のテレビ', 3],
  ['the sharp', 3],
  ['umm', 3],
  ['', 3],
  ['bedroom', 2],
  ['the latter', 3],
  ['後者', 3],
  ['second floor tv', 2],
  ['前の方', 3],
] as const)('"%s" of %i', (words, count) => {
  it('names no place', () => expect(placeNamed(words, count)).toBeUndefined());
});

describe.each([
  // The words people put around what they pick, in both languages, and a thinking sound before them.
  ['the one in the bedroom please', 'bedroom'],
  ['my bedroom tv', 'bedroom'],
  ['the living room one', 'living room'],
  ['kitchen only', 'kitchen'],
  ['um kids room', 'kids room'],
  ['寝室の方でお願いします', '寝室'],
  ['寝室にあるテレビ', '寝室'],
  ['リビングのやつ', 'リビング'],
  ['えーと子供部屋のテレビ', '子供部屋'],
  ['あのー寝室', '寝室'],
  ['2つ目のテレビで', '2つ目'],
  // A name is left whole.
  ['first floor', 'first floor'],
  ['二階', '二階'],
  ['Bedroom', 'bedroom'],
] as const)('"%s"', (words, core) => {
  it(`is at heart "${core}"`, () => expect(answerCore(words)).toBe(core));
});
