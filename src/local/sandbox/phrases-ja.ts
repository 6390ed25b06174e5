// The sandbox's stand-in for Alexa's own Japanese understanding of the two doors (phrases.ts does the
// English): 「テレビリモコンで…」 goes to the custom skill, other TV requests become smart-home
// directives (「テレビをつけて」, 「フジテレビにして」), and Alexa's short answers to them in Japanese.
// The rules cover the Japanese utterances each interface's page documents: 「<device name>をつけて」
// (PowerController), 「チャンネル4に変えて」「テレビをチャンネル1にして」「次のチャンネル」「前のチャンネルに
// 戻って」 (ChannelController), 「デバイスの音量を50にして」「デバイスの音量を20下げる」 (Speaker).
import {
  setVolumeRequest, smartHomeAnswer, volumeRequest, type CustomSkillLine, type EndpointProblem, type SmartHomeRequest, type SmartHomeWords,
} from './phrases';
import { spokenNumbers } from './utterance';

export const JA_INVOCATION_NAME = 'テレビリモコン';

/** Japanese lines as compared: full width folded, spaces dropped, kanji numbers as digits. */
function squash(line: string): string {
  return line.normalize('NFKC').replace(/^(?:アレクサ|alexa)[、,\s]*/i, '').replace(/[\s。!?]/g, '');
}

/**
 * 「テレビリモコンを開いて」「テレビリモコンを開始して」 open the skill (a LaunchRequest); 「テレビリモコンで…」
 * 「テレビリモコンに…」 and 「テレビリモコンを開いて…」 ask it once (the request's IntentRequest). The Japanese
 * forms of Amazon's ja-JP "ユーザーによるカスタムスキルの呼び出し" (Understand How Users Invoke Custom Skills)
 * and its Japanese custom-skill training post (developer.amazon.com/blogs/alexa/post/93bad9f6-377f-4ada-
 * 887c-279e7346f729/alexatraining-customskill): 「<呼び出し名>を開いて」 and 「<呼び出し名>を開始して」 with no
 * request, 「<呼び出し名>で<リクエスト>」, 「<呼び出し名>を開いて<リクエスト>」.
 */
export function customSkillLineJa(line: string): CustomSkillLine | undefined {
  const text = squash(line);
  const open = '(?:を)?(?:開いて|ひらいて|開始して|起動して|始めて)';
  if (new RegExp(`^${JA_INVOCATION_NAME}${open}$`).test(text)) return { kind: 'launch' };
  const asked = new RegExp(`^${JA_INVOCATION_NAME}(?:で|に|${open})(.+)$`).exec(text);
  return asked ? { kind: 'utter', utterance: asked[1]! } : undefined;
}

/**
 * What Alexa's built-in intents hear in Japanese inside the custom skill, the one Japanese table (the
 * stand-in adds the samples the model gives them, 「はい」「お願いします」; Amazon, ja-JP "標準ビルトイン
 * インテント" (Standard Built-in Intents): the built-ins need no samples, and samples extend them).
 * 「何て言えばいい」 is help.
 * No Japanese word ends the session as "exit" and "quit" do in English (a SessionEndedRequest,
 * USER_INITIATED), since no Amazon page read documents one. Read (developer.amazon.com/ja-JP/docs/alexa/
 * custom-skills/): 標準のリクエストタイプのリファレンス (ja-request-types-reference.html: SessionEndedRequest
 * 「コードによるセッションの終了以外の理由で、現在のスキルセッションが終了した場合に送信されます」, no word
 * named), スキルセッションとセッションアトリビュートの管理 (manage-skill-session-and-session-attributes.html:
 * true/false/undefined and screens, no word), 標準ビルトインインテント (standard-built-in-intents.html: its
 * common utterances, Stop and Cancel, no exit word); in English, "Best Practices for Custom Interfaces"
 * (alexa-gadgets-toolkit) names "Exit" and "Quit" only. Two Japanese blog posts say 「終了」 ends the session
 * (qiita.com/imajoriri/items/068f74fc1e0c68769627 「ユーザーが終了といったとき」; dev.classmethod.jp
 * "SessionEndedRequestの正しい料理法" 「ユーザーによる終了」): not Amazon's word, so 「終了」 stays Stop here.
 */
export function builtInIntentJa(line: string): string | undefined {
  const text = squash(line).replace(/(?:ですか|の|か)$/, '');
  return BUILT_IN.find(([pattern]) => pattern.test(text))?.[1];
}

const BUILT_IN: [RegExp, string][] = [
  [/^(?:ヘルプ|助けて|使い方(?:を教えて|は)?|何ができる|なにができる|(?:何て|なんて|どう|何を)言えばいい)$/, 'AMAZON.HelpIntent'],
  [/^(?:ストップ|止めて|とめて|終わり|終了|おしまい|もういい)$/, 'AMAZON.StopIntent'],
  [/^(?:キャンセル|やめて|取り消して?)$/, 'AMAZON.CancelIntent'],
];

/** Device words that mean "the TV" rather than a device's own name. */
const GENERIC = /^(?:テレビ|tv)$/i;
const device = (words: string | undefined): string | undefined => (words === undefined || GENERIC.test(words) ? undefined : words);
const PLEASE = '(?:ください)?';
const ON = '(?:つけて|付けて|オンにして)';
const OFF = '(?:消して|けして|オフにして|切って)';

const power = (on: boolean, words?: string): SmartHomeRequest =>
  ({ namespace: 'Alexa.PowerController', name: on ? 'TurnOn' : 'TurnOff', payload: {}, device: device(words) });
const channelNumber = (n: string, words?: string): SmartHomeRequest =>
  ({ namespace: 'Alexa.ChannelController', name: 'ChangeChannel', payload: { channel: { number: n } }, device: device(words) });
const channelName = (name: string, words?: string): SmartHomeRequest =>
  ({ namespace: 'Alexa.ChannelController', name: 'ChangeChannel', payload: { channel: {}, channelMetadata: { name } }, device: device(words) });
const skip = (sign: 1 | -1, count: string | undefined, words?: string): SmartHomeRequest =>
  ({ namespace: 'Alexa.ChannelController', name: 'SkipChannels', payload: { channelCount: sign * Number(count ?? 1) }, device: device(words) });
const volume = (sign: 1 | -1, count: string | undefined, words?: string): SmartHomeRequest => volumeRequest(sign, count, device(words));
const up = (word: string): 1 | -1 => (/^(上げ|大きく|次|進め)/.test(word) ? 1 : -1);
/** Counts said in kana (「ふたつ戻して」), as digits. */
const KANA_COUNTS = ['ひとつ', 'ふたつ', 'みっつ', 'よっつ', 'いつつ', 'むっつ', 'ななつ', 'やっつ', 'ここのつ', 'とお'];
const kanaCounts = (text: string): string => KANA_COUNTS.reduce((t, word, i) => t.replaceAll(word, `${i + 1}つ`), text);
const STEP = '(上げて|下げて|戻して|進めて)';
/** 「変えて」「して」「切り替えて」: what changing to a channel or a level is said with. */
const CHANGE = '(?:にして|に変えて|にかえて|に切り替えて|に切りかえて)';

type Rule = [RegExp, (m: RegExpExecArray) => SmartHomeRequest];
const RULES: Rule[] = [
  [new RegExp(`^(.+?)の電源を?(入れて|オンにして|切って|オフにして)${PLEASE}$`), (m) => power(/入れ|オン/.test(m[2]!), m[1])],
  [new RegExp(`^(?:(.+?)の)?チャンネルを(\\d+)(?:番)?${CHANGE}${PLEASE}$`), (m) => channelNumber(m[2]!, m[1])],
  // 「チャンネル4に変えて」「テレビをチャンネル1にして」
  [new RegExp(`^(?:(.+?)(?:を|の))?チャンネル(\\d+)(?:番)?${CHANGE}${PLEASE}$`), (m) => channelNumber(m[2]!, m[1])],
  [new RegExp(`^(?:(.+?)(?:を|で))?(\\d+)(?:チャンネル|ch)${CHANGE}${PLEASE}$`), (m) => channelNumber(m[2]!, m[1])],
  [new RegExp(`^(?:(.+?)の)?(次|前)のチャンネル(?:にして|に戻して|に戻って|に進めて)?${PLEASE}$`), (m) => skip(up(m[2]!), undefined, m[1])],
  // 「チャンネルを上げて」「チャンネルを2つ戻して」: no count is one channel.
  [new RegExp(`^(?:(.+?)の)?チャンネルを?(?:(\\d+)(?:つ|個|チャンネル)?)?${STEP}${PLEASE}$`), (m) => skip(up(m[3]!), m[2], m[1])],
  // 「2つ戻して」: a count and back or forward is a channel step (「3つ上げて」 alone could be the volume).
  [new RegExp(`^(\\d+)(?:つ|個|チャンネル)(戻して|進めて)${PLEASE}$`), (m) => skip(up(m[2]!), m[1])],
  // 「テレビの音量を3つ上げて」「デバイスの音量を20下げる」
  [new RegExp(`^(?:(.+?)の)?(?:音量|ボリューム)を?(?:(\\d+)(?:つ|個|段階)?)?(上げて|下げて|上げる|下げる)${PLEASE}$`), (m) => volume(up(m[3]!), m[2], m[1])],
  // 「デバイスの音量を50にして」: a level, which Speaker's SetVolume carries.
  [new RegExp(`^(?:(.+?)の)?(?:音量|ボリューム)を(\\d+)${CHANGE}${PLEASE}$`), (m) => setVolumeRequest(m[2]!, device(m[1]))],
  [new RegExp(`^(?:(.+?)の)?(?:音|音量)を?(大きく|小さく)して${PLEASE}$`), (m) => volume(up(m[2]!), undefined, m[1])],
  [new RegExp(`^(.+?)を?${OFF}${PLEASE}$`), (m) => power(false, m[1])],
  // 「テレビつけて」 turns a TV on; 「NHKつけて」 asks for a channel on it.
  [new RegExp(`^(.+?)を?${ON}${PLEASE}$`), (m) => (/(?:^|の)テレビ$/.test(m[1]!) ? power(true, m[1]) : channelName(m[1]!))],
  // 「フジテレビにして」「寝室のテレビでフジテレビにして」: the device named with を or で.
  [new RegExp(`^(?:(.+?)(?:を|で))?(.+?)(?:にして|が見たい|を見せて|に変えて)${PLEASE}$`), (m) => channelName(m[2]!, m[1])],
];

/**
 * A request asked for with a te-form and a word of asking after it, as the request alone: 「〜してくれる」
 * 「〜してくれない」「〜してもらえる」「〜してもらえますか」「〜してちょうだい」「〜してほしい」 and the
 * contracted 「〜しといて」 (〜しておいて) are 「〜して」. Amazon's Japanese utterances are te-forms
 * (ja-JP "Alexa.ChannelControllerインターフェース3": 「チャンネル4に変えて」; "Alexa.PowerController
 * インターフェース3": 「<device name>をつけて」), and "Design the Custom Intents for Your Skill" names the
 * courtesies a request is wrapped in as part of how it is said ("prefixes and suffixes like 'please',
 * 'can you'"); 「ください」 is taken by each rule already.
 */
function requestOf(text: string): string {
  return text
    .replace(/(て|で)(?:くれる|くれない|くれます|くれませんか|もらえる|もらえない|もらえます|もらえませんか|ちょうだい|ほしい|欲しい)か?(?:な|ね)?$/, '$1')
    .replace(/(?:とい|ておい)て$/, 'て');
}

/** The smart-home request a Japanese line asks for; undefined when it is no TV request. */
export function readSmartHomeLineJa(line: string): SmartHomeRequest | undefined {
  const text = spokenNumbers(kanaCounts(requestOf(squash(line))), true);
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(text);
    if (m) return build(m);
  }
  return undefined;
}

const RELINK_JA = 'Alexaアプリでテレビリモコンのスキルをもう一度リンクしてください。';

/**
 * Alexa's Japanese answers (phrases.ts says why never the message). Amazon publishes the words for an
 * unreachable device only (ja-JP "Alexa.EndpointHealth Interface 3.1", connectivity:
 * 「<device name>が応答していません。ネットワーク接続と電源を確認してください。」); every other sentence
 * says the type's meaning from the ja-JP "Alexa.ErrorResponseインターフェース 3" in our words.
 */
export const SMART_HOME_WORDS_JA: SmartHomeWords = {
  ok: 'はい。',
  errors: {
    ENDPOINT_UNREACHABLE: { from: 'Amazon', say: (d) => `${d}が応答していません。ネットワーク接続と電源を確認してください。` },
    BRIDGE_UNREACHABLE: { from: 'ours', say: (d) => `${d}につながっているハブが応答していません。` },
    EXPIRED_AUTHORIZATION_CREDENTIAL: { from: 'ours', say: (d) => `${d}のアカウントリンクの期限が切れています。${RELINK_JA}` },
    INVALID_AUTHORIZATION_CREDENTIAL: { from: 'ours', say: (d) => `${d}のアカウントリンクが無効です。${RELINK_JA}` },
    INSUFFICIENT_PERMISSIONS: { from: 'ours', say: (d) => `テレビリモコンのスキルには${d}を操作する権限がありません。` },
    INTERNAL_ERROR: { from: 'ours', say: (d) => `${d}で問題が発生しました。` },
    INVALID_DIRECTIVE: { from: 'ours', say: (d) => `${d}はその操作に対応していません。` },
    INVALID_VALUE: { from: 'ours', say: (d) => `${d}ではそれはできません。` },
    NO_SUCH_ENDPOINT: { from: 'ours', say: (d) => `${d}が見つかりません。` },
    NOT_SUPPORTED_IN_CURRENT_MODE: { from: 'ours', say: (d) => `${d}は今のモードではその操作ができません。` },
    VALUE_OUT_OF_RANGE: {
      from: 'ours',
      say: (d, range) => (range ? `${d}は${range.minimumValue}から${range.maximumValue}の間でしか設定できません。` : `${d}にはその値を設定できません。`),
    },
  },
  other: (d) => `${d}は今動作していません。`,
};

/** What an Echo says in Japanese for a smart-home answer. */
export const smartHomeSpeechJa = (response: { event: { header: { name: string }; payload: Record<string, unknown> } }, name: string): string =>
  smartHomeAnswer(SMART_HOME_WORDS_JA, response, name);

/** What an Echo says in Japanese when the device words name nothing it knows. */
export function deviceProblemSpeechJa(p: EndpointProblem): string {
  switch (p.problem) {
    case 'none': return 'テレビが見つかりません。設定したあと「デバイスを探して」と言ってください。';
    case 'several': return `テレビが複数あります。${p.names.map((n) => `「${n}」`).join('、')}のどれですか?`;
    case 'unknown': return `「${p.words}」という名前のデバイスが見つかりません。`;
  }
}
