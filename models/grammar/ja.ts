// 日本語で各テレビ操作を頼む言い方(書き方は ./expand.ts)。軸: 助詞(を・が・の・は)の有無; 動詞の
// 漢字・かな、くだけた形と丁寧な形(つけて・点けて・付けて・つけといて・つけてくれる・つけてちょうだい;
// 消して・切って・落として); ボリューム・音量・音; 助数詞の有無(6チャンネル・チャンネル6・6番・チャンネル6番);
// リモコンのボタンの言葉(チャンネルアップ・音量アップ); 望みを言うもの(音が小さい・聞こえにくい); テレビの
// 名前の有無。数は {count} や {channel} で書く: Alexa は数字で渡し、サンプルには数字を書けない
// (漢数字もサンドボックスの読み取りで数字になる)。
import type { GrammarIntent } from './index';
import type { Phrasings } from './expand';

/** テレビ、名前付きでも。 */
const TV = '(テレビ|{tv}のテレビ)';
/** 文の初めの「テレビの」「寝室のテレビの」、または無し。 */
const OF_TV = `(${TV}の|)`;
/** て形のあとの頼み方。 */
const PLEASE = '(|ください|くれる|くれない|くれますか|ちょうだい|もらえる|もらえますか)';
/** 動詞の連用形(つけ・消し・切っ)に付く、て形とそのくだけた形。 */
const te = (stems: string): string => `${stems}(て${PLEASE}|といて|ておいて)`;
/** まれな頼み方: ほかの部分と歩調を合わせて(./expand.ts)、それぞれ一度だけ言う。 */
const ASKING = '(てほしい|てくれ|てもらえない|てくれませんか)';
const VOLUME = '(音量|ボリューム|音)';
/** 望みを言う文の終わり: 「うるさいよ」「音が小さいね」。 */
const ENDING = '(|よ|ね)';
/** チャンネルを数で: 6チャンネル、チャンネル6、6番、チャンネル6番。 */
const CHANNEL_NUMBER = '({channel}チャンネル|チャンネル(を|は|){channel}(番|)|{channel}番)';
/** 短い頼み方: 組み合わせの多い言い方に。 */
const SHORT_PLEASE = '(|ください|ちょうだい|くれる)';
const CHANGE_TO = `(にして|に変えて|にかえて|に切り替えて|に合わせて|にあわせて)${SHORT_PLEASE}`;
const WATCH = `((を|)(つけて|見せて)${SHORT_PLEASE}|(を|が|)見たい)`;

const steps = (word: string, verbs: string, button: string, extra: string[]): Phrasings => ({
  full: [
    `{count}チャンネル${verbs}`,
    `(|ひとつ)${word}の(チャンネル|局)(|(にして|に変えて|に切り替えて)${SHORT_PLEASE})`,
    `${TV}を${word}のチャンネル(にして|に変えて)(|ください)`,
    `${OF_TV}チャンネル(を|)(${verbs}|${word}にして)${SHORT_PLEASE}`,
    `${OF_TV}チャンネル(を|){count}(つ|個|)${verbs}`,
    `チャンネル${button}(|して)(|ください)`,
    ...extra,
  ],
});

/** どれだけ: 「少し上げて」「もうちょっと音大きくして」。 */
const DEGREE = '(少し|ちょっと|もう少し|もうちょっと|もっと)';

/** `stems`: 動詞の連用形(上げ・大きくし)。 */
const volume = (stems: string, button: string, wishes: string[]): Phrasings => ({
  full: [
    `${OF_TV}${VOLUME}(を|){count}(つ|個|段階|)${stems}て`,
    `${OF_TV}${VOLUME}(を|)${stems}て${SHORT_PLEASE}`,
    `(テレビの|)${VOLUME}(を|)${DEGREE}${stems}て`,
    `${DEGREE}${VOLUME}(を|)${stems}て`,
    `(音量|ボリューム)${button}(|して|してください)`,
    ...wishes,
  ],
  inStep: [`${OF_TV}${VOLUME}(を|)${stems}${ASKING}`],
});

export const JAPANESE_GRAMMAR: Record<GrammarIntent, Phrasings> = {
  TurnOnIntent: {
    full: [
      `${TV}(を|)${te('(つけ|点け|付け)')}`, te('(つけ|点け|付け)'),
      `${OF_TV}電源(を|)(入れて|オンにして)(|ください|ちょうだい)`,
      `${TV}(を|)(オンにして|起動して)(|ください)`,
      '(テレビ|テレビの電源|電源)オン', 'テレビ(が|を|)見たい', 'テレビ(を|)つける',
    ],
    inStep: [`${TV}(を|)(つけ|点け|付け)${ASKING}`],
  },
  TurnOffIntent: {
    full: [
      `${TV}(を|)${te('(消し|けし|切っ)')}`, `(|テレビ(を|))(|もう)${te('(消し|けし)')}`,
      `${OF_TV}電源(を|)${te('(切っ|落とし)')}`,
      `${TV}(を|)オフにして(|ください)`,
      '(テレビ|テレビの電源|電源)オフ', 'テレビ(を|)消す', 'テレビはもういい',
    ],
    inStep: [`${TV}(を|)(消し|切っ)${ASKING}`],
  },
  SetChannelIntent: {
    full: [
      CHANNEL_NUMBER, `${CHANNEL_NUMBER}${CHANGE_TO}`, `({channel}チャンネル|チャンネル{channel})${WATCH}`,
      `${TV}を({channel}チャンネル|チャンネル{channel})(にして|に変えて|に合わせて|に切り替えて)(|ください)`,
      `${TV}で({channel}チャンネル|チャンネル{channel})(|${WATCH})`,
      `{channelName}${CHANGE_TO}`, `{channelName}${WATCH}`,
      `${TV}を{channelName}(にして|に変えて)(|ください)`, `${TV}で{channelName}${WATCH}`,
      '{channelName}にチャンネルを変えて', 'チャンネルを{channelName}にして', 'チャンネル(を|)(変えて|かえて)',
    ],
  },
  NextChannelIntent: steps('次', '(上げて|進めて|送って)', 'アップ', ['{count}つ先のチャンネル(|にして|に変えて)']),
  PreviousChannelIntent: steps('前', '(下げて|戻して)', 'ダウン', ['{count}つ前のチャンネル(|にして|に変えて|に戻して)', '前のチャンネルに戻(して|って)(|ください)']),
  VolumeUpIntent: volume('(上げ|大きくし)', 'アップ', [
    `${OF_TV}音(が|)(小さい|小さすぎる|聞こえない|聞こえにくい|よく聞こえない)${ENDING}`,
    '(テレビが|)(|よく)聞こえ(ない|にくい)', 'もっと大きく(|して)',
  ]),
  VolumeDownIntent: volume('(下げ|小さくし)', 'ダウン', [
    `${OF_TV}音(が|)(大きい|大きすぎる|うるさい)${ENDING}`, `(|ちょっと|少し|すごく)(${TV}が|)うるさい${ENDING}`, 'もっと小さく(|して)', '静かにして',
  ]),
  ChooseTvIntent: {
    full: ['{tv}のテレビ(を|)(使って|使う|使いたい|操作して|操作したい)(|ください)'],
  },
  // セットアップの会話のお願い。
  SetUpTvIntent: {
    full: [
      '{tv}のテレビ(を|)(追加して|設定して|セットアップして)(|ください)', 'メーカーは{choice}', 'テレビは{prefecture}にあります',
      '(|別の|新しい)テレビ(を|)(追加して|追加|設定して|セットアップして)(|ください)', 'テレビ(を|)探して(|ください)', '新しいテレビを買った',
    ],
  },
  ForgetTvIntent: {
    full: ['{tv}のテレビ(を|)(削除して|忘れて|消去して|登録から外して)(|ください)', '{tv}を削除して(|ください)'],
  },
  AddTvIntent: {
    full: ['(セットアップ|設定)コード(を|)(教えて|ちょうだい|ください)', '新しい(セットアップ|設定)コード'],
  },
};
