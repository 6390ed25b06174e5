// The broadcaster table of all 47 prefectures: every prefecture has NHK総合 and Eテレ, each button holds
// one station, every button is 1..12, and no name stands for two stations of one prefecture.
import { PREFECTURES } from '../../src/tv/broadcasters';
import { normaliseChannelName, resolveChannelName } from '../../src/tv/channels';

/** The prefectures where NHK総合 is on 3 (another station holds 1), as the issue and both sources say. */
const NHK_ON_3 = [
  '北海道',
  '青森県',
  '宮城県',
  '富山県',
  '岐阜県',
  '愛知県',
  '三重県',
  '徳島県',
  '鳥取県',
  '島根県',
  '福岡県',
  '鹿児島県',
];

describe('the broadcaster table', () => {
  it('has the 47 prefectures in JIS order, each id once', () => {
    expect(PREFECTURES.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(new Set(PREFECTURES.map((p) => p.id)).size).toBe(47);
    expect(new Set(PREFECTURES.map((p) => p.name)).size).toBe(47);
  });

  describe.each(PREFECTURES.map((p) => [p.name, p] as const))('%s', (_name, prefecture) => {
    it('has NHK総合 (on 1 or 3) and Eテレ on 2', () => {
      const g = prefecture.stations.find((s) => s.names[0] === 'NHK総合');
      const e = prefecture.stations.find((s) => s.names[0] === 'NHK Eテレ');
      expect(g?.key).toBe(NHK_ON_3.includes(prefecture.name) ? 3 : 1);
      expect(e?.key).toBe(2);
    });

    it('puts one station on each button it uses, every button 1..12, every call sign once', () => {
      const keys = prefecture.stations.map((s) => s.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(Number.isInteger(key) && key >= 1 && key <= 12).toBe(true);
      const calls = prefecture.stations.map((s) => s.callSign);
      expect(new Set(calls).size).toBe(calls.length);
      for (const c of calls) expect(c).toMatch(/^JO[A-Z]{2}-DTV$/);
    });

    it('has at least one commercial station, and no name that stands for two of its stations', () => {
      expect(prefecture.stations.filter((s) => !s.names[0]!.startsWith('NHK')).length).toBeGreaterThan(0);
      const owner = new Map<string, string>();
      for (const s of prefecture.stations) {
        for (const n of s.names) {
          const key = normaliseChannelName(n);
          expect(key).not.toBe('');
          expect([n, owner.get(key) ?? s.callSign]).toEqual([n, s.callSign]);
          owner.set(key, s.callSign);
        }
      }
    });

    it('tunes every name of every station to its button, NHK included', () => {
      for (const s of prefecture.stations) {
        for (const n of s.names)
          expect([n, resolveChannelName(n, { area: prefecture.id })]).toMatchObject([
            n,
            { found: true, channel: s.key },
          ]);
      }
      expect(resolveChannelName('NHK', { area: prefecture.id })).toMatchObject({
        found: true,
        channel: NHK_ON_3.includes(prefecture.name) ? 3 : 1,
      });
    });
  });

  it('lists a wide-area station for each prefecture of its licence and a prefectural one for its own only', () => {
    const holders = (callSign: string) =>
      PREFECTURES.filter((p) => p.stations.some((s) => s.callSign === callSign)).map((p) => p.name);
    expect(holders('JOAX-DTV')).toEqual(['茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県']);
    expect(holders('JOMX-DTV')).toEqual(['東京都']);
    expect(holders('JOBH-DTV')).toEqual(['大阪府']);
    expect(holders('JOCI-DTV')).toEqual(['愛知県']);
    expect(holders('JOFX-DTV')).toEqual(['岐阜県', '愛知県', '三重県']);
    expect(holders('JOIX-DTV')).toEqual(['滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県']);
    expect(holders('JOKF-DTV')).toEqual(['岡山県', '香川県']);
    expect(holders('JOJX-DTV')).toEqual(['鳥取県', '島根県']);
  });
});
