import { normalForm, withoutXmlForbidden, xmlForbiddenCharacter } from '../../src/text';

describe('normalForm: names that sound alike share it', () => {
  it.each([
    ['full width', 'Bedroom', 'Ｂｅｄｒｏｏｍ'],
    ['NFC and NFD', 'Caf\u00e9', 'Cafe\u0301'],
    ['apostrophe', 'Kids', "Kid's"],
    ['typographic apostrophe', 'Kids', 'Kid\u2019s'],
    ['zero-width space', 'Garage', 'Gar\u200Bage'],
    ['bidi control', 'Garage', '\u202EGarage\u202C'],
    ['hyphen and spacing', 'living room', ' Living-Room '],
    ['full-width Japanese', '寝室TV', '寝室ＴＶ'],
    ['full-width digit', 'Room 2', 'Ｒｏｏｍ　２'],
    ['sharp s', 'strasse', 'STRAßE'],
  ])('%s', (_, a, b) => {
    expect(normalForm(a)).toBe(normalForm(b));
  });

  it('keeps words apart and different names different', () => {
    expect(normalForm('Living Room TV')).toBe('living room tv');
    expect(normalForm('Bedroom')).not.toBe(normalForm('Bathroom'));
    expect(normalForm('寝室のテレビ')).toBe('寝室のテレビ');
  });
});

describe('XML 1.0 characters', () => {
  it.each([
    ['U+FFFF', 'TV\uFFFF', 'U+FFFF'],
    ['U+FFFE', '\uFFFETV', 'U+FFFE'],
    ['a lone high surrogate', 'T\uD83DV', 'U+D83D'],
    ['a lone low surrogate', 'TV\uDE00', 'U+DE00'],
    ['a control', 'T\u0001V', 'U+0001'],
  ])('finds %s', (_, text, found) => {
    expect(xmlForbiddenCharacter(text)).toBe(found);
    expect(xmlForbiddenCharacter(withoutXmlForbidden(text))).toBeUndefined();
  });

  it.each([
    ['emoji', 'TV \u{1F4FA}'],
    ['Japanese', '寝室のテレビ'],
    ['tab and newline', 'a\tb\nc'],
  ])('allows %s', (_, text) => {
    expect(xmlForbiddenCharacter(text)).toBeUndefined();
    expect(withoutXmlForbidden(text)).toBe(text);
  });
});
