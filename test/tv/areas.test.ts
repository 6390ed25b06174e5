// Setup's `area`: a prefecture however it is written, a postal code, or an id stored before prefectures.
import { findArea, postalCodeDigits, prefectureOfPostalCode, storedAreaId } from '../../src/tv/areas';
import { PREFECTURES } from '../../src/tv/broadcasters';
import { channelNamesFromCookie } from '../../src/smarthome/endpoint';
import { readChannelNames } from '../../src/tv/channels';

const found = (text: string): string | undefined => {
  const choice = findArea(text);
  return choice.found ? choice.prefecture.name : undefined;
};

describe('a prefecture by name', () => {
  it.each(PREFECTURES.map((p) => [p.name, p] as const))(
    '%s: kanji with and without 都/府/県, hiragana, katakana, romaji',
    (_n, p) => {
      const short = p.name === '北海道' ? p.name : p.name.slice(0, -1);
      const kata = p.kana.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
      for (const spelling of [p.name, short, p.kana, kata, p.romaji, p.romaji.toUpperCase(), p.id, ` ${p.romaji} `]) {
        expect([spelling, found(spelling)]).toEqual([spelling, p.name]);
      }
    },
  );

  it.each([
    ['東京', '東京都'],
    ['とうきょう', '東京都'],
    ['Tōkyō', '東京都'],
    ['toukyou', '東京都'],
    ['Tokyo-to', '東京都'],
    ['tokyo metropolis', '東京都'],
    ['京都', '京都府'],
    ['kyoto-fu', '京都府'],
    ['きょうと', '京都府'],
    ['oosaka', '大阪府'],
    ['Osaka Prefecture', '大阪府'],
    ['hokkaidou', '北海道'],
    ['Hyōgo', '兵庫県'],
    ['kouchi', '高知県'],
    ['Ōita', '大分県'],
    ['Kagoshima-ken', '鹿児島県'],
    ['ＨＯＫＫＡＩＤＯ', '北海道'],
    ['gumma', '群馬県'],
  ])('%s is %s', (text, name) => {
    expect(found(text)).toBe(name);
  });

  it('reads the broadcast areas of before as the prefecture whose buttons they held', () => {
    expect(['kanto', 'Kansai', 'kinki', 'tokai', '関東', '近畿', '名古屋', 'nagoya'].map(found)).toEqual([
      '東京都',
      '大阪府',
      '大阪府',
      '愛知県',
      '東京都',
      '大阪府',
      '愛知県',
      '愛知県',
    ]);
    expect(['kanto', 'kinki', 'tokai', 'hokkaido', 'mars', 7, undefined].map(storedAreaId)).toEqual([
      'tokyo',
      'osaka',
      'aichi',
      'hokkaido',
      undefined,
      undefined,
      undefined,
    ]);
  });

  // A cookie or an item is read through these tables: a property every object has is no area.
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'reads %s as no area, stored or given',
    (key) => {
      expect(storedAreaId(key)).toBeUndefined();
      expect(readChannelNames({ area: key })).toBeUndefined();
      expect(channelNamesFromCookie({ channelArea: key })).toBeUndefined();
      expect(findArea(key)).toEqual({ found: false, reason: 'unknown-name' });
    },
  );

  it('finds nothing for what is not a prefecture', () => {
    for (const text of ['atlantis', '東', 'to', 'ken', '', 'とう', 'kyo', '東京都都', 'tokyoo-ken-fu'])
      expect([text, findArea(text).found]).toEqual([text, false]);
  });
});

describe('a prefecture by postal code', () => {
  it.each([
    ['060-0001', '北海道'],
    ['0600001', '北海道'],
    ['〒100-0001', '東京都'],
    ['１００－０００１', '東京都'],
    ['530 0001', '大阪府'],
    ['460-0001', '愛知県'],
    ['980-0001', '宮城県'],
    ['900-0001', '沖縄県'],
    ['812-0011', '福岡県'],
    ['890-0053', '鹿児島県'],
  ])('%s is in %s', (code, name) => {
    expect(found(code)).toBe(name);
  });

  it('follows the border where a 3-digit prefix spans two prefectures', () => {
    expect(found('498-0801')).toBe('三重県'); // 木曽岬町
    expect(found('498-0001')).toBe('愛知県'); // 弥富市
    expect(found('811-5101')).toBe('長崎県'); // 壱岐市
    expect(found('811-0101')).toBe('福岡県');
    expect(found('684-0101')).toBe('島根県'); // 隠岐
    expect(found('684-0001')).toBe('鳥取県'); // 境港市
    expect(found('871-0801')).toBe('福岡県'); // 吉富町
    expect(found('871-0001')).toBe('大分県'); // 中津市
    expect(found('618-0071')).toBe('京都府'); // 大山崎町
    expect(found('618-0001')).toBe('大阪府'); // 島本町
  });

  it('knows every prefecture by some postal code, and refuses a prefix not in use', () => {
    const reached = new Set<string>();
    for (let prefix = 0; prefix < 1000; prefix++) {
      const p = prefectureOfPostalCode(`${String(prefix).padStart(3, '0')}0000`);
      if (p) reached.add(p.name);
    }
    expect(reached.size).toBe(47);
    expect(findArea('000-0000')).toEqual({ found: false, reason: 'unknown-postal-code' });
    expect(findArea('209-0000')).toEqual({ found: false, reason: 'unknown-postal-code' });
  });

  it('reads only seven digits as a postal code', () => {
    expect(['060-0001', '〒0600001', '０６０ー０００１', '060-00011', '06-00001', '060'].map(postalCodeDigits)).toEqual(
      ['0600001', '0600001', '0600001', undefined, undefined, undefined],
    );
  });
});
