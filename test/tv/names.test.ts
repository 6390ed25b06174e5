import { nameCore, namesNothing } from '../../src/tv/names';

describe('the spoken core of a TV name', () => {
  it.each([
    ['Living room TV', 'living room'],
    ['the Living-Room Television', 'living room'],
    ['living room', 'living room'],
    ['Bedroom T.V.', 'bedroom'],
    ["Kids' TV", 'kids'],
    ['TV', ''],
    ['The TV', ''],
    ['TV room', 'tv room'],
    ['寝室のテレビ', '寝室'],
    ['テレビ', ''],
    // In the normal form of names: what Alexa writes down for them is the same core.
    ['Ｂｅｄｒｏｏｍ ＴＶ', 'bedroom'],
    ['Ｒｏｏｍ ２', 'room 2'],
    ['ＴＶ', ''],
    ['寝室ＴＶ', '寝室'],
    ['寝室のtv', '寝室'],
    ['NHKテレビ', 'nhk'],
    ['リビングテレビ', 'リビング'],
    ['Cafe\u0301', 'café'],
    ["Kid's TV", 'kids'],
    ['Kid\u2019s TV', 'kids'],
    ['Gar\u200Bage', 'garage'],
    ['\u202EDen\u202C', 'den'],
    ['2tv', '2tv'],
  ])('of "%s" is "%s"', (name, core) => {
    expect(nameCore(name)).toBe(core);
  });
});

describe('words that name nothing', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['umm', true],
    ['Umm', true],
    ['えーと', true],
    ['ｕｍｍ', true],
    ['bedroom', false],
    ['umm bedroom', false],
    ['寝室', false],
    ['well room', false],
  ])('"%s": %s', (words, nothing) => {
    expect(namesNothing(words)).toBe(nothing);
  });
});
