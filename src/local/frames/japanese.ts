// The Japanese frame reader: the device first (never the テレビ inside a station's name) with its particle,
// then what is left must be one action's words, whole. The actions follow Amazon's and Google's published
// Japanese utterances: docs/sandbox.md#frames-japanese.
import { normalForm } from '../../text';
import { spokenNumbers } from '../sandbox/utterance';
import { isSpeakersOwn, spokenForms, type Action, type DeviceRef, type Frame, type FrameDevice } from './frame';

/** Counts said in kana (「ふたつ」), as digits with つ. */
const KANA_COUNTS = [
  'ひとつ',
  'ふたつ',
  'みっつ',
  'よっつ',
  'いつつ',
  'むっつ',
  'ななつ',
  'やっつ',
  'ここのつ',
  'とお',
];

/**
 * A request asked for with a te-form and a word of asking after it, as the request alone: 「〜してくれる」
 * 「〜していただけますか」「〜してもらえる」「〜してちょうだい」「〜してほしい」 and the contracted 「〜しといて」
 * (〜しておいて) are 「〜して」; 「ください」 and 「お願い」 after it too. Amazon's Japanese utterances are the
 * te-forms inside them.
 */
function requestOf(text: string): string {
  return text
    .replace(/(?:ください|下さい|くれ|お願いします|お願い|おねがい)$/, '')
    .replace(
      /(て|で)(?:くれる|くれない|くれます|くれませんか|もらえる|もらえない|もらえます|もらえませんか|いただける|いただけます|いただけません|いただけない|ちょうだい|ほしい|欲しい)(?:か)?(?:な|ね)?$/,
      '$1',
    )
    .replace(/(?:とい|ておい)て$/, 'て');
}

/** A line as compared: normal form, no spaces or punctuation, kana and kanji counts as digits, asking forms as the request. */
function squash(line: string): string {
  const plain = normalForm(line)
    .replace(/^(?:アレクサ|alexa|ok google|hey google|okgoogle|ねえグーグル|オーケーグーグル)/, '')
    .replace(/[\s、。!?,.]/g, '');
  // A reason before the request (「もう寝るから」「うるさいので」) asks nothing; the sounds of thinking neither.
  const request = plain
    .replace(/^.*?(?:から|ので)(?=.)/, '')
    .replace(/^(?:えっと|ええと|えーと|あの|あのー|うーん|ねえ|じゃあ)/, '');
  return spokenNumbers(
    KANA_COUNTS.reduce((t, word, i) => t.replaceAll(word, `${i + 1}つ`), requestOf(request)),
    true,
  );
}

/** The frame a Japanese line asks for, or undefined when it is no TV request. */
export function readJapaneseFrame(line: string, devices: readonly FrameDevice[]): Frame | undefined {
  const text = squash(line);
  if (text === '') return undefined;
  const { device, rest } = findDevice(text, devices);
  const read = actionOf(rest) ?? (device ? undefined : unknownDevice(rest));
  if (read === undefined) return undefined;
  if ('unknown' in read)
    return device === undefined || device.kind === 'generic'
      ? { device: { kind: 'unknown', words: read.unknown }, action: read.action }
      : undefined;
  if (isSpeakersOwn(read, device)) return undefined;
  return { device: device ?? { kind: 'generic' }, action: read };
}

/** Particles after the device: 「テレビを」「寝室のテレビの」「テレビで」「テレビは」. */
const PARTICLE = '(?:を|の|で|は|も|に)?';
/**
 * 「テレビ」 standing alone: not 「フジテレビ」「日本テレビ」「テレビ朝日」「テレビ東京」, but 「テレビ消して」
 * 「テレビ電源オン」, where what follows is the request.
 */
const GENERIC =
  /(?<![\p{Script=Katakana}\p{Script=Han}ー])(?:テレビ|tv)(?!(?!消|切|付け|点け|電源|音|ミュート|チャンネル|ボリューム|オン|オフ)[\p{Script=Katakana}\p{Script=Han}ー])/u;

function findDevice(text: string, devices: readonly FrameDevice[]): { device?: DeviceRef; rest: string } {
  let best: { index: number; form: string } | undefined;
  devices.forEach((d, index) => {
    for (const name of d.names) {
      // The core alone (「寝室」) is a place, not the TV: 「寝室の電気」 is another device.
      for (const { form } of spokenForms(name, true).filter((f) => !f.core)) {
        if (text.includes(form) && (best === undefined || form.length > best.form.length)) best = { index, form };
      }
    }
  });
  if (best)
    return {
      device: { kind: 'named', index: best.index },
      rest: text.replace(new RegExp(`${escape(best.form)}${PARTICLE}`), ''),
    };
  const generic = new RegExp(`${GENERIC.source}${PARTICLE}`, 'u').exec(text);
  if (!generic) return { rest: text };
  const before = text.slice(0, generic.index);
  const rest = text.slice(generic.index + generic[0].length);
  // 「台所のテレビ」 where the household has none: a TV by a name no device has.
  if (/^[^をでは]+の$/u.test(before)) return { device: { kind: 'unknown', words: `${before}テレビ` }, rest };
  return { device: { kind: 'generic' }, rest: before + rest };
  return { rest: text };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Read = Action | { action: Action; unknown: string } | undefined;

const SOFT = '(?:もう少し|もうちょっと|少し|ちょっと|すこし|ちょっとだけ|少しだけ)?';
const COUNT = '(?:(\\d+)(?:つ|個|回|段階|目盛り|メモリ|ステップ|チャンネル|ch)?)?';
const UP = /^(?:上げ|あげ|大きく|おおきく|アップ|次|進め|すすめ|増やし|送っ)/;
const VOLUME = '(?:音量|ボリューム|音|おと)';
const CHANNEL = '(?:チャンネル|ちゃんねる|ch)';
const DO = '(?:に|へ)?(?:して|する|しろ)?';

type Rule = [RegExp, (m: RegExpExecArray) => Read];
const RULES: Rule[] = [
  // Mute words always mean mute, never a channel or a device: 「ミュートにして」「消音」「音を消して」.
  [/^(?:ミュート|消音)(?:を)?(?:解除|オフに?|外)(?:して)?$/, () => ({ kind: 'mute', on: false })],
  [
    new RegExp(
      `^(?:ミュート|消音)(?:に|を)?(?:して|する|オン)?$|^${VOLUME}を?(?:消して|けして|消す|切って|オフにして|ミュートにして)$`,
    ),
    () => ({ kind: 'mute', on: true }),
  ],
  // 「音量を50にして」: a level.
  [
    new RegExp(`^${VOLUME}を?(\\d+)(?:に|へ)(?:して|変えて|設定して|する)$`),
    (m) => ({ kind: 'volumeLevel', level: Number(m[1]) }),
  ],
  // 「音量を3つ上げて」「ボリュームを3上げて」「ちょっと音大きくして」「音量アップ」「音、少し小さくして」
  [
    new RegExp(
      `^${SOFT}${VOLUME}(?:を|は|が)?${SOFT}${COUNT}${SOFT}(上げ|下げ|あげ|さげ|大きく|小さく|おおきく|ちいさく|アップ|ダウン|増やし|減らし)(?:て|る|して|する)?$`,
    ),
    (m) => ({ kind: 'volumeStep', up: UP.test(m[2]!), ...(m[1] !== undefined && { count: Number(m[1]) }) }),
  ],
  [new RegExp(`^${SOFT}(大きく|小さく|静かに)(?:して)?$`), (m) => ({ kind: 'volumeStep', up: m[1] === '大きく' })],
  // 「前のチャンネル」「前のチャンネルに戻って」
  [
    new RegExp(`^(?:前|直前|さっき|元)の${CHANNEL}(?:に|へ)?(?:戻って|戻して|もどして|して)?$`),
    () => ({ kind: 'previousChannel' }),
  ],
  [new RegExp(`^次の${CHANNEL}(?:に|へ)?(?:して|進んで|進めて|変えて)?$`), () => ({ kind: 'channelStep', steps: 1 })],
  // 「チャンネル4に変えて」「チャンネルを5番にして」「3chにして」「6チャンネルに変えて」「チャンネル5」
  [
    new RegExp(`^${CHANNEL}(?:を)?(\\d+)(?:番)?${DO}(?:変えて|かえて|切り替えて|切りかえて|合わせて)?$`),
    (m) => ({ kind: 'channelNumber', number: Number(m[1]) }),
  ],
  [
    new RegExp(
      `^(\\d+)(?:番)?${CHANNEL}${DO}(?:変えて|かえて|切り替えて|切りかえて|合わせて|戻して|戻って|もどして)?$`,
    ),
    (m) => ({ kind: 'channelNumber', number: Number(m[1]) }),
  ],
  // 「チャンネルを上げて」「チャンネル4つ上げて」「チャンネルダウン」「2つ戻して」
  [
    new RegExp(`^${CHANNEL}(?:を)?${COUNT}(上げ|下げ|あげ|さげ|アップ|ダウン|戻し|もどし|進め|すすめ|送っ)(?:て|る)?$`),
    (m) => ({ kind: 'channelStep', steps: (UP.test(m[2]!) || m[2] === '送っ' ? 1 : -1) * Number(m[1] ?? 1) }),
  ],
  // 「2つ戻して」「2チャンネル上げて」: a count with back or forward is a channel step (「3つ上げて」 alone could be the volume).
  [
    new RegExp(
      `^(\\d+)(?:つ|個|回|${CHANNEL})(戻し|もどし|進め|すすめ)て$|^(\\d+)${CHANNEL}(上げ|下げ|あげ|さげ|アップ|ダウン)(?:て|る)?$`,
    ),
    (m) => ({ kind: 'channelStep', steps: (UP.test(m[2] ?? m[4]!) ? 1 : -1) * Number(m[1] ?? m[3]) }),
  ],
  // 「電源を入れて」「電源オン」「つけて」「消して」
  [
    /^(?:電源|でんげん)(?:を)?(入れて|いれて|オンにして|オン|つけて|切って|きって|オフにして|オフ|落として)$/,
    (m) => ({ kind: 'power', on: /入れ|いれ|オン|つけ/.test(m[1]!) }),
  ],
  [/^(つけて|付けて|点けて|オンにして|起動して|オン)$/, () => ({ kind: 'power', on: true })],
  [/^(消して|けして|切って|オフにして|オフ|止めて|とめて)$/, () => ({ kind: 'power', on: false })],
];

/** Ends that change to a channel by name: 「フジテレビにして」「TBSに変えて」「Eテレつけて」「日テレが見たい」. */
const TO_NAME =
  /^(.+?)(?:にして|に変えて|にかえて|に切り替えて|に切りかえて|に合わせて|が見たい|を見たい|を見せて|見せて|をつけて|つけて|を付けて)$/;
const OFF_OBJECT = /^(.+?)を?(?:消して|けして|切って|オフにして)$/;

/** 「デバイスの音量を50にして」: words before の/を that name no device the household has, and a request after them. */
function unknownDevice(text: string): Read {
  const m = /^(.+?)(?:の|を|で)(.+)$/.exec(text);
  const read = m ? actionOf(m[2]!) : undefined;
  if (read === undefined || 'unknown' in read) return undefined;
  return { action: read, unknown: m![1]! };
}

function actionOf(rest: string): Read {
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(rest);
    if (m) return build(m);
  }
  // Another device in the TV's place: 「寝室の電気を消して」 is a device the household may not have.
  const off = OFF_OBJECT.exec(rest);
  if (off) return { action: { kind: 'power', on: false }, unknown: off[1]! };
  const named = TO_NAME.exec(rest);
  if (!named) return undefined;
  const name = named[1]!.replace(/(?:を|の)$/, '');
  // 「リビングの電気をつけて」: a thing of a place is a device, not a station's name.
  if (/の/.test(name) || /^\d+$/.test(name))
    return /つけ|付け/.test(rest) ? { action: { kind: 'power', on: true }, unknown: name } : undefined;
  return { kind: 'channelName', name };
}
