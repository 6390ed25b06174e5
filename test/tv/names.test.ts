import { nameCore } from '../../src/tv/names';

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
  ])('of "%s" is "%s"', (name, core) => {
    expect(nameCore(name)).toBe(core);
  });
});
