// 日本語で各お願いをする言い方: 核になる文(書き方は ./expand.ts)に、ゆれの軸(./axes.ts)を置く印を書く。
// 軸と書き方の決まり: docs/sandbox.md#grammar-ja。
import type { Forms, GrammarIntent, IntentGrammar, LanguageGrammar } from './axes';

const NO_COUNT = '数えるものがないお願い';
const NO_DEGREE = '電源・チャンネル・テレビには程度がない';

export const JAPANESE_LANGUAGE: LanguageGrammar = {
  forms: {
    'lead-in': { full: ['', 'ねえ'], rare: 'ちょっと|じゃあ|あのさ|これからは|えっと|悪いけど' },
    closing: { full: [''] },
    '<tv>': { full: ['テレビ', '{tv}のテレビ'], rare: 'このテレビ|{tv}のほうのテレビ' },
    '<the-tv>': { full: ['テレビ', '{tv}のテレビ'], rare: 'このテレビ' },
    '<of-tv>': { full: ['', 'テレビの|{tv}のテレビの|{tv}のテレビ'], rare: 'このテレビの|テレビ' },
    '<on-tv>': { full: ['', 'テレビで|{tv}のテレビで'], rare: '{tv}で' },
    // 数の言い方は核の形: 〜つ・〜回・〜個を文頭の言葉より先に(./axes.ts)。単位の言葉(段階・目盛り)はその後。
    '<count>': { full: ['{count}つ|{count}', '{count}回|{count}個'], rare: '{count}<unit>' },
    '<degree>': { full: ['少し|ちょっと|もう少し|もうちょっと'], rare: 'もっと|すこし|かなり' },
    '<te>': {
      full: [
        'て',
        'てください|てくれる|といて|てよ|てちょうだい',
        'てくれない|てもらえる|てくれますか|てもらえますか|ておいて',
      ],
      rare: 'てほしい|てくれ|てくれませんか|てもらえない|てね',
    },
    // 助詞は言うのも省くのも同じくらい: どちらも最初の段。
    '<を>': { full: ['を|'] },
    '<が>': { full: ['が|'] },
    '<は>': { full: ['は|'] },
  },
  absent: {
    closing: '日本語のお願いは動詞の終わり方で結ぶ(くだけた終わり方の軸: 〜てよ・〜てね・〜てください)',
  },
  join: (lead, core) => `${lead}${core}`,
  budget: 900,
};

/** 電源: テレビを目的語に、電源を目的語に。`on`: つける動詞、`power`: 電源を入れる動詞(それぞれ段に分けて)。 */
const power = (on: Forms, powerOn: Forms, more: string[], wishes: string[], reasons?: string): IntentGrammar => ({
  cores: ['<tv><を><v><te>', '<v><te>', '<of-tv>電源<を><p><te>'],
  more,
  wishes,
  words: { '<v>': on, '<p>': powerOn },
  ...(reasons ? { reasons } : {}),
  budget: 930,
  without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
});

/** チャンネル送り: `word` 次・前、`verbs` 連用形(上げ・進め)、`button` リモコンのボタンの言葉。 */
const steps = (word: string, verbs: Forms, button: string, more: string[]): IntentGrammar => ({
  cores: [
    '<of-tv>チャンネル<を><v><te>',
    '<of-tv>チャンネル<を><count><v><te>',
    `(|ひとつ)${word}のチャンネル(|(にし|に変え|に切り替え)<te>)`,
    `<tv><を>${word}のチャンネルにし<te>`,
  ],
  more: [`チャンネル${button}(|して|してください)`, ...more],
  words: { '<v>': verbs },
  unit: 'チャンネル',
  budget: 690,
  without: { degree: 'チャンネル送りは数で言い、程度で言わない' },
});

/** 音量: `verbs` 連用形(上げ・大きくし)。 */
const volume = (verbs: Forms, button: string, wishes: string[], reasons: string): IntentGrammar => ({
  cores: ['<of-tv><音><を><v><te>', '<of-tv><音><を><count><v><te>', '<音><を><degree><v><te>'],
  more: ['<degree><音><を><v><te>', `(音量|ボリューム)${button}(|して|してください)`],
  rare: ['<of-tv><音><を><degree><v><te>'],
  words: { '<音>': { full: ['音量|ボリューム|音'] }, '<v>': verbs },
  wishes,
  reasons,
  unit: '(段階|目盛り)',
  budget: 1450,
});

export const JAPANESE_GRAMMAR: Record<GrammarIntent, IntentGrammar> = {
  TurnOnIntent: power(
    { full: ['つけ', '点け|付け'] },
    { full: ['入れ', 'オンにし'] },
    ['<tv><を>(見せ|起動し)<te>'],
    ['(テレビ|テレビの電源|電源)オン', '(テレビ|{tv}のテレビ)(が|を|)見たい', 'テレビ(を|)(見よう|見る|つける)'],
  ),
  TurnOffIntent: power(
    { full: ['消し', '切っ|けし'] },
    { full: ['切っ', '落とし|オフにし'] },
    ['(テレビ<を>|)もう消し<te>'],
    ['(テレビ|テレビの電源|電源)オフ', 'テレビ(を|)(消す|消そう)', 'テレビ(は|)もういい'],
    'もう寝るから|寝るから',
  ),
  SetChannelIntent: {
    cores: [
      '<ch>(|<にし><te>)',
      '{channelName}<にし><te>',
      '(<ch>|{channelName})<を>(つけ|見せ)<te>',
      '<tv><を>(<ch>|{channelName})<にし><te>',
      '<on-tv>(<ch>|{channelName})<を>(つけ|見せ)<te>',
    ],
    more: [
      '{channelName}にチャンネルを変え<te>',
      'チャンネル<を>{channelName}にし<te>',
      'チャンネル<を>(変え|かえ)<te>',
    ],
    words: {
      '<ch>': {
        full: [
          '{channel}チャンネル|チャンネル{channel}',
          'チャンネルを{channel}|{channel}番|チャンネル(を|){channel}番|{channel}チャン',
        ],
      },
      '<にし>': { full: ['にし|に変え', 'に合わせ|に切り替え'] },
    },
    wishes: ['(|{tv}のテレビで)({channel}チャンネル|{channelName})(を|が|)(見たい|見たいんだけど)'],
    budget: 1140,
    without: { 'spoken count': 'チャンネルはそれ自体が番号', degree: NO_DEGREE },
  },
  NextChannelIntent: steps('次', { full: ['上げ|進め', '送っ'] }, 'アップ', [
    '{count}つ先のチャンネル(|にして|に変えて)',
  ]),
  PreviousChannelIntent: steps('前', { full: ['下げ|戻し'] }, 'ダウン', [
    '{count}つ前のチャンネル(|にして|に変えて|に戻して)',
    '前のチャンネルに戻(して|って)(|ください)',
  ]),
  VolumeUpIntent: volume(
    { full: ['上げ|大きくし'] },
    'アップ',
    [
      '(|テレビの)音(が|)(小さい|聞こえない|聞こえにくい|よく聞こえない)(|よ)',
      '{tv}のテレビの音が小さい',
      '(テレビが|)(|よく)聞こえ(ない|にくい)',
      'もっと大きく(|して)',
      '(音量|ボリューム|音)上',
    ],
    '聞こえないから|よく聞こえないから',
  ),
  VolumeDownIntent: volume(
    { full: ['下げ|小さくし'] },
    'ダウン',
    [
      '(|テレビの)音(が|)(大きい|大きすぎる|うるさい)(|よ)',
      '(|ちょっと|すごく)(テレビが|{tv}のテレビが|)うるさい(|よ)',
      'もっと小さく(|して)',
      '静かにして',
      '(音量|ボリューム|音)下',
    ],
    'うるさいから|テレビ(が|)うるさいから|{tv}のテレビ(が|)うるさいから',
  ),
  // 消音: このリモコンにはできないと答えるために聞き取る(「わかりませんでした」ではなく)。
  MuteIntent: {
    cores: [
      '<tv><を><消音>にし<te>',
      '<消音>にし<te>',
      '<of-tv>音<を>消し<te>',
      '<tv><を><消音>し<te>',
      '<消音>し<te>',
    ],
    more: ['<of-tv>音<を>切っ<te>', '<消音>モードにし<te>'],
    words: { '<消音>': { full: ['ミュート|消音'] } },
    wishes: ['(ミュート|消音)(|お願い|でお願い|お願いします|でお願いします)', '(|テレビの)音(を|)消したい'],
    budget: 240,
    without: { 'spoken count': NO_COUNT, degree: '消音には程度がない' },
  },
  ChooseTvIntent: {
    cores: [
      '{tv}のテレビ<を>(使い|操作し)たい',
      '{tv}のテレビ<を>(使っ|操作し)<te>',
      '{tv}のテレビに(切り替え|変え)<te>',
    ],
    reasons: 'これからは|今から',
    wishes: ['{tv}のテレビ(を|)使う', '(操作する|使う)のは{tv}のテレビ(|で|です)'],
    budget: 240,
    without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
  },
  SetUpTvIntent: {
    cores: ['(|新しい|別の)テレビ<を><追加し><te>', '{tv}のテレビ<を><追加し><te>'],
    // もう一台: 「別の」と同じく二台目のテレビ。数え方の語は目的語の後に来る(テレビをもう一台…)。
    more: ['テレビ<を>(探し|セットアップし)<te>', 'テレビ<を>もう一台<追加し><te>'],
    words: { '<追加し>': { full: ['追加し', '設定し|登録し'] } },
    wishes: [
      'メーカーは{choice}',
      'テレビは{prefecture}にあります',
      '新しいテレビを買った',
      '(|別の|新しい)テレビ(を|)(追加|登録)(|したい)',
      'テレビ(を|)もう一台(追加|登録)(|したい)',
    ],
    budget: 570,
    without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
  },
  ForgetTvIntent: {
    cores: ['(このテレビ|{tv}のテレビ)<を>(削除し|忘れ|登録から外し)<te>', '{tv}のテレビの登録<を>(解除し|消し)<te>'],
    more: ['({tv}|テレビ)<を>(削除し|消去し)<te>'],
    budget: 210,
    without: { 'spoken count': NO_COUNT, degree: NO_DEGREE },
  },
  AddTvIntent: {
    cores: ['(セットアップ|設定)コード<を>教え<te>'],
    wishes: ['(セットアップ|設定)コード(を|)(ちょうだい|ください)', '新しい(セットアップ|設定)コード'],
    budget: 120,
    without: {
      'spoken count': NO_COUNT,
      degree: NO_DEGREE,
      'tv named': 'セットアップコードは家のもので、テレビを名指さない',
    },
  },
};
