// How Alexa hears and answers in each language the sandbox speaks: the smart-home phrase reader, Alexa's
// words, the examples shown at start. The console and the lines it passes on read them from here.
import type { RegisteredTv } from '../../store';
import { nameCore } from '../../tv/names';
import type { ModelLocale } from '../../../models/locales';
import {
  deviceProblemSpeech,
  readSmartHomeLine,
  smartHomeSpeech,
  type EndpointProblem,
  type KnownEndpoint,
  type SmartHomeRequest,
} from './phrases';
import { JA_INVOCATION_NAME, deviceProblemSpeechJa, readSmartHomeLineJa, smartHomeSpeechJa } from './phrases-ja';

type SmartHomeAnswer = Parameters<typeof smartHomeSpeech>[0];

/** How Alexa hears and answers in one language, where the sandbox stands in for it. */
export interface LanguageProfile {
  examples: string[];
  /** Examples that name two of the user's TVs (by their spoken names), shown first when there are several. */
  namedExamples(first: string, second: string): string[];
  /** What opens a session ("open tv remote"). */
  openPhrase: string;
  /** How to ask the custom skill once, for the note on lines neither door takes. */
  askPhrase: string;
  /** Japanese: the frame reader and the answers to "Which one?" read Japanese. */
  japanese: boolean;
  readSmartHomeLine(line: string, endpoints: readonly KnownEndpoint[]): SmartHomeRequest | undefined;
  smartHomeSpeech(response: SmartHomeAnswer, device: string): string;
  deviceProblem(problem: EndpointProblem): string;
  /** What Alexa says to a line it cannot place: short, with what can be said. */
  dontKnow: string;
  /** The prefecture the sandbox's setup chooses, so channel names work from the first line. */
  area?: string;
}

const ENGLISH: LanguageProfile = {
  examples: [
    'turn on the tv',
    'channel 5 on the tv',
    'next channel',
    'go up 3 channels',
    'volume up on the tv',
    'turn it down',
    'mute the tv',
    'turn off the tv',
    'tell tv remote to turn on the tv',
    'ask tv remote for channel 7',
    'open tv remote',
    'ask tv remote for help',
    'stop',
  ],
  namedExamples: (first, second) => [
    `turn on the ${second} tv`,
    `channel 5 on the ${first} tv`,
    `tell tv remote to turn up the ${second} tv`,
    `ask tv remote for channel 3 on the ${first} tv`,
  ],
  openPhrase: 'open tv remote',
  askPhrase: 'tell tv remote to …',
  japanese: false,
  readSmartHomeLine,
  smartHomeSpeech,
  deviceProblem: deviceProblemSpeech,
  dontKnow:
    'Sorry, I don\'t know that. You can say "turn on the TV", "channel 5 on the TV", "turn the volume up 3 on the TV", ' +
    'or "tell TV remote to" and a request.',
};

const JAPANESE: LanguageProfile = {
  examples: [
    'テレビをつけて',
    'フジテレビにして',
    '5チャンネルにして',
    '次のチャンネル',
    'チャンネルを2つ上げて',
    '音量を3つ上げて',
    'テレビを消して',
    'テレビリモコンでNHKつけて',
    'テレビリモコンで音を小さくして',
    'テレビリモコンを開いて',
    'テレビリモコンでヘルプ',
    'ストップ',
  ],
  namedExamples: (first, second) => [
    `${second}のテレビをつけて`,
    `${first}のテレビを5チャンネルにして`,
    `${JA_INVOCATION_NAME}で${second}のテレビの音量を上げて`,
  ],
  openPhrase: `${JA_INVOCATION_NAME}を開いて`,
  askPhrase: `${JA_INVOCATION_NAME}で…`,
  japanese: true,
  readSmartHomeLine: readSmartHomeLineJa,
  smartHomeSpeech: smartHomeSpeechJa,
  deviceProblem: deviceProblemSpeechJa,
  dontKnow:
    'すみません、よくわかりません。「テレビをつけて」「チャンネル4に変えて」「テレビの音量を3つ上げて」、' +
    `または「${JA_INVOCATION_NAME}で」に続けてお願いを言ってください。`,
  // The sandbox's Echo is in Tokyo: 100-0001 is 千代田区千代田, 東京都 (Japan Post's postal code search,
  // post.japanpost.jp/cgi-zip; src/tv/postal-codes.ts reads it as Tokyo), so setup by voice finds the
  // prefecture as it would on an Echo whose owner allowed the address.
  area: '100-0001',
};

/** The locales the sandbox can speak: those with an interaction model in models/. */
export const LANGUAGES: Record<ModelLocale, LanguageProfile> = {
  'en-US': ENGLISH,
  'en-GB': ENGLISH,
  'en-CA': ENGLISH,
  'en-AU': ENGLISH,
  'en-IN': ENGLISH,
  'ja-JP': JAPANESE,
};

/** With several TVs, commands that name one come first. */
export function examplesFor(language: LanguageProfile, tvs: RegisteredTv[]): string[] {
  const cores = tvs.map((tv) => nameCore(tv.deviceName)).filter((c) => c !== '');
  return cores.length < 2 ? language.examples : [...language.namedExamples(cores[0]!, cores[1]!), ...language.examples];
}
