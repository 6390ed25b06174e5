// Channel names: the broadcaster table of the TV's prefecture, the user's own names, and the cookie form
// the smart-home door carries them in (src/alexa/endpoint.ts writes it, src/smarthome/endpoint.ts reads it).
import {
  ChannelNamesError,
  channelByName,
  knownChannelNames,
  parseChannelNames,
  readChannelNames,
  resolveChannelName,
  StationElsewhere,
  UnknownChannelName,
  type ChannelNames,
} from '../../src/tv/channels';
import { TvRefusal } from '../../src/tv/control';
import { channelNamesToCookie } from '../../src/alexa/endpoint';
import { channelNamesFromCookie } from '../../src/smarthome/endpoint';

const tokyo: ChannelNames = { area: 'tokyo' };
const osaka: ChannelNames = { area: 'osaka' };

describe('the broadcaster table', () => {
  it.each([
    ['NHK総合', 1],
    ['NHK', 1],
    ['Eテレ', 2],
    ['教育', 2],
    ['日テレ', 4],
    ['日本テレビ', 4],
    ['テレ朝', 5],
    ['TBS', 6],
    ['テレ東', 7],
    ['テレビ東京', 7],
    ['フジテレビ', 8],
    ['フジ', 8],
    ['TOKYO MX', 9],
    ['ＭＸ', 9],
    ['fuji tv', 8],
  ])('Tokyo: %s is button %i', (name, channel) => {
    expect(resolveChannelName(name, tokyo)).toMatchObject({ found: true, channel });
  });

  it.each([
    ['MBS', 4],
    ['毎日放送', 4],
    ['ABCテレビ', 6],
    ['テレビ大阪', 7],
    ['関テレ', 8],
    ['カンテレ', 8],
    ['読売テレビ', 10],
    ['ytv', 10],
    ['NHK', 1],
  ])('Osaka: %s is button %i', (name, channel) => {
    expect(resolveChannelName(name, osaka)).toMatchObject({ found: true, channel });
  });

  it('says back the station name however it was asked for', () => {
    expect(resolveChannelName('フジ', tokyo)).toEqual({ found: true, channel: 8, name: 'フジテレビ', matched: 'フジ' });
  });

  it("knows only the stations of the chosen prefecture: TOKYO MX in Osaka is said to be Tokyo's, not tuned", () => {
    expect(resolveChannelName('TOKYO MX', osaka)).toEqual({
      found: false,
      known: knownChannelNames(osaka),
      elsewhere: {
        name: 'TOKYO MX',
        prefectures: [{ name: '東京都', romaji: 'Tokyo' }],
        here: { name: '大阪府', romaji: 'Osaka' },
      },
    });
    expect(knownChannelNames(osaka).map((k) => k.name)).toEqual([
      'NHK総合',
      'NHK Eテレ',
      'MBS毎日放送',
      'ABCテレビ',
      'テレビ大阪',
      '関西テレビ',
      '読売テレビ',
    ]);
    expect(resolveChannelName('TBS', { area: 'hokkaido' })).toMatchObject({
      found: false,
      elsewhere: { name: 'TBS', here: { name: '北海道' } },
    });
    expect(resolveChannelName('名前のない局', osaka)).toEqual({ found: false, known: knownChannelNames(osaka) });
  });

  it('gives each prefecture its own buttons for the same name: NHK is 1 in Tokyo, 3 in Sapporo and Fukuoka', () => {
    expect(['tokyo', 'hokkaido', 'fukuoka', 'aichi'].map((area) => resolveChannelName('NHK', { area }))).toMatchObject([
      { channel: 1 },
      { channel: 3 },
      { channel: 3 },
      { channel: 3 },
    ]);
    expect(resolveChannelName('tvk', { area: 'kanagawa' })).toMatchObject({ channel: 3, name: 'tvk' });
    expect(resolveChannelName('テレ玉', { area: 'saitama' })).toMatchObject({ channel: 3 });
    expect(resolveChannelName('サンテレビ', { area: 'hyogo' })).toMatchObject({ channel: 3 });
    expect(resolveChannelName('メーテレ', { area: 'aichi' })).toMatchObject({ channel: 6, name: 'メ〜テレ' });
    expect(resolveChannelName('めーてれ', { area: 'gifu' })).toMatchObject({ channel: 6 });
  });

  it('reads the areas stored before prefectures as Tokyo, Osaka and Aichi, with the same buttons', () => {
    expect(resolveChannelName('TOKYO MX', { area: 'kanto' })).toMatchObject({ channel: 9 });
    expect(resolveChannelName('テレビ大阪', { area: 'kinki' })).toMatchObject({ channel: 7 });
    expect(resolveChannelName('テレビ愛知', { area: 'tokai' })).toMatchObject({ channel: 10 });
    expect(readChannelNames({ area: 'kanto' })).toEqual({ area: 'tokyo' });
  });
});

describe("setup's area field", () => {
  it('takes a prefecture however written, or a postal code, and stores its id', () => {
    expect(parseChannelNames('北海道', undefined)).toEqual({ area: 'hokkaido' });
    expect(parseChannelNames('Kagoshima', undefined)).toEqual({ area: 'kagoshima' });
    expect(parseChannelNames('060-0001', undefined)).toEqual({ area: 'hokkaido' });
    expect(parseChannelNames('kanto', undefined)).toEqual({ area: 'tokyo' });
  });

  it('refuses an unknown area naming the field, with how to write one', () => {
    for (const bad of ['atlantis', '000-0000', '', 42]) {
      let thrown: unknown;
      try {
        parseChannelNames(bad, undefined);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ChannelNamesError);
      expect((thrown as ChannelNamesError).field).toBe('area');
      expect((thrown as ChannelNamesError).message).toMatch(/^area .*"東京都".*postal code/);
    }
  });
});

describe("the user's own names", () => {
  const mine: ChannelNames = { area: 'tokyo', map: { 'BBC One': 1, 'Movie box': 12 } };

  it('win over the area and are found however they are written', () => {
    expect(resolveChannelName('bbc  one', mine)).toEqual({
      found: true,
      channel: 1,
      name: 'BBC One',
      matched: 'BBC One',
    });
    expect(resolveChannelName('movie box', mine)).toMatchObject({ channel: 12 });
  });

  it('come first among the known names when a name is unknown', () => {
    expect(resolveChannelName('CNN', mine)).toEqual({
      found: false,
      known: [
        { name: 'BBC One', names: ['BBC One'] },
        { name: 'Movie box', names: ['Movie box'] },
        ...knownChannelNames(tokyo),
      ],
    });
  });

  it.each([
    ['as the station writes it', 'フジテレビ'],
    ['in another width and script', 'ふじてれび'],
    ['in full width', 'ＴＢＳ'],
  ])('replace a station of the same name among the known names, %s', (_how, own) => {
    const names: ChannelNames = { area: 'tokyo', map: { [own]: 3 } };
    const known = knownChannelNames(names);
    expect(known[0]).toEqual({ name: own, names: [own] });
    // What the list offers under that name is what saying it tunes: the own button.
    expect(
      known
        .slice(1)
        .filter(
          (k) =>
            resolveChannelName(k.name, names).found &&
            (resolveChannelName(k.name, names) as { channel: number }).channel === 3,
        ),
    ).toEqual([]);
  });

  it('try each candidate in turn (the resolved catalogue value, then the words heard)', () => {
    expect(resolveChannelName(['unknown words', 'フジ'], tokyo)).toMatchObject({ channel: 8 });
  });

  it('leave nothing to resolve when no names were chosen', () => {
    expect(resolveChannelName('フジテレビ', undefined)).toEqual({ found: false, known: [] });
  });
});

describe('channel by name, the one call every door makes', () => {
  it.each([
    ['a name this TV has gives its button', ['フジ'], tokyo, { channel: 8, name: 'フジテレビ', matched: 'フジ' }],
    [
      'a name no channel has is UnknownChannelName with the names there are',
      ['名前のない局'],
      osaka,
      UnknownChannelName,
    ],
    ["another prefecture's station is StationElsewhere, never a button", ['TOKYO MX'], osaka, StationElsewhere],
    ['a TV with no channel names knows none', ['フジテレビ'], undefined, UnknownChannelName],
  ] as const)('%s', (_d, said, names, expected) => {
    if (typeof expected === 'function') {
      expect(() => channelByName(said, names)).toThrow(expected);
      return;
    }
    expect(channelByName(said, names)).toEqual(expected);
  });

  it('says what was asked, where the station is, and what this TV knows', () => {
    const elsewhere = catching(() => channelByName(['TOKYO MX'], osaka));
    expect(elsewhere).toMatchObject({ said: 'TOKYO MX', station: { name: 'TOKYO MX', here: { name: '大阪府' } } });
    expect(elsewhere).toBeInstanceOf(TvRefusal);
    expect(catching(() => channelByName(['名前のない局'], osaka))).toMatchObject({ known: knownChannelNames(osaka) });
    expect(catching(() => channelByName(['x'], undefined))).toMatchObject({ known: [] });
  });
});

function catching(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('nothing was thrown');
}

describe('the cookie form', () => {
  it('carries the area and the map as strings, and reads back the same', () => {
    const names: ChannelNames = { area: 'osaka', map: { 'My DVD': 11 } };
    const cookie = channelNamesToCookie(names);
    expect(Object.values(cookie).every((v) => typeof v === 'string')).toBe(true);
    expect(channelNamesFromCookie(cookie)).toEqual(names);
  });

  it('stays small: the largest map allowed fits well inside the smart-home cookie budget', () => {
    const map = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`${'名'.repeat(30)}${i}`, (i % 12) + 1]));
    expect(Buffer.byteLength(JSON.stringify(channelNamesToCookie({ area: 'kagoshima', map })))).toBeLessThan(3000);
  });

  it('reads malformed values as absent rather than failing', () => {
    expect(channelNamesFromCookie({ channelArea: 'mars', channelMap: '{not json' })).toBeUndefined();
    expect(readChannelNames({ area: 'hokkaido', map: { ok: 3, bad: 40, text: 'x' } })).toEqual({
      area: 'hokkaido',
      map: { ok: 3 },
    });
    expect(channelNamesFromCookie({ channelArea: 'kinki' })).toEqual({ area: 'osaka' });
  });
});
