// The sandbox's stand-in for Alexa's speech recognition and Japanese word splitting.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { elicitedSlotMatcher, openSlotMatcher, utteranceTokenizer } from '../../src/local/sandbox/utterance';

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

describe('the answer to an elicited slot', () => {
  const model: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../models/en-US.json'), 'utf8'));
  const answer = elicitedSlotMatcher(model, 'en-US');

  it.each([
    // Number words become digits only where that gives a catalogue value (the choices 1 to 9).
    ['SetUpTvIntent', 'choice', 'two', '2'],
    ['SetUpTvIntent', 'choice', 'number two', '2'],
    ['SetUpTvIntent', 'choice', 'the first one', 'first'],
    // A TV's name keeps its words: "the first one" is no TV called "first 1".
    ['TurnOnIntent', 'tv', 'the first one', 'first one'],
    ['TurnOnIntent', 'tv', 'room two', 'room two'],
  ])('%s %s: "%s" is heard as "%s"', (intent, slot, line, heard) => {
    expect(answer(intent, slot, line)).toBe(heard);
  });
});
