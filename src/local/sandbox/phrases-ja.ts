// The sandbox's stand-in for Alexa's own Japanese understanding of the two doors (phrases.ts does the
// English): 「テレビリモコンで…」 goes to the custom skill, other TV requests become smart-home
// directives (「テレビをつけて」, 「フジテレビにして」) read by the shared frame reader (src/local/frames/),
// and Alexa's short answers to them in Japanese.
import { readFrame } from '../frames/read';
import {
  frameDevices,
  smartHomeAnswer,
  smartHomeRequest,
  type CustomSkillLine,
  type EndpointProblem,
  type KnownEndpoint,
  type SmartHomeRequest,
  type SmartHomeWords,
} from './phrases';

export const JA_INVOCATION_NAME = 'テレビリモコン';

/** Japanese lines as compared: full width folded, spaces dropped, kanji numbers as digits. */
function squash(line: string): string {
  return line
    .normalize('NFKC')
    .replace(/^(?:アレクサ|alexa)[、,\s]*/i, '')
    .replace(/[\s。!?]/g, '');
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
  [
    /^(?:ヘルプ|助けて|使い方(?:を教えて|は)?|何ができる|なにができる|(?:何て|なんて|どう|何を)言えばいい)$/,
    'AMAZON.HelpIntent',
  ],
  [/^(?:ストップ|止めて|とめて|終わり|終了|おしまい|もういい)$/, 'AMAZON.StopIntent'],
  [/^(?:キャンセル|やめて|取り消して?)$/, 'AMAZON.CancelIntent'],
];

/** The smart-home request a Japanese line asks of these endpoints (the frame reader, src/local/frames/japanese.ts); undefined when it is no TV request. */
export function readSmartHomeLineJa(
  line: string,
  endpoints: readonly KnownEndpoint[] = [],
): SmartHomeRequest | undefined {
  const frame = readFrame(line, frameDevices(endpoints), true);
  return frame && smartHomeRequest(frame);
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
    ENDPOINT_UNREACHABLE: {
      from: 'Amazon',
      say: (d) => `${d}が応答していません。ネットワーク接続と電源を確認してください。`,
    },
    BRIDGE_UNREACHABLE: { from: 'ours', say: (d) => `${d}につながっているハブが応答していません。` },
    EXPIRED_AUTHORIZATION_CREDENTIAL: {
      from: 'ours',
      say: (d) => `${d}のアカウントリンクの期限が切れています。${RELINK_JA}`,
    },
    INVALID_AUTHORIZATION_CREDENTIAL: { from: 'ours', say: (d) => `${d}のアカウントリンクが無効です。${RELINK_JA}` },
    INSUFFICIENT_PERMISSIONS: {
      from: 'ours',
      say: (d) => `テレビリモコンのスキルには${d}を操作する権限がありません。`,
    },
    INTERNAL_ERROR: { from: 'ours', say: (d) => `${d}で問題が発生しました。` },
    INVALID_DIRECTIVE: { from: 'ours', say: (d) => `${d}はその操作に対応していません。` },
    INVALID_VALUE: { from: 'ours', say: (d) => `${d}ではそれはできません。` },
    NO_SUCH_ENDPOINT: { from: 'ours', say: (d) => `${d}が見つかりません。` },
    NOT_SUPPORTED_IN_CURRENT_MODE: { from: 'ours', say: (d) => `${d}は今のモードではその操作ができません。` },
    VALUE_OUT_OF_RANGE: {
      from: 'ours',
      say: (d, range) =>
        range
          ? `${d}は${range.minimumValue}から${range.maximumValue}の間でしか設定できません。`
          : `${d}にはその値を設定できません。`,
    },
  },
  other: (d) => `${d}は今動作していません。`,
};

/** What an Echo says in Japanese for a smart-home answer. */
export const smartHomeSpeechJa = (
  response: { event: { header: { name: string }; payload: Record<string, unknown> } },
  name: string,
): string => smartHomeAnswer(SMART_HOME_WORDS_JA, response, name);

/** What an Echo says in Japanese when the device words name nothing it knows. */
export function deviceProblemSpeechJa(p: EndpointProblem): string {
  switch (p.problem) {
    case 'none':
      return 'テレビが見つかりません。設定したあと「デバイスを探して」と言ってください。';
    case 'several':
      return `テレビが複数あります。${p.names.map((n) => `「${n}」`).join('、')}のどれですか?`;
    case 'unknown':
      return `「${p.words}」という名前のデバイスが見つかりません。`;
  }
}
