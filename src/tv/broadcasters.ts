// The terrestrial broadcasters of every prefecture and their remote-control key IDs (リモコンキーID: the
// one-touch buttons 1..12, the device cloud's `tuning`). Data only: src/tv/channels.ts resolves names.
// Sources: テレビ局LOD (https://w3id.org/tvstationjp) and Wikipedia 「日本のリモコンキーID」; what was checked
// and the listing rules: docs/channel-areas.md#broadcasters.

export interface Broadcaster {
  /** The remote-control key ID: the button 1..12. */
  key: number;
  /** Call sign of the digital TV station, e.g. JOAX-DTV (for review; not said). */
  callSign: string;
  /** Every name that selects it, the name to say back first. */
  names: readonly string[];
}

export interface Prefecture {
  /** Stored on TVs and carried in cookies: the romaji name, lower case. */
  id: string;
  /** JIS X 0401 code, 1..47. */
  code: number;
  /** The full name: 北海道, 東京都, 大阪府, 愛知県. */
  name: string;
  /** Kana reading of the full name, in hiragana. */
  kana: string;
  /** Romaji, as written in English: Hokkaido, Tokyo. */
  romaji: string;
  /** The [WP] articles read for this prefecture and compared with [LOD]: station infoboxes, relay-station tables. */
  checked?: readonly string[];
  stations: readonly Broadcaster[];
}

const tv = (key: number, callSign: string, ...names: string[]): Broadcaster => ({ key, callSign, names });

// NHK: 総合 is a prefecture's own station (its call sign differs), Eテレ is key 2 everywhere.
const nhkG = (key: 1 | 3, callSign: string): Broadcaster =>
  tv(
    key,
    callSign,
    'NHK総合',
    'NHK',
    '総合',
    'NHK総合テレビ',
    'NHKテレビ',
    'エヌエイチケー',
    'エヌエイチケイ',
    'NHK General',
  );
const nhkE = (callSign: string): Broadcaster =>
  tv(
    2,
    callSign,
    'NHK Eテレ',
    'Eテレ',
    'イーテレ',
    '教育',
    'NHK教育',
    '教育テレビ',
    'NHK教育テレビ',
    'NHK E Tele',
    'E Tele',
  );

// Stations licensed for a wide area (広域圏) or for two prefectures together.
const KANTO = [
  tv(4, 'JOAX-DTV', '日本テレビ', '日テレ', '日本テレビ放送網', 'NTV', 'Nippon TV', 'Nihon TV'),
  tv(5, 'JOEX-DTV', 'テレビ朝日', 'テレ朝', 'EX', 'TV Asahi'),
  tv(6, 'JORX-DTV', 'TBS', 'TBSテレビ', 'ティービーエス', 'TBS Television'),
  tv(7, 'JOTX-DTV', 'テレビ東京', 'テレ東', 'TX', 'TV Tokyo'),
  tv(8, 'JOCX-DTV', 'フジテレビ', 'フジ', 'フジテレビジョン', 'CX', 'Fuji TV', 'Fuji Television'),
];
const NHK_E_TOKYO = nhkE('JOAB-DTV');
const NHK_G_TOKYO = nhkG(1, 'JOAK-DTV');

const CHUKYO = [
  tv(1, 'JOFX-DTV', '東海テレビ', '東海テレビ放送', 'THK', 'Tokai TV'),
  tv(4, 'JOCH-DTV', '中京テレビ', '中京テレビ放送', 'CTV', 'Chukyo TV'),
  tv(5, 'JOGX-DTV', 'CBCテレビ', 'CBC', '中部日本放送', 'CBC Television'),
  tv(6, 'JOLX-DTV', 'メ〜テレ', 'メーテレ', '名古屋テレビ', '名古屋テレビ放送', 'NBN', 'Nagoya TV'),
];
const NHK_E_NAGOYA = nhkE('JOCB-DTV');

const KINKI = [
  tv(4, 'JOOY-DTV', 'MBS毎日放送', 'MBS', '毎日放送', 'MBSテレビ', 'Mainichi Broadcasting'),
  tv(6, 'JOAY-DTV', 'ABCテレビ', 'ABC', '朝日放送', '朝日放送テレビ', 'ABC TV', 'Asahi Broadcasting'),
  tv(8, 'JODX-DTV', '関西テレビ', '関テレ', 'カンテレ', '関西テレビ放送', 'KTV', 'Kansai TV'),
  tv(10, 'JOIX-DTV', '読売テレビ', 'よみうりテレビ', '讀賣テレビ', '読売テレビ放送', '読テレ', 'ytv', 'Yomiuri TV'),
];
const NHK_E_OSAKA = nhkE('JOBB-DTV');

const OKAYAMA_KAGAWA = [
  tv(4, 'JOKF-DTV', 'RNC西日本テレビ', '西日本放送', '西日本テレビ', 'RNC', 'RNCテレビ', 'Nishinippon Broadcasting'),
  tv(5, 'JOVH-DTV', 'KSB瀬戸内海放送', '瀬戸内海放送', 'KSB', 'KSBテレビ', 'Setonaikai Broadcasting'),
  tv(6, 'JOYR-DTV', 'RSK山陽放送', '山陽放送', 'RSK', 'RSKテレビ', 'Sanyo Broadcasting'),
  tv(7, 'JOPH-DTV', 'テレビせとうち', 'TSCテレビせとうち', 'TSC', 'TV Setouchi'),
  tv(8, 'JOOH-DTV', 'OHK岡山放送', '岡山放送', 'OHK', 'OHKテレビ', 'Okayama Broadcasting'),
];

const TOTTORI_SHIMANE = [
  tv(1, 'JOJX-DTV', '日本海テレビ', '日本海テレビジョン放送', 'NKT', 'Nihonkai TV'),
  tv(6, 'JOHF-DTV', 'BSS山陰放送', '山陰放送', 'BSS', 'BSSテレビ', 'San-in Broadcasting'),
  tv(8, 'JOMI-DTV', 'さんいん中央テレビ', '山陰中央テレビ', '山陰中央テレビジョン放送', 'TSK', 'San-in Chuo TV'),
];

/** A prefecture's names, one table row: JIS code, id, full name, its kana, romaji. */
const prefecture = (
  code: number,
  id: string,
  name: string,
  kana: string,
  romaji: string,
): Pick<Prefecture, 'code' | 'id' | 'name' | 'kana' | 'romaji'> => ({ code, id, name, kana, romaji });

/** The 47 prefectures in JIS order. */
export const PREFECTURES: readonly Prefecture[] = [
  {
    ...prefecture(1, 'hokkaido', '北海道', 'ほっかいどう', 'Hokkaido'),
    checked: [
      '北海道テレビ放送 (6)',
      'NHK札幌放送局 (総合 3, Eテレ 2)',
      '留辺蘂テレビ中継局 (every button: 1 HBC, 2 Eテレ, 3 総合, 5 STV, 6 HTB, 7 TVh, 8 UHB)',
    ],
    stations: [
      tv(1, 'JOHR-DTV', 'HBC北海道放送', '北海道放送', 'HBC', 'HBCテレビ', 'Hokkaido Broadcasting'),
      nhkE('JOIB-DTV'),
      nhkG(3, 'JOIK-DTV'),
      tv(5, 'JOKX-DTV', 'STV札幌テレビ', '札幌テレビ', '札幌テレビ放送', 'STV', 'Sapporo TV'),
      tv(6, 'JOHH-DTV', 'HTB北海道テレビ', '北海道テレビ', '北海道テレビ放送', 'HTB', 'Hokkaido TV'),
      tv(7, 'JOHI-DTV', 'テレビ北海道', 'TVh', 'TV Hokkaido'),
      tv(8, 'JOBM-DTV', 'UHB北海道文化放送', '北海道文化放送', 'UHB', 'Hokkaido Cultural Broadcasting'),
    ],
  },
  {
    ...prefecture(2, 'aomori', '青森県', 'あおもりけん', 'Aomori'),
    checked: ['青森放送 (1)', '青森朝日放送 (5)', '青森テレビ (6)', 'NHK青森放送局 (総合 3, Eテレ 2)'],
    stations: [
      tv(1, 'JOGR-DTV', 'RAB青森放送', '青森放送', 'RAB', 'RABテレビ', 'Aomori Broadcasting'),
      nhkE('JOTC-DTV'),
      nhkG(3, 'JOTG-DTV'),
      tv(5, 'JOAH-DTV', '青森朝日放送', 'ABA', 'Asahi Broadcasting Aomori'),
      tv(6, 'JOAI-DTV', 'ATV青森テレビ', '青森テレビ', 'ATV', 'Aomori TV'),
    ],
  },
  {
    ...prefecture(3, 'iwate', '岩手県', 'いわてけん', 'Iwate'),
    checked: [
      '新山 (紫波町): 盛岡送信所 (every button: 1 総合, 2 Eテレ, 4 TVI, 5 IAT, 6 IBC, 8 mit)',
      '岩手朝日テレビ (5)',
      '岩手めんこいテレビ (8)',
      'NHK盛岡放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOQG-DTV'),
      nhkE('JOQC-DTV'),
      tv(4, 'JOII-DTV', 'テレビ岩手', 'TVI', 'TV Iwate'),
      tv(5, 'JOIY-DTV', '岩手朝日テレビ', 'IAT', 'Iwate Asahi TV'),
      tv(6, 'JODF-DTV', 'IBC岩手放送', '岩手放送', 'IBC', 'IBCテレビ', 'Iwate Broadcasting'),
      tv(8, 'JOYH-DTV', '岩手めんこいテレビ', 'めんこいテレビ', 'mit', 'Menkoi TV'),
    ],
  },
  {
    ...prefecture(4, 'miyagi', '宮城県', 'みやぎけん', 'Miyagi'),
    checked: [
      '東北放送 (1)',
      '石巻祝田テレビ中継局, 白石中継局 (every button: 1 TBC, 2 Eテレ, 3 総合, 4 MMT, 5 KHB, 8 OX)',
    ],
    stations: [
      tv(1, 'JOIR-DTV', 'tbc東北放送', '東北放送', 'tbc', 'tbcテレビ', 'Tohoku Broadcasting'),
      nhkE('JOHB-DTV'),
      nhkG(3, 'JOHK-DTV'),
      tv(4, 'JOMM-DTV', 'ミヤギテレビ', '宮城テレビ', '宮城テレビ放送', 'ミヤテレ', 'MMT', 'Miyagi TV'),
      tv(5, 'JOEM-DTV', 'khb東日本放送', '東日本放送', 'khb', 'Higashi Nippon Broadcasting'),
      tv(8, 'JOOX-DTV', '仙台放送', 'OX', 'Sendai TV'),
    ],
  },
  {
    ...prefecture(5, 'akita', '秋田県', 'あきたけん', 'Akita'),
    checked: [
      '小坂テレビ中継局 (every button: 1 総合, 2 Eテレ, 4 ABS, 5 AAB, 8 AKT)',
      'NHK秋田放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOUK-DTV'),
      nhkE('JOUB-DTV'),
      tv(4, 'JOTR-DTV', 'ABS秋田放送', '秋田放送', 'ABS', 'Akita Broadcasting'),
      tv(5, 'JOXX-DTV', '秋田朝日放送', 'AAB', 'Akita Asahi Broadcasting'),
      tv(8, 'JOBI-DTV', 'AKT秋田テレビ', '秋田テレビ', 'AKT', 'Akita TV'),
    ],
  },
  {
    ...prefecture(6, 'yamagata', '山形県', 'やまがたけん', 'Yamagata'),
    checked: [
      '小国中継局 (山形県) (every button: 1 総合, 2 Eテレ, 4 YBC, 5 YTS, 6 TUY, 8 SAY)',
      '山形放送 (4)',
      '山形テレビ (5)',
      'NHK山形放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOJG-DTV'),
      nhkE('JOJC-DTV'),
      tv(4, 'JOEF-DTV', 'YBC山形放送', '山形放送', 'YBC', 'YBCテレビ', 'Yamagata Broadcasting'),
      tv(5, 'JOYI-DTV', 'YTS山形テレビ', '山形テレビ', 'YTS', 'Yamagata TV'),
      tv(6, 'JOWI-DTV', 'テレビユー山形', 'TUY', 'TV-U Yamagata'),
      tv(8, 'JOCY-DTV', 'さくらんぼテレビ', 'さくらんぼテレビジョン', 'SAY', 'Sakuranbo TV'),
    ],
  },
  {
    ...prefecture(7, 'fukushima', '福島県', 'ふくしまけん', 'Fukushima'),
    checked: [
      '笹森山 (福島県): 福島送信所 (every button: 1 総合, 2 Eテレ, 4 FCT, 5 KFB, 6 TUF, 8 FTV)',
      'NHK福島放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOFP-DTV'),
      nhkE('JOFD-DTV'),
      tv(4, 'JOVI-DTV', '福島中央テレビ', '中テレ', 'FCT', 'Fukushima Central TV'),
      tv(5, 'JOJI-DTV', 'KFB福島放送', '福島放送', 'KFB', 'Fukushima Broadcasting'),
      tv(6, 'JOKI-DTV', 'テレビユー福島', 'TUF', 'TV-U Fukushima'),
      tv(8, 'JOPX-DTV', '福島テレビ', '福テレ', 'FTV', 'Fukushima TV'),
    ],
  },
  {
    ...prefecture(8, 'ibaraki', '茨城県', 'いばらきけん', 'Ibaraki'),
    checked: ['NHK水戸放送局 (総合 1)', '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)'],
    stations: [nhkG(1, 'JOEP-DTV'), NHK_E_TOKYO, ...KANTO],
  },
  {
    ...prefecture(9, 'tochigi', '栃木県', 'とちぎけん', 'Tochigi'),
    checked: [
      'NHK宇都宮放送局 (総合 1, Eテレ 2)',
      'とちぎテレビ (3)',
      '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)',
    ],
    stations: [
      nhkG(1, 'JOBP-DTV'),
      NHK_E_TOKYO,
      tv(3, 'JOGY-DTV', 'とちぎテレビ', 'とちテレ', 'とちぎTV', 'GYT', 'Tochigi TV'),
      ...KANTO,
    ],
  },
  {
    ...prefecture(10, 'gunma', '群馬県', 'ぐんまけん', 'Gunma'),
    checked: ['前橋テレビ放送所 (every button: 1 総合, 2 Eテレ from Tokyo, 3 GTV, 4..8 関東広域圏)', '群馬テレビ (3)'],
    stations: [
      nhkG(1, 'JOTP-DTV'),
      NHK_E_TOKYO,
      tv(3, 'JOML-DTV', '群馬テレビ', '群テレ', 'GTV', 'Gunma TV'),
      ...KANTO,
    ],
  },
  {
    ...prefecture(11, 'saitama', '埼玉県', 'さいたまけん', 'Saitama'),
    checked: [
      'NHKさいたま放送局 (総合 1, Eテレ 2 from Tokyo)',
      '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)',
      'テレビ埼玉 (3)',
    ],
    stations: [
      NHK_G_TOKYO,
      NHK_E_TOKYO,
      tv(3, 'JOUS-DTV', 'テレ玉', 'テレビ埼玉', 'TVS', 'Teletama', 'TV Saitama'),
      ...KANTO,
    ],
  },
  {
    ...prefecture(12, 'chiba', '千葉県', 'ちばけん', 'Chiba'),
    checked: [
      'NHK首都圏局 (総合 1 for 千葉)',
      '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)',
      '千葉テレビ放送 (3)',
    ],
    stations: [
      NHK_G_TOKYO,
      NHK_E_TOKYO,
      tv(3, 'JOCL-DTV', 'チバテレ', 'チバテレビ', '千葉テレビ', '千葉テレビ放送', 'CTC', 'Chiba TV'),
      ...KANTO,
    ],
  },
  {
    ...prefecture(13, 'tokyo', '東京都', 'とうきょうと', 'Tokyo'),
    checked: [
      'NHK首都圏局 (総合 1, Eテレ 2)',
      '日本のリモコンキーID (東京: 1 総合, 2 Eテレ, 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX, 9 MX)',
      '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)',
    ],
    stations: [
      NHK_G_TOKYO,
      NHK_E_TOKYO,
      ...KANTO,
      tv(
        9,
        'JOMX-DTV',
        'TOKYO MX',
        'MX',
        'エムエックス',
        '東京MX',
        'MXテレビ',
        '東京メトロポリタンテレビジョン',
        'Tokyo MX',
      ),
    ],
  },
  {
    ...prefecture(14, 'kanagawa', '神奈川県', 'かながわけん', 'Kanagawa'),
    checked: [
      'NHK首都圏局 (総合 1 for 神奈川)',
      '前橋テレビ放送所 (関東広域圏: 4 NTV, 5 EX, 6 TBS, 7 TX, 8 CX)',
      'テレビ神奈川 (3)',
    ],
    stations: [
      NHK_G_TOKYO,
      NHK_E_TOKYO,
      tv(3, 'JOKM-DTV', 'tvk', 'テレビ神奈川', 'TVKテレビ', 'テレビカナガワ', 'ティーブイケー', 'TV Kanagawa'),
      ...KANTO,
    ],
  },
  {
    ...prefecture(15, 'niigata', '新潟県', 'にいがたけん', 'Niigata'),
    checked: [
      '津南テレビ・FM中継局 (every button: 1 総合, 2 Eテレ, 4 TeNY, 5 UX, 6 BSN, 8 NST)',
      '守門テレビ中継局 (the same six buttons)',
    ],
    stations: [
      nhkG(1, 'JOQK-DTV'),
      nhkE('JOQB-DTV'),
      tv(4, 'JOPI-DTV', 'TeNYテレビ新潟', 'テレビ新潟', 'テレビ新潟放送網', 'TeNY', 'TV Niigata'),
      tv(5, 'JOUX-DTV', 'UX新潟テレビ21', '新潟テレビ21', 'UX', 'Niigata TV 21'),
      tv(6, 'JODR-DTV', 'BSN新潟放送', '新潟放送', 'BSN', 'BSNテレビ', 'Niigata Broadcasting'),
      tv(8, 'JONH-DTV', 'NST新潟総合テレビ', '新潟総合テレビ', 'NST', 'Niigata Sogo TV'),
    ],
  },
  {
    ...prefecture(16, 'toyama', '富山県', 'とやまけん', 'Toyama'),
    checked: [
      '北日本放送 (1)',
      'チューリップテレビ (6); tisen.jp 「チューリップテレビ」 (リモコンID 6)',
      'NHK富山放送局 (総合 3, Eテレ 2)',
    ],
    stations: [
      tv(1, 'JOLR-DTV', 'KNB北日本放送', '北日本放送', 'KNB', 'Kitanihon Broadcasting'),
      nhkE('JOIC-DTV'),
      nhkG(3, 'JOIG-DTV'),
      tv(6, 'JOJH-DTV', 'チューリップテレビ', 'チューリップ', 'TUT', 'Tulip TV'),
      tv(8, 'JOTH-DTV', 'BBT富山テレビ', '富山テレビ', '富山テレビ放送', 'BBT', 'Toyama TV'),
    ],
  },
  {
    ...prefecture(17, 'ishikawa', '石川県', 'いしかわけん', 'Ishikawa'),
    checked: [
      '羽咋中継局, 七尾中継局, 輪島中継局, 珠洲中継局 (every button: 1 総合, 2 Eテレ, 4 KTK, 5 HAB, 6 MRO, 8 ITC)',
      'テレビ金沢 (4)',
      'NHK金沢放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOJK-DTV'),
      nhkE('JOJB-DTV'),
      tv(4, 'JOWX-DTV', 'テレビ金沢', 'テレ金', 'テレきん', 'KTK', 'TV Kanazawa'),
      tv(5, 'JOWY-DTV', '北陸朝日放送', 'HAB', 'Hokuriku Asahi Broadcasting'),
      tv(6, 'JOMR-DTV', 'MRO北陸放送', '北陸放送', 'MRO', 'MROテレビ', 'Hokuriku Broadcasting'),
      tv(8, 'JOIH-DTV', '石川テレビ', '石川テレビ放送', 'ITC', 'Ishikawa TV'),
    ],
  },
  {
    ...prefecture(18, 'fukui', '福井県', 'ふくいけん', 'Fukui'),
    checked: ['福井テレビジョン放送 (8)', 'FBC: tisen.jp 「福井放送」 (リモコンID 7)'],
    stations: [
      nhkG(1, 'JOFG-DTV'),
      nhkE('JOFC-DTV'),
      tv(7, 'JOPR-DTV', 'FBC福井放送', '福井放送', 'FBC', 'FBCテレビ', 'Fukui Broadcasting'),
      tv(8, 'JOFI-DTV', '福井テレビ', '福井テレビジョン放送', 'FTB', 'Fukui TV'),
    ],
  },
  {
    ...prefecture(19, 'yamanashi', '山梨県', 'やまなしけん', 'Yamanashi'),
    checked: ['甲府送信所 (every button: 1 総合, 2 Eテレ, 4 YBS, 6 UTY)', 'NHK甲府放送局 (総合 1, Eテレ 2)'],
    stations: [
      nhkG(1, 'JOKG-DTV'),
      nhkE('JOKC-DTV'),
      tv(4, 'JOJF-DTV', 'YBS山梨放送', '山梨放送', 'YBS', 'Yamanashi Broadcasting'),
      tv(6, 'JOGI-DTV', 'UTYテレビ山梨', 'テレビ山梨', 'UTY', 'TV Yamanashi'),
    ],
  },
  {
    ...prefecture(20, 'nagano', '長野県', 'ながのけん', 'Nagano'),
    checked: [
      '長野市内ミニサテテレビ中継局 (every button: 1 総合, 2 Eテレ, 4 TSB, 5 abn, 6 SBC, 8 NBS)',
      '長野放送 (8)',
      'NHK長野放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JONK-DTV'),
      nhkE('JONB-DTV'),
      tv(4, 'JONI-DTV', 'テレビ信州', 'TSB', 'TV Shinshu'),
      tv(5, 'JOGH-DTV', 'abn長野朝日放送', '長野朝日放送', 'abn', 'Asahi Broadcasting Nagano'),
      tv(6, 'JOSR-DTV', 'SBC信越放送', '信越放送', 'SBC', 'SBCテレビ', 'Shinetsu Broadcasting'),
      tv(8, 'JOLH-DTV', 'NBS長野放送', '長野放送', 'NBS', 'Nagano Broadcasting'),
    ],
  },
  {
    ...prefecture(21, 'gifu', '岐阜県', 'ぎふけん', 'Gifu'),
    checked: ['岐阜放送 (8)', '瀬戸デジタルタワー (中京広域圏: 1 THK, 2 Eテレ, 4 CTV, 5 CBC, 6 NBN)'],
    stations: [
      ...CHUKYO.slice(0, 1),
      NHK_E_NAGOYA,
      nhkG(3, 'JOOP-DTV'),
      ...CHUKYO.slice(1),
      tv(8, 'JOZF-DTV', 'ぎふチャン', '岐阜放送', 'ギフチャン', 'GBS', 'Gifu Broadcasting', 'Gifu Chan'),
    ],
  },
  {
    ...prefecture(22, 'shizuoka', '静岡県', 'しずおかけん', 'Shizuoka'),
    checked: ['島田中継局, 修善寺テレビ中継局 (every button: 1 総合, 2 Eテレ, 4 SDT, 5 SATV, 6 SBS, 8 SUT)'],
    stations: [
      nhkG(1, 'JOPK-DTV'),
      nhkE('JOPB-DTV'),
      tv(4, 'JOSX-DTV', '静岡第一テレビ', 'Daiichi-TV', 'だいいちテレビ', '第一テレビ', 'SDT', 'Shizuoka Daiichi TV'),
      tv(5, 'JOSI-DTV', '静岡朝日テレビ', '静岡朝日', 'あさひテレビ', 'SATV', 'Shizuoka Asahi TV'),
      tv(6, 'JOVR-DTV', 'SBS静岡放送', '静岡放送', 'SBS', 'SBSテレビ', 'Shizuoka Broadcasting'),
      tv(8, 'JOQH-DTV', 'テレビ静岡', 'テレしず', 'SUT', 'TV Shizuoka'),
    ],
  },
  {
    ...prefecture(23, 'aichi', '愛知県', 'あいちけん', 'Aichi'),
    checked: ['瀬戸デジタルタワー (every button: 1 THK, 2 Eテレ, 3 総合, 4 CTV, 5 CBC, 6 NBN, 10 TVA)'],
    stations: [
      ...CHUKYO.slice(0, 1),
      NHK_E_NAGOYA,
      nhkG(3, 'JOCK-DTV'),
      ...CHUKYO.slice(1),
      tv(10, 'JOCI-DTV', 'テレビ愛知', 'テレ愛', 'TVA', 'TV Aichi'),
    ],
  },
  {
    ...prefecture(24, 'mie', '三重県', 'みえけん', 'Mie'),
    checked: [
      '三重テレビ放送 (7)',
      '瀬戸デジタルタワー (中京広域圏: 1 THK, 2 Eテレ, 4 CTV, 5 CBC, 6 NBN)',
      '菰野テレビ中継局 (3 総合, 7 MTV)',
    ],
    stations: [
      ...CHUKYO.slice(0, 1),
      NHK_E_NAGOYA,
      nhkG(3, 'JONP-DTV'),
      ...CHUKYO.slice(1),
      tv(7, 'JOMH-DTV', '三重テレビ', '三重テレビ放送', 'MTV', 'Mie TV'),
    ],
  },
  {
    ...prefecture(25, 'shiga', '滋賀県', 'しがけん', 'Shiga'),
    checked: [
      'びわ湖放送 (3)',
      'NHK大津放送局 (総合 1)',
      '大津比叡平テレビ中継局 (1 総合, 2 Eテレ)',
      '能勢町内テレビ・FM中継局 (近畿広域: 4 MBS, 6 ABC, 8 KTV, 10 ytv)',
    ],
    stations: [
      nhkG(1, 'JOQP-DTV'),
      NHK_E_OSAKA,
      tv(3, 'JOBL-DTV', 'BBCびわ湖放送', 'びわ湖放送', 'びわこ放送', 'BBC', 'Biwako Broadcasting'),
      ...KINKI,
    ],
  },
  {
    ...prefecture(26, 'kyoto', '京都府', 'きょうとふ', 'Kyoto'),
    checked: ['京都放送 (5)', '能勢町内テレビ・FM中継局, 新宮中継局 (近畿広域圏: 4 MBS, 6 ABC, 8 KTV, 10 ytv)'],
    stations: [
      nhkG(1, 'JOOK-DTV'),
      NHK_E_OSAKA,
      ...KINKI.slice(0, 1),
      tv(5, 'JOBR-DTV', 'KBS京都', '京都放送', 'KBS', 'KBSテレビ', 'KBS Kyoto'),
      ...KINKI.slice(1),
    ],
  },
  {
    ...prefecture(27, 'osaka', '大阪府', 'おおさかふ', 'Osaka'),
    checked: ['能勢町内テレビ・FM中継局 (every button: 1 総合, 2 Eテレ, 4 MBS, 6 ABC, 7 TVO, 8 KTV, 10 ytv)'],
    stations: [
      nhkG(1, 'JOBK-DTV'),
      NHK_E_OSAKA,
      ...KINKI.slice(0, 2),
      tv(7, 'JOBH-DTV', 'テレビ大阪', 'テレ大', 'TVO', 'TV Osaka'),
      ...KINKI.slice(2),
    ],
  },
  {
    ...prefecture(28, 'hyogo', '兵庫県', 'ひょうごけん', 'Hyogo'),
    checked: ['サンテレビジョン (3)', '能勢町内テレビ・FM中継局, 新宮中継局 (近畿広域圏: 4 MBS, 6 ABC, 8 KTV, 10 ytv)'],
    stations: [
      nhkG(1, 'JOPP-DTV'),
      NHK_E_OSAKA,
      tv(3, 'JOUH-DTV', 'サンテレビ', 'サンテレビジョン', 'SUN', 'Sun TV'),
      ...KINKI,
    ],
  },
  {
    ...prefecture(29, 'nara', '奈良県', 'ならけん', 'Nara'),
    checked: [
      '奈良テレビ放送 (9)',
      'NHK奈良放送局 (総合 1)',
      '能勢町内テレビ・FM中継局, 新宮中継局 (近畿広域圏: 4 MBS, 6 ABC, 8 KTV, 10 ytv)',
    ],
    stations: [
      nhkG(1, 'JOUP-DTV'),
      NHK_E_OSAKA,
      ...KINKI.slice(0, 3),
      tv(9, 'JONM-DTV', '奈良テレビ', '奈良テレビ放送', 'TVN', 'Nara TV'),
      ...KINKI.slice(3),
    ],
  },
  {
    ...prefecture(30, 'wakayama', '和歌山県', 'わかやまけん', 'Wakayama'),
    checked: [
      '新宮中継局 (every button: 1 総合, 2 Eテレ, 4 MBS, 5 WTV, 6 ABC, 8 KTV, 10 ytv)',
      'NHK和歌山放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JORP-DTV'),
      NHK_E_OSAKA,
      ...KINKI.slice(0, 1),
      tv(5, 'JOOM-DTV', 'テレビ和歌山', 'テレわか', 'WTV', 'TV Wakayama'),
      ...KINKI.slice(1),
    ],
  },
  {
    ...prefecture(31, 'tottori', '鳥取県', 'とっとりけん', 'Tottori'),
    checked: [
      '日本海テレビジョン放送 (1)',
      '倉吉中継局 (every button: 1 NKT, 2 Eテレ, 3 総合, 6 BSS, 8 TSK)',
      'NHK鳥取放送局 (総合 3, Eテレ 2)',
    ],
    stations: [...TOTTORI_SHIMANE.slice(0, 1), nhkE('JOLC-DTV'), nhkG(3, 'JOLG-DTV'), ...TOTTORI_SHIMANE.slice(1)],
  },
  {
    ...prefecture(32, 'shimane', '島根県', 'しまねけん', 'Shimane'),
    checked: [
      '日本海テレビジョン放送 (1)',
      '倉吉中継局 (山陰両県: 1 NKT, 6 BSS, 8 TSK)',
      'NHK鳥取放送局 (NHK松江総合 is on 3 in 島根)',
    ],
    stations: [...TOTTORI_SHIMANE.slice(0, 1), nhkE('JOTB-DTV'), nhkG(3, 'JOTK-DTV'), ...TOTTORI_SHIMANE.slice(1)],
  },
  {
    ...prefecture(33, 'okayama', '岡山県', 'おかやまけん', 'Okayama'),
    checked: [
      'NHK岡山放送局 (総合 1, Eテレ 2)',
      '西日本放送テレビ (4)',
      '瀬戸内海放送 (5)',
      'RSKテレビ (6)',
      'テレビせとうち (7)',
      '岡山放送 (8)',
    ],
    stations: [nhkG(1, 'JOKK-DTV'), nhkE('JOKB-DTV'), ...OKAYAMA_KAGAWA],
  },
  {
    ...prefecture(34, 'hiroshima', '広島県', 'ひろしまけん', 'Hiroshima'),
    checked: ['可部中継局 (every button: 1 総合, 2 Eテレ, 3 RCC, 4 HTV, 5 HOME, 8 TSS)', '中国放送 (3)'],
    stations: [
      nhkG(1, 'JOFK-DTV'),
      nhkE('JOFB-DTV'),
      tv(3, 'JOER-DTV', 'RCCテレビ', '中国放送', 'RCC', 'RCC Broadcasting'),
      tv(4, 'JONX-DTV', '広島テレビ', '広テレ', '広島テレビ放送', 'HTV', 'Hiroshima TV'),
      tv(5, 'JOGM-DTV', '広島ホームテレビ', 'ホームテレビ', 'HOME', 'Hiroshima Home TV'),
      tv(8, 'JORM-DTV', 'テレビ新広島', 'TSS', 'TV Shin Hiroshima'),
    ],
  },
  {
    ...prefecture(35, 'yamaguchi', '山口県', 'やまぐちけん', 'Yamaguchi'),
    checked: [
      '阿東中継局, 由宇中継局 (every button: 1 総合, 2 Eテレ, 3 tys, 4 KRY, 5 yab)',
      'テレビ山口 (3)',
      '山口朝日放送 (5)',
      'NHK山口放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOUG-DTV'),
      nhkE('JOUC-DTV'),
      tv(3, 'JOLI-DTV', 'tysテレビ山口', 'テレビ山口', 'tys', 'TV Yamaguchi'),
      tv(4, 'JOPF-DTV', 'KRY山口放送', '山口放送', 'KRY', 'Yamaguchi Broadcasting'),
      tv(5, 'JOYX-DTV', 'yab山口朝日放送', '山口朝日放送', '山口朝日', 'yab', 'Yamaguchi Asahi Broadcasting'),
    ],
  },
  {
    ...prefecture(36, 'tokushima', '徳島県', 'とくしまけん', 'Tokushima'),
    checked: ['四国放送 (1)'],
    stations: [
      tv(1, 'JOJR-DTV', 'JRT四国放送', '四国放送', 'JRT', 'Shikoku Broadcasting'),
      nhkE('JOXB-DTV'),
      nhkG(3, 'JOXK-DTV'),
    ],
  },
  {
    ...prefecture(37, 'kagawa', '香川県', 'かがわけん', 'Kagawa'),
    checked: [
      'NHK高松放送局 (総合 1, Eテレ 2)',
      '西日本放送テレビ (4)',
      '瀬戸内海放送 (5)',
      'RSKテレビ (6)',
      'テレビせとうち (7)',
      '岡山放送 (8)',
    ],
    stations: [nhkG(1, 'JOHP-DTV'), nhkE('JOHD-DTV'), ...OKAYAMA_KAGAWA],
  },
  {
    ...prefecture(38, 'ehime', '愛媛県', 'えひめけん', 'Ehime'),
    checked: [
      '南海放送 (4)',
      '愛媛朝日テレビ (5)',
      'あいテレビ (6)',
      'テレビ愛媛 (8)',
      'NHK松山放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOZK-DTV'),
      nhkE('JOZB-DTV'),
      tv(4, 'JOAF-DTV', '南海放送', 'RNB', 'Nankai Broadcasting'),
      tv(5, 'JOEY-DTV', '愛媛朝日テレビ', 'eat', 'イート', 'Ehime Asahi TV'),
      tv(6, 'JOEH-DTV', 'あいテレビ', 'itv', 'i Television'),
      tv(8, 'JOEI-DTV', 'テレビ愛媛', 'EBC', 'TV Ehime'),
    ],
  },
  {
    ...prefecture(39, 'kochi', '高知県', 'こうちけん', 'Kochi'),
    checked: ['高知放送 (4, zh article)', 'テレビ高知 (6)', '高知さんさんテレビ (8)'],
    stations: [
      nhkG(1, 'JORK-DTV'),
      nhkE('JORB-DTV'),
      tv(4, 'JOZR-DTV', 'RKC高知放送', '高知放送', 'RKC', 'Kochi Broadcasting'),
      tv(6, 'JORI-DTV', 'テレビ高知', 'KUTV', 'TV Kochi'),
      tv(8, 'JOQX-DTV', '高知さんさんテレビ', 'さんさんテレビ', 'KSS', 'SUNSUN', 'Kochi Sun Sun TV'),
    ],
  },
  {
    ...prefecture(40, 'fukuoka', '福岡県', 'ふくおかけん', 'Fukuoka'),
    checked: [
      '九州朝日放送 (1)',
      '福岡放送 (5)',
      '北九州田野浦中継局, 糸島中継局 (every button: 1 KBC, 2 Eテレ, 3 総合, 4 RKB, 5 FBS, 7 TVQ, 8 TNC)',
    ],
    stations: [
      // NHK福岡 (JOLK-DTV) and NHK北九州 (JOSK-DTV) both put 総合 on 3 and Eテレ on 2.
      tv(1, 'JOIF-DTV', 'KBC九州朝日放送', '九州朝日放送', 'KBC', 'KBCテレビ', 'Kyushu Asahi Broadcasting'),
      nhkE('JOLB-DTV'),
      nhkG(3, 'JOLK-DTV'),
      tv(4, 'JOFR-DTV', 'RKB毎日放送', 'RKB', 'RKB Mainichi Broadcasting'),
      tv(5, 'JOFH-DTV', 'FBS福岡放送', '福岡放送', 'FBS', 'Fukuoka Broadcasting'),
      tv(7, 'JOTY-DTV', 'TVQ九州放送', 'TVQ', 'テレQ', 'テレキュー', 'TVQ Kyushu'),
      tv(8, 'JOJY-DTV', 'テレビ西日本', 'TNC', 'TV Nishinippon'),
    ],
  },
  {
    ...prefecture(41, 'saga', '佐賀県', 'さがけん', 'Saga'),
    checked: ['サガテレビ (3)'],
    stations: [nhkG(1, 'JOSP-DTV'), nhkE('JOSD-DTV'), tv(3, 'JOSH-DTV', 'サガテレビ', 'STS', 'Saga TV')],
  },
  {
    ...prefecture(42, 'nagasaki', '長崎県', 'ながさきけん', 'Nagasaki'),
    checked: [
      '郷ノ浦中継局 (every button: 1 総合, 2 Eテレ, 3 NBC, 4 NIB, 5 NCC, 8 KTN)',
      'NHK長崎放送局 (総合 1, Eテレ 2)',
      '長崎文化放送 (5)',
    ],
    stations: [
      nhkG(1, 'JOAG-DTV'),
      nhkE('JOAC-DTV'),
      tv(3, 'JOUR-DTV', 'NBC長崎放送', '長崎放送', 'NBC', 'Nagasaki Broadcasting'),
      tv(4, 'JOXH-DTV', '長崎国際テレビ', 'NIB', 'Nagasaki International TV'),
      tv(5, 'JOXI-DTV', 'NCC長崎文化放送', '長崎文化放送', 'NCC', 'Nagasaki Culture Telecasting'),
      tv(8, 'JOWH-DTV', 'テレビ長崎', 'KTN', 'TV Nagasaki'),
    ],
  },
  {
    ...prefecture(43, 'kumamoto', '熊本県', 'くまもとけん', 'Kumamoto'),
    checked: ['水俣中継局 (1 総合, 2 Eテレ, 3 RKK, 4 KKT)', '熊本県民テレビ (4)', '熊本朝日放送 (5)', 'テレビ熊本 (8)'],
    stations: [
      nhkG(1, 'JOGK-DTV'),
      nhkE('JOGB-DTV'),
      tv(3, 'JOBF-DTV', 'RKK熊本放送', '熊本放送', 'RKK', 'Kumamoto Broadcasting'),
      tv(4, 'JOQI-DTV', 'KKT熊本県民テレビ', '熊本県民テレビ', 'くまもと県民テレビ', 'KKT', 'Kumamoto Kenmin TV'),
      tv(5, 'JOZI-DTV', 'KAB熊本朝日放送', '熊本朝日放送', 'KAB', 'Kumamoto Asahi Broadcasting'),
      tv(8, 'JOZH-DTV', 'テレビ熊本', 'テレビくまもと', 'TKU', 'TV Kumamoto'),
    ],
  },
  {
    ...prefecture(44, 'oita', '大分県', 'おおいたけん', 'Oita'),
    checked: [
      '三重中継局 (大分県), 日田テレビ・FM中継局, 国東中継局 (every button: 1 総合, 2 Eテレ, 3 OBS, 4 TOS, 5 OAB)',
      '大分朝日放送 (5)',
    ],
    stations: [
      nhkG(1, 'JOIP-DTV'),
      nhkE('JOID-DTV'),
      tv(3, 'JOGF-DTV', 'OBS大分放送', '大分放送', 'OBS', 'Oita Broadcasting'),
      tv(4, 'JOOI-DTV', 'TOSテレビ大分', 'テレビ大分', 'TOS', 'TV Oita'),
      tv(5, 'JOBX-DTV', 'OAB大分朝日放送', '大分朝日放送', 'OAB', 'Oita Asahi Broadcasting'),
    ],
  },
  {
    ...prefecture(45, 'miyazaki', '宮崎県', 'みやざきけん', 'Miyazaki'),
    checked: ['宮崎放送 (6)', 'テレビ宮崎 (3)', 'NHK宮崎放送局 (総合 1, Eテレ 2)'],
    stations: [
      nhkG(1, 'JOMG-DTV'),
      nhkE('JOMC-DTV'),
      tv(3, 'JODI-DTV', 'UMKテレビ宮崎', 'テレビ宮崎', 'UMK', 'TV Miyazaki'),
      tv(6, 'JONF-DTV', 'MRT宮崎放送', '宮崎放送', 'MRT', 'Miyazaki Broadcasting'),
    ],
  },
  {
    ...prefecture(46, 'kagoshima', '鹿児島県', 'かごしまけん', 'Kagoshima'),
    checked: [
      '鹿児島市内ミニサテテレビ中継局: 鹿児島千年 (every button: 1 MBC, 2 Eテレ, 3 総合, 4 KYT, 5 KKB, 8 KTS)',
      'NHK鹿児島放送局 (総合 3, Eテレ 2)',
      '鹿児島讀賣テレビ (4)',
    ],
    stations: [
      tv(1, 'JOCF-DTV', 'MBC南日本放送', '南日本放送', 'MBC', 'Minaminihon Broadcasting'),
      nhkE('JOHC-DTV'),
      nhkG(3, 'JOHG-DTV'),
      tv(4, 'JOUI-DTV', 'KYT鹿児島読売テレビ', '鹿児島読売テレビ', '鹿児島讀賣テレビ', 'KYT', 'Kagoshima Yomiuri TV'),
      tv(5, 'JOTI-DTV', 'KKB鹿児島放送', '鹿児島放送', 'KKB', 'Kagoshima Broadcasting'),
      tv(8, 'JOKH-DTV', 'KTS鹿児島テレビ', '鹿児島テレビ', '鹿児島テレビ放送', 'KTS', 'Kagoshima TV'),
    ],
  },
  {
    ...prefecture(47, 'okinawa', '沖縄県', 'おきなわけん', 'Okinawa'),
    checked: [
      '琉球放送 (3)',
      '琉球朝日放送 (5)',
      '辺野古テレビ中継局 (every button: 1 総合, 2 Eテレ, 3 RBC, 5 QAB, 8 OTV)',
      'NHK沖縄放送局 (総合 1, Eテレ 2)',
    ],
    stations: [
      nhkG(1, 'JOAP-DTV'),
      nhkE('JOAD-DTV'),
      tv(3, 'JORR-DTV', 'RBC琉球放送', '琉球放送', 'RBC', 'RBCテレビ', 'Ryukyu Broadcasting'),
      tv(5, 'JORY-DTV', 'QAB琉球朝日放送', '琉球朝日放送', 'QAB', 'Ryukyu Asahi Broadcasting'),
      tv(8, 'JOOF-DTV', 'OTV沖縄テレビ', '沖縄テレビ', '沖テレ', 'OTV', 'Okinawa TV'),
    ],
  },
];
