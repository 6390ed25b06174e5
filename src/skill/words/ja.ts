// Every word the skill says in Japanese (ja-JP). Japanese word order and counters: "5チャンネル",
// "3つ" (one to nine; from ten a bare number, as people say "音量を10上げて").
import type { ChannelDirection, VolumeDirection } from '../../cloud/types';
import { CHANNEL_MAX, CHANNEL_MIN, MAX_STEPS } from '../../tv/control';
import { spokenDigits, ssmlText } from './ssml';
import type { Words } from './types';

const tsu = (n: number): string => (n >= 1 && n <= 9 ? `${n}つ` : `${n}`);
/** The verb stem: 上げ(る) / 下げ(る). */
const raise = (d: ChannelDirection | VolumeDirection): string => (d === 'next' || d === 'up' ? '上げ' : '下げ');

/** 「寝室の」: which of the user's TVs, or nothing for a TV named just "TV". */
const of = (name: string): string => (name === '' ? '' : `${ssmlText(name)}の`);
const which = (names: readonly string[]): string =>
  names.length === 2
    ? `どのテレビですか?${ssmlText(names[0])}と${ssmlText(names[1])}のどちらですか?`
    : `どのテレビですか?${names.map(ssmlText).join('、')}のどれですか?`;

const duration = (minutes: number): string => (minutes >= 90 ? `約${Math.round(minutes / 60)}時間` : `${minutes}分`);

export const ja: Words = {
  then: (first, next) => `${first}${next}`,
  welcome:
    'テレビリモコンです。「テレビをつけて」「5チャンネルにして」「音量を上げて」のように話しかけてください。何をしますか?',
  welcomeReprompt: 'テレビをどうしますか?',
  anythingElse: 'ほかに何かありますか?',
  help:
    '「テレビをつけて」「フジテレビにして」「5チャンネルにして」「次のチャンネル」「音量を3つ上げて」「音を小さくして」' +
    '「テレビを消して」のように言ってください。何をしますか?',
  helpReprompt: '「5チャンネルにして」や「音量を上げて」と言ってみてください。',
  goodbye: '終了します。',
  fallback:
    'すみません、よくわかりませんでした。「5チャンネルにして」や「音量を上げて」のように言ってください。何をしますか?',
  fallbackReprompt: '「5チャンネルにして」や「音量を上げて」と言ってみてください。',
  cannotMute: 'このリモコンでは消音できません。代わりに「音量を5つ下げて」のように音量を下げられます。',

  powerOn: 'テレビをつけます。',
  alreadyOn: 'テレビはもうついています。',
  powerOff: 'テレビを消します。',
  alreadyOff: 'テレビはもう消えています。',

  askChannel: `何チャンネルにしますか?${CHANNEL_MIN}から${CHANNEL_MAX}の番号で言ってください。`,
  askAgain: {
    channelCount:
      'すみません、いくつ動かすか聞き取れませんでした。「チャンネルを3つ上げて」のように、もう一度言ってください。',
    volumeSteps:
      'すみません、いくつ変えるか聞き取れませんでした。「音量を3つ上げて」のように、もう一度言ってください。',
  },
  channelSet: (channel) => `${channel}チャンネルにしました。`,
  channelNamed: ({ name }, channel) => `${ssmlText(name)}、${channel}チャンネルにしました。`,
  // The names with the words the model hears them in (「{channelName}にして」): a name alone is no request.
  unknownChannelName: (name, known) =>
    `${ssmlText(name)}というチャンネルはわかりません。` +
    (known.length > 0
      ? `「${ssmlText(known[0]!.name)}にして」のように言えます。言えるのは、${known.map((k) => ssmlText(k.name)).join('、')}です。`
      : ''),
  channelElsewhere: (name, station) =>
    `${ssmlText(name)}は${station.here.name}の放送局ではないので、チャンネルはそのままです。` +
    `${ssmlText(station.name)}は${station.prefectures
      .slice(0, 3)
      .map((p) => p.name)
      .join('、')}${station.prefectures.length > 3 ? 'など' : ''}の放送局です。`,
  noChannelNames: (name) =>
    `${ssmlText(name)}が何チャンネルかわかりません。「5チャンネルにして」のように番号で言えます。` +
    'セットアップで地域を選ぶと、局の名前でチャンネルを変えられます。',
  channelSteps: {
    complete: (d, done) =>
      done === 1
        ? d === 'next'
          ? '次のチャンネルにしました。'
          : '前のチャンネルにしました。'
        : `チャンネルを${tsu(done)}${raise(d)}ました。`,
    outOfTime: (d, done, requested) =>
      done === 0
        ? '時間内にチャンネルを変えられませんでした。'
        : `時間切れのため、チャンネルは${tsu(requested)}のうち${tsu(done)}だけ${raise(d)}ました。`,
    partly: (d, done, requested) =>
      `チャンネルを${tsu(requested)}のうち${tsu(done)}${raise(d)}たところで、問題が起きました。`,
  },
  volumeSteps: {
    complete: (d, done) => (done === 1 ? `音量を${raise(d)}ました。` : `音量を${tsu(done)}${raise(d)}ました。`),
    outOfTime: (d, done, requested) =>
      done === 0
        ? '時間内に音量を変えられませんでした。'
        : `時間切れのため、音量は${tsu(requested)}のうち${tsu(done)}だけ${raise(d)}ました。`,
    partly: (d, done, requested) =>
      `音量を${tsu(requested)}のうち${tsu(done)}${raise(d)}たところで、問題が起きました。`,
  },

  failure: {
    linkAccount:
      'テレビを操作するには、Alexaアプリでテレビリモコンのアカウントをリンクしてください。アプリにカードを送りました。',
    relinkAccount:
      'テレビリモコンのアカウントをもう一度リンクする必要があります。Alexaアプリでリンクし直してください。アプリにカードを送りました。',
    offline: 'ご自宅のゲートウェイかリモコンにつながりません。電源とネットワークを確認してください。',
    timeout: 'テレビから時間内に確認が取れませんでした。少しして変わるかもしれません。',
    unavailable: 'テレビリモコンのサービスは今使えません。しばらくしてからもう一度お試しください。',
    invalidParameter: 'リモコンがその操作を送れませんでした。そのボタンをまだ学習していないかもしれません。',
    notFound: 'テレビが見つかりません。セットアップをもう一度実行してください。',
    forbidden: 'このアカウントではそのテレビを操作できません。',
    deviceState: 'テレビがその操作を受け付けませんでした。テレビの電源が入っているか確認してください。',
    generic: 'すみません、今はその操作ができませんでした。もう一度お試しください。',
    channelRange: `チャンネルは${CHANNEL_MIN}から${CHANNEL_MAX}までしか選べません。`,
    channelStepCount: `チャンネルは一度に1から${MAX_STEPS}まで動かせるので、そのままにしました。`,
    volumeStepCount: `音量は一度に1から${MAX_STEPS}段階まで変えられるので、そのままにしました。`,
    channelTooMany: `チャンネルは一度に${MAX_STEPS}までしか動かせないので、そのままにしました。`,
    volumeTooMany: `音量は一度に${MAX_STEPS}段階までしか変えられないので、そのままにしました。`,
    storeUnavailable: '今はテレビの設定を読み込めません。少ししてからもう一度お試しください。',
    tookTooLong: '時間がかかっています。テレビが変わっていなければ、少ししてからもう一度お試しください。',
    unreadableRequest: 'すみません、そのリクエストがわかりませんでした。もう一度お試しください。',
    unexpected: 'すみません、テレビリモコンで問題が起きました。もう一度お試しください。',
  },

  tvs: {
    which,
    unknown: (spoken, names) =>
      names.length === 1
        ? `${ssmlText(spoken)}というテレビはありません。テレビは${ssmlText(names[0])}です。どのテレビですか?`
        : `${ssmlText(spoken)}というテレビはありません。${which(names)}`,
    chosen: (name) => `${of(name)}テレビにします。何をしますか?`,
    chosenReprompt: 'テレビをどうしますか?',
    powerOn: (name) => `${of(name)}テレビをつけます。`,
    alreadyOn: (name) => `${of(name)}テレビはもうついています。`,
    powerOff: (name) => `${of(name)}テレビを消します。`,
    alreadyOff: (name) => `${of(name)}テレビはもう消えています。`,
  },

  voiceSetup: {
    offer: 'まだテレビが設定されていません。今テレビを探しましょうか?',
    offerReprompt: 'テレビを探しましょうか?',
    askName: 'このテレビを何と呼びますか?たとえば、寝室のテレビ、のように言ってください。',
    askNameReprompt: 'このテレビを何と呼びますか?',
    confirmName: (name) => `${ssmlText(name)}、と呼びます。今探しますか?`,
    confirmNameReprompt: 'テレビを今探しますか?',
    looking: 'テレビを探しています。数秒かかります。',
    forgetting: 'テレビを削除しています。少しお待ちください。',
    notStarted: {
      add: 'テレビを探し始められませんでした。もう一度お試しください。',
      remove: 'テレビの削除を始められませんでした。もう一度お試しください。',
    },
    stillLooking: 'まだ設定中です。もう一度確認しますか?',
    carriesOn: 'わかりました。このまま設定を続けます。準備ができたテレビはAlexaアプリに表示されます。',
    ready: (name, stations) =>
      `${ssmlText(name)}の準備ができました。「アレクサ、${ssmlText(name)}をつけて」と言ってみてください。` +
      (stations ? `${stations.name}の局の名前でもチャンネルを変えられます。` : ''),
    choosePreset: (labels) =>
      `リモコンが知っているテレビは、${labels.map((l, i) => `${i + 1}番、${ssmlText(l)}`).join('、')}です。` +
      'どれですか?番号かメーカーで言ってください。',
    choosePresetReprompt: 'どのテレビですか?番号かメーカーで言ってください。',
    unknownChoice: (labels) => `すみません、その中にはありません。${ja.voiceSetup.choosePreset(labels)}`,
    chooseRemote: (names) =>
      `リモコンが${names.length}台あります。${names.map((n, i) => `${i + 1}番、${ssmlText(n)}`).join('、')}です。` +
      'このテレビに向いているのはどれですか?番号で言ってください。',
    chooseRemoteReprompt: 'このテレビに向いているリモコンはどれですか?番号で言ってください。',
    unknownRemote: (names) => `すみません、その中にはありません。${ja.voiceSetup.chooseRemote(names)}`,
    confirmForget: (name) =>
      `${ssmlText(name)}を削除しますか?リモコンには残りますが、Alexaからは操作できなくなります。`,
    confirmForgetReprompt: 'テレビを削除しますか?',
    forgotten: (name) => `${ssmlText(name)}を削除しました。`,
    alreadyForgotten: (name) => `${ssmlText(name)}はもう削除されています。`,
    again: (question) => `すみません、よくわかりませんでした。${question}`,
    yesOrNo: '「はい」か「いいえ」で答えてください。',
    nameTooLong: (max) => `その名前は長すぎます。テレビの名前は${max}文字までです。このテレビを何と呼びますか?`,
    nameTaken: (name) => `${ssmlText(name)}という名前のテレビはもうあります。新しいテレビを何と呼びますか?`,
    askPrefecture: 'テレビはどの都道府県にありますか?局の名前でチャンネルを変えるのに使います。',
    askPrefectureReprompt: 'テレビはどの都道府県にありますか?',
    grantAddress:
      'Alexaアプリで、このスキルに「国と郵便番号」の利用を許可すると、次からはたずねません。アプリにカードを送りました。',
    unknownPrefecture: 'すみません、その都道府県はわかりませんでした。東京都、大阪府のように言ってください。',
    nothingChanged: 'わかりました。何も変えていません。',
    noTv: 'テレビが設定されていないので、削除するものはありません。',
    failed: {
      no_remote:
        '赤外線リモコンが見つかりませんでした。先にデバイスクラウドのアプリでリモコンを設定してから、もう一度お願いします。',
      offline: 'ホームゲートウェイかリモコンが応答しません。電源とネットワークを確認して、もう一度お願いします。',
      relink:
        'テレビリモコンのアカウントをもう一度リンクしてください。Alexaアプリでリンクしてから、もう一度お願いします。',
      busy: 'ほかのセットアップが動いています。1分ほどしてから、もう一度お願いします。',
      name: '同じように聞こえる名前のテレビがもうあります。別の名前にしてください。',
      other: 'すみません、セットアップできませんでした。しばらくしてからもう一度お願いします。',
    },
  },
  setupCode: {
    speech: (code) =>
      `別のテレビをセットアップするコードは${spokenDigits(code)}です。` +
      'コードと、声でテレビを追加する方法をAlexaアプリに送りました。',
    cardTitle: '別のテレビのセットアップ',
    card: (code, minutesLeft) =>
      [
        `セットアップコード: ${code}`,
        `有効期限は${duration(minutesLeft)}です。`,
        '',
        'このコードを、ご家庭のテレビリモコンを設定した方に伝えると、新しいテレビを追加してもらえます。',
        '声でも追加できます:「アレクサ、テレビリモコンで寝室のテレビを追加して」',
        'テレビを外すには:「アレクサ、テレビリモコンで寝室のテレビを削除して」',
      ].join('\n'),
  },
  screen: {
    title: (name) => (name === '' ? 'テレビリモコン' : `テレビリモコン: ${ssmlText(name)}`),
    ready: 'ボタンをタッチするか、「5チャンネルにして」のように話しかけてください。',
    powerOn: '電源オン',
    powerOff: '電源オフ',
    channelUp: 'チャンネル ▲',
    channelDown: 'チャンネル ▼',
    volumeUp: '音量 +',
    volumeDown: '音量 −',
    chosen: (name) => `${of(name)}テレビを操作します。`,
    unknownButton: 'そのボタンはわからないので、何も押しませんでした。',
    unknownTv: 'そのテレビは登録されていないので、何も押しませんでした。',
  },
};
