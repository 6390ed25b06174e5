// What Google says back, in the line's language. Google does not publish its replies for smart home
// commands; these say what happened, briefly, and both languages pick their words in the same way.
import type { Language } from '../../language';
import { commandName, type ExecuteResult } from './devices';
import type { Heard } from './reader';

type Executed = Extract<Heard, { kind: 'execute' }>;
type NotExecuted = Exclude<Heard, { kind: 'execute' }>;

/** Why an EXECUTE failed, as the reply tells it: several of Google's errorCodes say the same to a person. */
type Failure = 'cannot' | 'offline' | 'out of range' | 'no channel' | 'not found' | 'no answer' | 'other';

const FAILURE_OF = new Map<string, Failure>([
  ['functionNotSupported', 'cannot'],
  ['notSupported', 'cannot'],
  ['actionNotAvailable', 'cannot'],
  ['deviceOffline', 'offline'],
  ['offline', 'offline'],
  ['valueOutOfRange', 'out of range'],
  ['noAvailableChannel', 'no channel'],
  ['deviceNotFound', 'not found'],
  ['transientError', 'no answer'],
]);

/** One language's words for each thing Google can say. */
interface Phrases {
  which(names: string[]): string;
  noDevices: string;
  noTrait(device: string): string;
  unknown: string;
  power(device: string, on: boolean): string;
  channel: string;
  volume(down: boolean): string;
  done: string;
  failed: Record<Failure, (device: string) => string>;
}

const PHRASES: Record<Language, Phrases> = {
  en: {
    which: (names) => `Sorry, which one: ${names.join(' or ')}?`,
    noDevices: "It looks like you haven't set up any devices in the Google Home app yet.",
    noTrait: (name) => `Sorry, ${name} doesn't support that.`,
    unknown: "Sorry, I don't understand.",
    power: (name, on) => `OK, turning ${name} ${on ? 'on' : 'off'}.`,
    channel: 'OK, changing the channel.',
    volume: (down) => `OK, turning the volume ${down ? 'down' : 'up'}.`,
    done: 'OK.',
    failed: {
      cannot: (name) => `Sorry, ${name} can't do that.`,
      offline: (name) => `Sorry, ${name} isn't responding right now.`,
      'out of range': (name) => `Sorry, that's out of range for ${name}.`,
      'no channel': (name) => `Sorry, ${name} doesn't have that channel.`,
      'not found': (name) => `Sorry, I couldn't find ${name}.`,
      'no answer': (name) => `Sorry, ${name} didn't answer in time. Try again.`,
      other: (name) => `Sorry, something went wrong with ${name}.`,
    },
  },
  ja: {
    which: (names) => `どれですか?${names.join('、')}`,
    noDevices: 'Google Home アプリにデバイスがまだ設定されていないようです。',
    noTrait: (name) => `すみません、${name}はその操作に対応していません。`,
    unknown: 'すみません、よくわかりません。',
    power: (name, on) => (on ? `はい、${name}をつけます。` : `はい、${name}を消します。`),
    channel: 'はい、チャンネルを変えます。',
    volume: (down) => (down ? 'はい、音量を下げます。' : 'はい、音量を上げます。'),
    done: 'はい。',
    failed: {
      cannot: (name) => `すみません、${name}ではその操作はできません。`,
      offline: (name) => `すみません、${name}が応答していません。`,
      'out of range': (name) => `すみません、${name}ではその値は範囲外です。`,
      'no channel': (name) => `すみません、${name}にそのチャンネルはありません。`,
      'not found': (name) => `すみません、${name}が見つかりません。`,
      'no answer': (name) => `すみません、${name}の応答がありませんでした。もう一度お試しください。`,
      other: (name) => `すみません、${name}で問題が発生しました。`,
    },
  },
};

/**
 * For a refused response Google gives "a generic error message, for example, "Sorry, device is not
 * available right now"" (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions).
 */
export const GENERIC_ERROR: Record<Language, string> = {
  en: 'Sorry, device is not available right now.',
  ja: 'すみません、デバイスは現在利用できません。',
};

/** What Google says when it sends no command. */
export function heardSpeech(heard: NotExecuted, language: Language): string {
  const say = PHRASES[language];
  if (heard.kind === 'which') return say.which(heard.devices.map((d) => d.name));
  if (heard.kind === 'no devices') return say.noDevices;
  if (heard.kind === 'no trait') return say.noTrait(heard.device.name);
  return say.unknown;
}

/** What Google says once the EXECUTE has answered. */
export function resultSpeech(result: ExecuteResult, { device, execution }: Executed, language: Language): string {
  const say = PHRASES[language];
  if (result.status !== 'SUCCESS') return say.failed[FAILURE_OF.get(result.errorCode ?? '') ?? 'other'](device.name);
  const p = execution.params;
  switch (commandName(execution)) {
    case 'OnOff':
      return say.power(device.name, p['on'] === true);
    case 'selectChannel':
    case 'relativeChannel':
    case 'returnChannel':
      return say.channel;
    case 'volumeRelative':
      return say.volume(Number(p['relativeSteps']) < 0);
    default:
      return say.done;
  }
}
