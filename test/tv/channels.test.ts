// Channel names: the broadcaster table per area, the user's own names, and the cookie form the
// smart-home door carries them in.
import {
  BROADCAST_AREAS, channelNamesFromCookie, channelNamesToCookie, findArea, knownChannelNames, readChannelNames, resolveChannelName,
  type ChannelNames,
} from '../../src/tv/channels';

const tokyo: ChannelNames = { area: 'kanto' };
const osaka: ChannelNames = { area: 'kinki' };

describe('the broadcaster table', () => {
  it.each([
    ['NHK総合', 1], ['NHK', 1], ['Eテレ', 2], ['教育', 2], ['日テレ', 4], ['日本テレビ', 4], ['テレ朝', 5], ['TBS', 6],
    ['テレ東', 7], ['テレビ東京', 7], ['フジテレビ', 8], ['フジ', 8], ['TOKYO MX', 9], ['ＭＸ', 9], ['fuji tv', 8],
  ])('Tokyo: %s is button %i', (name, channel) => {
    expect(resolveChannelName(name, tokyo)).toMatchObject({ found: true, channel });
  });

  it.each([['MBS', 4], ['毎日放送', 4], ['ABCテレビ', 6], ['テレビ大阪', 7], ['関テレ', 8], ['カンテレ', 8], ['読売テレビ', 10], ['ytv', 10], ['NHK', 1]])(
    'Osaka: %s is button %i', (name, channel) => {
      expect(resolveChannelName(name, osaka)).toMatchObject({ found: true, channel });
    },
  );

  it('says back the station name however it was asked for', () => {
    expect(resolveChannelName('フジ', tokyo)).toEqual({ found: true, channel: 8, name: 'フジテレビ', matched: 'フジ' });
  });

  it('keeps every area inside the buttons 1..12, one station per button', () => {
    for (const area of Object.values(BROADCAST_AREAS)) {
      const buttons = area.stations.map((s) => s.channel);
      expect(new Set(buttons).size).toBe(buttons.length);
      for (const b of buttons) expect(b >= 1 && b <= 12).toBe(true);
    }
  });

  it('knows only the stations of the chosen area: Tokyo MX is not an Osaka channel', () => {
    expect(resolveChannelName('TOKYO MX', osaka)).toEqual({ found: false, known: knownChannelNames(osaka) });
    expect(knownChannelNames(osaka).map((k) => k.name)).toEqual(['NHK総合', 'NHK Eテレ', 'MBS毎日放送', 'ABCテレビ', 'テレビ大阪', '関西テレビ', '読売テレビ']);
  });

  it('finds areas by id, city or Japanese name, and nothing else', () => {
    expect(['kanto', 'Tokyo', '関東', '東京'].map(findArea)).toEqual(['kanto', 'kanto', 'kanto', 'kanto']);
    expect(['osaka', 'Kansai', '近畿', '大阪'].map(findArea)).toEqual(['kinki', 'kinki', 'kinki', 'kinki']);
    expect(findArea('名古屋')).toBe('tokai');
    expect(findArea('atlantis')).toBeUndefined();
  });
});

describe("the user's own names", () => {
  const mine: ChannelNames = { area: 'kanto', map: { 'BBC One': 1, 'Movie box': 12 } };

  it('win over the area and are found however they are written', () => {
    expect(resolveChannelName('bbc  one', mine)).toEqual({ found: true, channel: 1, name: 'BBC One', matched: 'BBC One' });
    expect(resolveChannelName('movie box', mine)).toMatchObject({ channel: 12 });
  });

  it('come first among the known names when a name is unknown', () => {
    expect(resolveChannelName('CNN', mine)).toEqual({
      found: false,
      known: [{ name: 'BBC One', names: ['BBC One'] }, { name: 'Movie box', names: ['Movie box'] }, ...knownChannelNames(tokyo)],
    });
  });

  it('try each candidate in turn (the resolved catalogue value, then the words heard)', () => {
    expect(resolveChannelName(['unknown words', 'フジ'], tokyo)).toMatchObject({ channel: 8 });
  });

  it('leave nothing to resolve when no names were chosen', () => {
    expect(resolveChannelName('フジテレビ', undefined)).toEqual({ found: false, known: [] });
  });
});

describe('the cookie form', () => {
  it('carries the area and the map as strings, and reads back the same', () => {
    const names: ChannelNames = { area: 'kinki', map: { 'My DVD': 11 } };
    const cookie = channelNamesToCookie(names);
    expect(Object.values(cookie).every((v) => typeof v === 'string')).toBe(true);
    expect(channelNamesFromCookie(cookie)).toEqual(names);
  });

  it('stays small: the largest map allowed fits well inside the smart-home cookie budget', () => {
    const map = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`${'名'.repeat(30)}${i}`, (i % 12) + 1]));
    expect(Buffer.byteLength(JSON.stringify(channelNamesToCookie({ area: 'kanto', map })))).toBeLessThan(3000);
  });

  it('reads malformed values as absent rather than failing', () => {
    expect(channelNamesFromCookie({ channelArea: 'mars', channelMap: '{not json' })).toBeUndefined();
    expect(readChannelNames({ area: 'kanto', map: { ok: 3, bad: 40, text: 'x' } })).toEqual({ area: 'kanto', map: { ok: 3 } });
  });
});
