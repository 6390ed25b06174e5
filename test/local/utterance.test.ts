// The sandbox's stand-in for Alexa's speech recognition and Japanese word splitting.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  elicitedSlotMatcher,
  modelMatcher,
  openSlotMatcher,
  utteranceTokenizer,
} from '../../src/local/sandbox/utterance';

const ja = utteranceTokenizer('ja-JP', ['フジテレビ', 'フジ', 'NHK', 'NHK総合', 'TOKYO MX']);
const en = utteranceTokenizer('en-US', ['bbc one', 'fuji tv']);

it.each([
  ['5チャンネルにして', '5 チャンネルにして'],
  ['チャンネルを12にして', 'チャンネルを 12 にして'],
  ['五チャンネルにして', '5 チャンネルにして'],
  ['チャンネルを十二にして', 'チャンネルを 12 にして'],
  ['音量を二十上げて', '音量を 20 上げて'],
  ['５チャンネル', '5 チャンネル'],
  ['フジテレビにして', 'フジテレビ にして'],
  ['NHK総合つけて', 'NHK総合 つけて'],
  ['TOKYO MXが見たい', 'TOKYO MX が見たい'],
])('Japanese: %s -> %s', (line, spaced) => {
  expect(ja(line)).toBe(spaced);
});

it.each([
  ['channel seven', 'channel 7'],
  ['go up Three channels', 'go up 3 channels'],
  ['put on bbc one', 'put on bbc one'],
  ['channel 5', 'channel 5'],
  ['channel twenty', 'channel 20'],
  ['put on channel forty', 'put on channel 40'],
  ['volume up forty-two', 'volume up 42'],
  ['channel Ninety Nine', 'channel 99'],
])('English: %s -> %s', (line, heard) => {
  expect(en(line)).toBe(heard);
});

it('reads a number whole when the catalogue has a name of digits alone (the model choice "1")', () => {
  expect(utteranceTokenizer('ja-JP', ['1', 'フジテレビ'])('10チャンネルつけて')).toBe('10 チャンネルつけて');
});

describe('numerals inside words, as the recogniser and the model both hear them', () => {
  // Samples spell numbers out (Amazon's build refuses a digit: models/checks.ts); AMAZON.NUMBER hears
  // spoken numbers as digits (Amazon, "Slot Type Reference"). The recognition step is given to the
  // samples' words as to the line, so a word holding a numeral matches itself; names keep theirs.
  const model = {
    interactionModel: {
      languageModel: {
        invocationName: 'テレビリモコン',
        intents: [
          { name: 'SetUpTvIntent', samples: ['テレビをもう一台登録したい'] },
          {
            name: 'VolumeUpIntent',
            slots: [{ name: 'count', type: 'AMAZON.NUMBER' }],
            samples: ['音量を{count}つ上げて'],
          },
          { name: 'TurnOnIntent', slots: [{ name: 'tv', type: 'TV_NAME' }], samples: ['{tv}のテレビをつけて'] },
        ],
        types: [{ name: 'TV_NAME', values: [{ name: { value: '一階' } }, { name: { value: '二階' } }] }],
      },
    },
  };
  const matcher = modelMatcher(model, 'ja-JP', 'amzn1.ask.skill.utterance-test');
  const heard = async (line: string) => {
    const match = await matcher.match(line);
    return (
      match && {
        intent: match.intent,
        slots: Object.fromEntries(Object.entries(match.slots).map(([k, v]) => [k, v.value])),
      }
    );
  };

  it('a word holding a numeral matches the sample that spells it (もう一台: "もう 1 台" on both sides)', async () => {
    expect(await heard('テレビをもう一台登録したい')).toEqual({ intent: 'SetUpTvIntent', slots: {} });
  });

  it('a spoken count is still digits in its slot, a kanji numeral or a digit alike', async () => {
    expect(await heard('音量を二つ上げて')).toEqual({ intent: 'VolumeUpIntent', slots: { count: '2' } });
    expect(await heard('音量を2つ上げて')).toEqual({ intent: 'VolumeUpIntent', slots: { count: '2' } });
  });

  it('a catalogue name holding a numeral (一階, 二階) reaches its slot whole', async () => {
    expect(await heard('一階のテレビをつけて')).toEqual({ intent: 'TurnOnIntent', slots: { tv: '一階' } });
    expect(await heard('二階のテレビをつけて')).toEqual({ intent: 'TurnOnIntent', slots: { tv: '二階' } });
  });
});

describe('names outside the catalogue', () => {
  const model: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../models/ja-JP.json'), 'utf8'));
  const open = openSlotMatcher(model, 'ja-JP');

  it('reach the channel-name slot of the sample whose other words fit, as Alexa fills open custom slots', () => {
    expect(open('サンテレビにして')).toEqual({ intent: 'SetChannelIntent', slots: { channelName: 'サンテレビ' } });
    expect(open('BS朝日が見たい')).toEqual({ intent: 'SetChannelIntent', slots: { channelName: 'BS朝日' } });
  });

  it('leave a line that fits no sample alone, for the fallback', () => {
    expect(open('今日の天気は')).toBeUndefined();
  });
});

describe('names outside the catalogue, in samples with other slots', () => {
  const open = Object.fromEntries(
    (['ja-JP', 'en-US'] as const).map((locale) => [
      locale,
      openSlotMatcher(JSON.parse(readFileSync(path.join(__dirname, `../../models/${locale}.json`), 'utf8')), locale),
    ]),
  );

  it.each([
    ['ja-JP', 'ガレージのテレビのチャンネルを3つ上げて', 'NextChannelIntent', { tv: 'ガレージ', count: '3' }],
    ['ja-JP', 'ガレージのテレビのチャンネルを三つ上げて', 'NextChannelIntent', { tv: 'ガレージ', count: '3' }],
    ['ja-JP', 'ガレージのテレビの音量を2つ下げて', 'VolumeDownIntent', { tv: 'ガレージ', count: '2' }],
    ['ja-JP', 'ガレージのテレビで5チャンネルを見たい', 'SetChannelIntent', { tv: 'ガレージ', channel: '5' }],
    // The catalogue's name as the model writes it, for entity resolution.
    ['ja-JP', 'ガレージのテレビをtokyo mxにして', 'SetChannelIntent', { tv: 'ガレージ', channelName: 'TOKYO MX' }],
    [
      'ja-JP',
      'リビングのテレビでサンサン放送を見たい',
      'SetChannelIntent',
      { tv: 'リビング', channelName: 'サンサン放送' },
    ],
    ['en-US', 'go up three channels on the shed tv', 'NextChannelIntent', { tv: 'shed', count: '3' }],
    ['en-US', 'volume up 2 on the shed tv', 'VolumeUpIntent', { tv: 'shed', count: '2' }],
    // The sample that leaves the fewest words in the open slot: not "garage news on the living room tv".
    [
      'en-US',
      'i want to watch garage news on the living room tv',
      'SetChannelIntent',
      { channelName: 'garage news', tv: 'living room' },
    ],
    ['en-US', 'i want to watch bbc one on the shed tv', 'SetChannelIntent', { channelName: 'BBC One', tv: 'shed' }],
  ] as const)("%s: the sample's other slots as the recogniser gives them: %s", (locale, line, intent, slots) => {
    expect(open[locale]!(line)).toEqual({ intent, slots });
  });

  it.each([
    // Words after the sample's, a count that is no number, a name beside the sample's words. (The
    // closings "please" and 「ください」 are the model's own words since its budget follows Amazon's limits.)
    ['ja-JP', 'ガレージのテレビのチャンネルを3つ上げてほしいな'],
    ['ja-JP', 'ガレージのテレビの音量をたくさん下げて'],
    ['ja-JP', 'ガレージの音量を2つ下げて'],
    ['en-US', 'volume up lots on the shed tv'],
    ['en-US', 'volume up 2 on the shed tv at noon'],
  ] as const)('%s: no sample, no match: %s', (locale, line) => {
    expect(open[locale]!(line)).toBeUndefined();
  });
});

describe('the answer to an elicited slot', () => {
  const model: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../models/en-US.json'), 'utf8'));
  const answer = elicitedSlotMatcher(model, 'en-US');

  it.each([
    // Number words become digits only where that gives a catalogue value (the choices 1 to 9).
    ['SetUpTvIntent', 'choice', 'two', '2'],
    ['SetUpTvIntent', 'choice', 'number two', '2'],
    ['SetUpTvIntent', 'choice', 'the first one', 'first'],
    // A TV's name keeps its words: "the first one" is no TV called "first 1" (the sample "the {tv} one" hears "first").
    ['TurnOnIntent', 'tv', 'the first one', 'first'],
    ['TurnOnIntent', 'tv', 'the twenty first one', 'twenty first'],
    ['TurnOnIntent', 'tv', 'room two', 'room two'],
  ])('%s %s: "%s" is heard as "%s"', (intent, slot, line, heard) => {
    expect(answer(intent, slot, line)).toBe(heard);
  });
});
