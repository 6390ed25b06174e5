// The sandbox's stand-in for Alexa's language understanding: which door a line goes to, and which
// smart-home directive (and device) an English TV request becomes.
import {
  SMART_HOME_WORDS,
  builtInIntent,
  customSkillLine,
  deviceProblemSpeech,
  pickEndpoint,
  readSmartHomeLine,
  smartHomeSpeech,
  type KnownEndpoint,
} from '../../src/local/sandbox/phrases';
import {
  SMART_HOME_WORDS_JA,
  builtInIntentJa,
  customSkillLineJa,
  deviceProblemSpeechJa,
  readSmartHomeLineJa,
  smartHomeSpeechJa,
} from '../../src/local/sandbox/phrases-ja';
import type { ErrorType } from '../../src/alexa/messages';
import type { DeviceRef } from '../../src/local/frames/frame';
import { GRAMMARS } from '../../models/grammar';
import { expandInStep } from '../../models/grammar/expand';
import { resolver } from '../support/skill/model-resolver';

describe('lines naming the invocation name', () => {
  it.each([
    ['open tv remote', { kind: 'launch' }],
    ['Alexa, open TV remote', { kind: 'launch' }],
    // Amazon's launch words with no request ("Understand How Users Invoke Custom Skills").
    ['ask tv remote', { kind: 'launch' }],
    ['Alexa, ask the TV remote', { kind: 'launch' }],
    ['begin tv remote', { kind: 'launch' }],
    ['run tv remote', { kind: 'launch' }],
    ['load tv remote', { kind: 'launch' }],
    ['tell tv remote to turn on the tv', { kind: 'utter', utterance: 'turn on the tv' }],
    ['ask tv remote for channel 7', { kind: 'utter', utterance: 'channel 7' }],
    ['ask tv remote next channel', { kind: 'utter', utterance: 'next channel' }],
  ])('%p goes to the custom skill', (line, expected) => {
    expect(customSkillLine(line, 'tv remote')).toEqual(expected);
  });

  it.each(['turn on the tv', 'open the door', 'tell me a joke', 'ask tv', 'ask remote', 'ask tv remotes', 'ask'])(
    '%p does not',
    (line) => {
      expect(customSkillLine(line, 'tv remote')).toBeUndefined();
    },
  );
});

/** A household of two TVs, as Alexa's device list names them. */
const HOUSEHOLD = [
  { endpointId: 'tv:1', friendlyName: 'Living room TV', cookie: {} },
  { endpointId: 'tv:2', friendlyName: 'Bedroom TV', cookie: {} },
];
const HOUSEHOLD_JA = [
  { endpointId: 'tv:1', friendlyName: 'リビングのテレビ', cookie: {} },
  { endpointId: 'tv:2', friendlyName: '寝室のテレビ', cookie: {} },
];
const GENERIC: DeviceRef = { kind: 'generic' };
const LIVING: DeviceRef = { kind: 'named', index: 0 };
const BEDROOM: DeviceRef = { kind: 'named', index: 1 };
const unknown = (words: string): DeviceRef => ({ kind: 'unknown', words });

describe('smart-home lines', () => {
  it.each([
    ['turn on the tv', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    ['Alexa, switch the living room tv off.', 'Alexa.PowerController', 'TurnOff', {}, LIVING],
    [
      'channel 5 on the living room tv',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: { number: '5' } },
      LIVING,
    ],
    ['change the channel to 12', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '12' } }, GENERIC],
    [
      'switch to nhk on the tv',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: {}, channelMetadata: { name: 'nhk' } },
      GENERIC,
    ],
    ['next channel', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, GENERIC],
    ['go down 3 channels on the tv', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -3 }, GENERIC],
    ['volume up on the tv', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
    [
      'turn down the volume on the tv by 4',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -4, volumeDefault: false },
      GENERIC,
    ],
    ['turn it down', 'Alexa.Speaker', 'AdjustVolume', { volume: -10, volumeDefault: true }, GENERIC],
    ['mute the tv', 'Alexa.Speaker', 'SetMute', { mute: true }, GENERIC],
    // Amazon's documented utterances (each interface's page).
    ['turn on the vacuum', 'Alexa.PowerController', 'TurnOn', {}, unknown('vacuum')],
    [
      'change the channel to 200 on the living room tv',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: { number: '200' } },
      LIVING,
    ],
    [
      'change the channel to PBS on the TV',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: {}, channelMetadata: { name: 'pbs' } },
      GENERIC,
    ],
    ['next channel on the living room tv', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, LIVING],
    ['channel down on the tv', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -1 }, GENERIC],
    ['go to channel thirteen', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '13' } }, GENERIC],
    ['watch channel thirteen', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '13' } }, GENERIC],
    ['set the volume of the speakers to fifty', 'Alexa.Speaker', 'SetVolume', { volume: 50 }, unknown('speakers')],
    [
      'turn the volume down on the stereo by twenty',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -20, volumeDefault: false },
      unknown('stereo'),
    ],
    [
      'turn the volume down on living room tv',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -10, volumeDefault: true },
      LIVING,
    ],
    ['unmute speakers', 'Alexa.Speaker', 'SetMute', { mute: false }, unknown('speakers')],
    // As people say them.
    ['tv on', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    ['put the TV on', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    ['the bedroom tv off', 'Alexa.PowerController', 'TurnOff', {}, BEDROOM],
    ['raise the TV volume', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
    ['turn the volume up on the TV', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
    [
      'lower the volume by two on the TV',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -2, volumeDefault: false },
      GENERIC,
    ],
    ['make the TV quieter', 'Alexa.Speaker', 'AdjustVolume', { volume: -10, volumeDefault: true }, GENERIC],
    ['make it louder', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
  ])('%p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLine(line, HOUSEHOLD)).toEqual({ namespace, name, payload, device });
  });

  // A volume or mute naming no device is the Echo's own (Amazon's Speaker utterances all name the device).
  it.each([
    'what is the weather',
    'sing a song',
    'can you sing a song',
    'could you tell me a joke please',
    'turn up the volume',
    'volume down 3',
    'mute',
  ])('%p is no TV request', (line) => {
    expect(readSmartHomeLine(line)).toBeUndefined();
  });
});

/**
 * The words people wrap a documented utterance in ("Design the Custom Intents for Your Skill": prefixes
 * and suffixes like "please" and "can you"): the request inside is heard as it is alone.
 */
describe('smart-home requests inside the words people wrap them in', () => {
  it.each([
    [
      'could you change the channel to 7 on the tv please',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: { number: '7' } },
      GENERIC,
    ],
    [
      'can you turn the volume down on the tv',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -10, volumeDefault: true },
      GENERIC,
    ],
    ['could you turn on the tv', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    [
      'can you change the channel to five on the tv',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: { number: '5' } },
      GENERIC,
    ],
    ['would you switch the bedroom tv off', 'Alexa.PowerController', 'TurnOff', {}, BEDROOM],
    ['please turn it up', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
    ['kindly mute the tv', 'Alexa.Speaker', 'SetMute', { mute: true }, GENERIC],
    ['next channel for me', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, GENERIC],
  ])('English %p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLine(line, HOUSEHOLD)).toEqual({ namespace, name, payload, device });
  });

  it.each([
    [
      'テレビのチャンネルを5にしてくれる',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: { number: '5' } },
      GENERIC,
    ],
    ['テレビの音量下げて', 'Alexa.Speaker', 'AdjustVolume', { volume: -10, volumeDefault: true }, GENERIC],
    ['テレビの音量を3つ下げてくれない', 'Alexa.Speaker', 'AdjustVolume', { volume: -3, volumeDefault: false }, GENERIC],
    ['チャンネル上げてもらえますか', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, GENERIC],
    ['テレビつけといて', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    ['寝室のテレビを消してほしい', 'Alexa.PowerController', 'TurnOff', {}, BEDROOM],
    ['テレビの音小さくしてちょうだい', 'Alexa.Speaker', 'AdjustVolume', { volume: -10, volumeDefault: true }, GENERIC],
  ])('Japanese %p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLineJa(line, HOUSEHOLD_JA)).toEqual({ namespace, name, payload, device });
  });

  it.each(['歌を歌ってくれる', '天気を教えてもらえますか'])('Japanese %p is still no TV request', (line) => {
    expect(readSmartHomeLineJa(line)).toBeUndefined();
  });
});

describe('choosing the endpoint', () => {
  const [living, bedroom] = HOUSEHOLD as [KnownEndpoint, KnownEndpoint];

  it("finds a TV by its name, whatever the case, and by its name's core as a place", () => {
    for (const line of [
      'turn off the bedroom tv',
      'turn off the Bedroom TV',
      'turn off the bedroom television',
      'turn off the tv in the bedroom',
    ]) {
      expect(pickEndpoint(readSmartHomeLine(line, HOUSEHOLD)!.device, HOUSEHOLD)).toBe(bedroom);
    }
    expect(pickEndpoint(readSmartHomeLine('channel 5 on the living-room telly', HOUSEHOLD)!.device, HOUSEHOLD)).toBe(
      living,
    );
  });

  it('takes the only TV for "the tv" or no name, and asks for a name among several', () => {
    expect(pickEndpoint(GENERIC, [living])).toBe(living);
    const several = pickEndpoint(GENERIC, [living, bedroom]);
    expect(several).toEqual({ problem: 'several', names: ['Living room TV', 'Bedroom TV'] });
    expect(deviceProblemSpeech(several as { problem: 'several'; names: string[] })).toBe(
      'A few things share the name TV. Which one did you want?',
    );
    expect(deviceProblemSpeechJa(several as { problem: 'several'; names: string[] })).toBe(
      'テレビが複数あります。「Living room TV」、「Bedroom TV」のどれですか?',
    );
  });

  it("says so, in the locale's language, when nothing has the name or nothing was discovered", () => {
    expect(pickEndpoint(readSmartHomeLine('turn off the kitchen light', [living])!.device, [living])).toEqual({
      problem: 'unknown',
      words: 'kitchen light',
    });
    expect(deviceProblemSpeech({ problem: 'unknown', words: 'kitchen light' })).toBe(
      'Sorry, I couldn\'t find a device named "kitchen light".',
    );
    expect(deviceProblemSpeechJa({ problem: 'unknown', words: '台所' })).toBe(
      '「台所」という名前のデバイスが見つかりません。',
    );
    expect(pickEndpoint(GENERIC, [])).toEqual({ problem: 'none' });
  });
});

describe('Japanese lines', () => {
  it.each([
    ['テレビリモコンを開いて', { kind: 'launch' }],
    ['アレクサ、テレビリモコンを起動して', { kind: 'launch' }],
    ['アレクサ、テレビリモコンを開始して', { kind: 'launch' }],
    ['テレビリモコン を 開いて。', { kind: 'launch' }],
    ['テレビリモコンでフジテレビにして', { kind: 'utter', utterance: 'フジテレビにして' }],
    ['テレビリモコンに 音量を上げて', { kind: 'utter', utterance: '音量を上げて' }],
  ])('%p goes to the custom skill', (line, expected) => {
    expect(customSkillLineJa(line)).toEqual(expected);
  });

  it.each([
    ['テレビをつけて', 'Alexa.PowerController', 'TurnOn', {}, GENERIC],
    ['寝室のテレビをつけて', 'Alexa.PowerController', 'TurnOn', {}, BEDROOM],
    ['テレビの電源を切ってください', 'Alexa.PowerController', 'TurnOff', {}, GENERIC],
    ['テレビ消して', 'Alexa.PowerController', 'TurnOff', {}, GENERIC],
    ['5チャンネルにして', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '5' } }, GENERIC],
    ['チャンネルを十二にして', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '12' } }, GENERIC],
    [
      'フジテレビにして',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: {}, channelMetadata: { name: 'フジテレビ' } },
      GENERIC,
    ],
    [
      'NHKつけて',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: {}, channelMetadata: { name: 'nhk' } },
      GENERIC,
    ],
    [
      'テレ東が見たい',
      'Alexa.ChannelController',
      'ChangeChannel',
      { channel: {}, channelMetadata: { name: 'テレ東' } },
      GENERIC,
    ],
    ['次のチャンネル', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, GENERIC],
    ['チャンネルを3つ下げて', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -3 }, GENERIC],
    ['テレビの音量を上げて', 'Alexa.Speaker', 'AdjustVolume', { volume: 10, volumeDefault: true }, GENERIC],
    ['テレビの音量を三つ下げて', 'Alexa.Speaker', 'AdjustVolume', { volume: -3, volumeDefault: false }, GENERIC],
    ['テレビの音を小さくして', 'Alexa.Speaker', 'AdjustVolume', { volume: -10, volumeDefault: true }, GENERIC],
    ['テレビの音量を3つ上げて', 'Alexa.Speaker', 'AdjustVolume', { volume: 3, volumeDefault: false }, GENERIC],
    ['寝室のテレビの音量を2つ下げて', 'Alexa.Speaker', 'AdjustVolume', { volume: -2, volumeDefault: false }, BEDROOM],
    ['チャンネルを8に変えて', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '8' } }, GENERIC],
    // Amazon's documented Japanese utterances (each interface's page).
    ['アレクサ、寝室のテレビを消して', 'Alexa.PowerController', 'TurnOff', {}, BEDROOM],
    ['チャンネル4に変えて', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '4' } }, GENERIC],
    ['テレビをチャンネル1にして', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '1' } }, GENERIC],
    ['前のチャンネルに戻って', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -1 }, GENERIC],
    ['デバイスの音量を50にして', 'Alexa.Speaker', 'SetVolume', { volume: 50 }, unknown('デバイス')],
    [
      'デバイスの音量を20下げる',
      'Alexa.Speaker',
      'AdjustVolume',
      { volume: -20, volumeDefault: false },
      unknown('デバイス'),
    ],
  ])('%p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLineJa(line, HOUSEHOLD_JA)).toEqual({ namespace, name, payload, device });
  });

  it.each(['今日の天気は', '歌を歌って', '音量上げて', 'ちょっと音大きくして', '音でかくして', 'ミュートして'])(
    '%p is no TV request',
    (line) => {
      expect(readSmartHomeLineJa(line)).toBeUndefined();
    },
  );
});

/**
 * Phrasings people use for the TV, as Alexa's own language understanding hands them to the skills:
 * each English and Japanese line with the directive (and payload) Alexa sends for it.
 */
describe('phrasings people use', () => {
  const skip = (channelCount: number) => ['Alexa.ChannelController', 'SkipChannels', { channelCount }] as const;
  const tune = (number: string) => ['Alexa.ChannelController', 'ChangeChannel', { channel: { number } }] as const;
  const named = (name: string) =>
    ['Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name } }] as const;

  it.each([
    ['channel up', skip(1)],
    ['channel down', skip(-1)],
    ['Alexa, channel up on the tv', skip(1)],
    ['turn the channel down', skip(-1)],
    ['channel up by 3', skip(3)],
    ['go back a channel', skip(-1)],
    ['go up a channel', skip(1)],
    ['two channels up', skip(2)],
    ['three channels down', skip(-3)],
    ['a channel back', skip(-1)],
    ['skip ahead 4 channels', skip(4)],
    ['skip back two channels', skip(-2)],
    ['up 2 channels', skip(2)],
    ['go to the next channel', skip(1)],
    ['previous channel', skip(-1)],
    ['put on channel seven', tune('7')],
    ['change the channel to twelve', tune('12')],
    ['go to channel forty two', tune('42')],
    ['switch to bbc one', named('bbc one')],
    ['put on nhk', named('nhk')],
  ])('English: %p', (line, [namespace, name, payload]) => {
    expect(readSmartHomeLine(line)).toMatchObject({ namespace, name, payload });
  });

  it.each([
    ['チャンネルを上げて', skip(1)],
    ['チャンネルを下げて', skip(-1)],
    ['チャンネルを戻して', skip(-1)],
    ['チャンネルを進めて', skip(1)],
    ['2つ戻して', skip(-2)],
    ['ふたつ戻して', skip(-2)],
    ['3つ進めて', skip(3)],
    ['チャンネルを二つ上げてください', skip(2)],
    ['チャンネルをひとつ下げて', skip(-1)],
    ['前のチャンネルに戻して', skip(-1)],
    ['次のチャンネルにして', skip(1)],
    ['七チャンネルにして', tune('7')],
    ['チャンネルを4番にして', tune('4')],
    ['日テレにして', named('日テレ')],
  ])('Japanese: %p', (line, [namespace, name, payload]) => {
    expect(readSmartHomeLineJa(line)).toMatchObject({ namespace, name, payload });
  });

  it.each(['3つ上げて', 'チャンネル', '戻して'])('Japanese: %p alone is no channel step', (line) => {
    expect(readSmartHomeLineJa(line)?.name).not.toBe('SkipChannels');
  });

  it.each([
    ['what can I say', 'AMAZON.HelpIntent'],
    ['What can I say?', 'AMAZON.HelpIntent'],
    ['what can you do', 'AMAZON.HelpIntent'],
    ['help me', 'AMAZON.HelpIntent'],
    ['how does this work', 'AMAZON.HelpIntent'],
    // Amazon's Common Utterances: "never mind" is Cancel, "shut up" and "off" are Stop.
    ['never mind', 'AMAZON.CancelIntent'],
    ['forget it', 'AMAZON.CancelIntent'],
    ['shut up', 'AMAZON.StopIntent'],
    ['off', 'AMAZON.StopIntent'],
    ['what can i ask', 'AMAZON.HelpIntent'],
    // "exit" and "quit" are no intent: they end the session (endsSession).
    ['exit', undefined],
    ['quit', undefined],
    ['channel 5', undefined],
  ])('inside the custom skill, English %p is %p', (line, intent) => {
    expect(builtInIntent(line)).toBe(intent);
  });

  it.each([
    ['何て言えばいいの', 'AMAZON.HelpIntent'],
    ['なんて言えばいいですか', 'AMAZON.HelpIntent'],
    ['何ができるの', 'AMAZON.HelpIntent'],
    ['使い方を教えて', 'AMAZON.HelpIntent'],
    ['おしまい', 'AMAZON.StopIntent'],
    ['キャンセル', 'AMAZON.CancelIntent'],
    ['5チャンネルにして', undefined],
  ])('inside the custom skill, Japanese %p is %p', (line, intent) => {
    expect(builtInIntentJa(line)).toBe(intent);
  });
});

describe('what Alexa says for a smart-home answer', () => {
  const ERROR_TYPES = Object.keys(SMART_HOME_WORDS.errors) as ErrorType[];
  /** A message as the door writes them, with a channel name and a hint Alexa must never say. */
  const MESSAGE = 'channel "bbc one" is a name, and this TV has no channel names: run setup with an area';
  const errorResponse = (type: string, extra: Record<string, unknown> = {}) => ({
    event: { header: { name: 'ErrorResponse' }, payload: { type, message: MESSAGE, ...extra } },
  });

  it.each([
    ['English', SMART_HOME_WORDS, smartHomeSpeech, 'Bedroom TV'],
    ['Japanese', SMART_HOME_WORDS_JA, smartHomeSpeechJa, '寝室のテレビ'],
  ] as const)(
    '%s: one sentence for every error type the door sends, naming the device, never the message',
    (_language, words, speech, device) => {
      expect(Object.keys(words.errors).sort()).toEqual([...ERROR_TYPES].sort());
      for (const type of ERROR_TYPES) {
        const said = speech(errorResponse(type), device);
        expect(said).toContain(device);
        for (const part of ['bbc one', 'channel names', 'run setup', MESSAGE]) expect(said).not.toContain(part);
      }
      // A type the table does not know still gets a sentence, and still not the message.
      expect(speech(errorResponse('HARDWARE_MALFUNCTION'), device)).toBe(words.other(device));
      expect(speech({ event: { header: { name: 'Response' }, payload: {} } }, device)).toBe(words.ok);
    },
  );

  it("says Amazon's published words for an unreachable device, in each language (Alexa.EndpointHealth)", () => {
    expect(smartHomeSpeech(errorResponse('ENDPOINT_UNREACHABLE'), 'Bedroom TV')).toBe(
      "Bedroom TV isn't responding. Please check its network connection and power supply.",
    );
    expect(smartHomeSpeechJa(errorResponse('ENDPOINT_UNREACHABLE'), '寝室のテレビ')).toBe(
      '寝室のテレビが応答していません。ネットワーク接続と電源を確認してください。',
    );
    expect(SMART_HOME_WORDS.errors.ENDPOINT_UNREACHABLE.from).toBe('Amazon');
    // Every other sentence is ours, marked so.
    expect(ERROR_TYPES.filter((t) => SMART_HOME_WORDS.errors[t].from === 'Amazon')).toEqual(['ENDPOINT_UNREACHABLE']);
    expect(ERROR_TYPES.filter((t) => SMART_HOME_WORDS_JA.errors[t].from === 'Amazon')).toEqual([
      'ENDPOINT_UNREACHABLE',
    ]);
  });

  it('says the valid range Alexa is given for a value out of range, and the type alone without one', () => {
    const range = { validRange: { minimumValue: 1, maximumValue: 12 } };
    expect(smartHomeSpeech(errorResponse('VALUE_OUT_OF_RANGE', range), 'TV')).toBe(
      'TV can only be set between 1 and 12.',
    );
    expect(smartHomeSpeechJa(errorResponse('VALUE_OUT_OF_RANGE', range), 'テレビ')).toBe(
      'テレビは1から12の間でしか設定できません。',
    );
    expect(smartHomeSpeech(errorResponse('VALUE_OUT_OF_RANGE'), 'TV')).toBe("That's out of range for TV.");
  });
});

/**
 * The sandbox's custom-skill door hears what the grammar says (models/grammar/): a few sentences of
 * every template, slots spoken as a person says them (number words, kanji numbers), asked with the
 * invocation name, go through the door's reader (customSkillLine, the tokenizer's spoken numbers) and
 * the real model to the template's intent, with the slot values Alexa would send.
 */
describe.each([
  [
    'en-US',
    'en',
    (p: string) => customSkillLine(`Alexa, ask TV remote to ${p}`, 'tv remote'),
    {
      tv: ['bedroom', 'bedroom'],
      channel: ['seven', '7'],
      count: ['two', '2'],
      channelName: ['fuji tv', 'fuji tv'],
      choice: ['sharp', 'sharp'],
      prefecture: ['', ''],
    },
  ],
  [
    'ja-JP',
    'ja',
    (p: string) => customSkillLineJa(`アレクサ、テレビリモコンで${p}`),
    {
      tv: ['寝室', '寝室'],
      channel: ['七', '7'],
      count: ['二', '2'],
      channelName: ['フジテレビ', 'フジテレビ'],
      choice: ['シャープ', 'シャープ'],
      prefecture: ['東京都', '東京都'],
    },
  ],
] as const)('the %s grammar through the custom-skill door', (locale, lang, door, spoken) => {
  const grammar = GRAMMARS[lang];
  const lines = Object.entries(grammar).flatMap(([intent, phrasings]) =>
    [...phrasings.full, ...(phrasings.inStep ?? [])].flatMap(expandInStep).map((sample) => [sample, intent] as const),
  );

  it('is heard sentence by sentence', async () => {
    const resolve = resolver(locale);
    const wrong: unknown[] = [];
    for (const [sample, intent] of lines) {
      const said = sample.replace(/\{([a-zA-Z]+)\}/g, (_m, slot: keyof typeof spoken) => spoken[slot][0]);
      const slots = Object.fromEntries(
        [...sample.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => [m[1]!, spoken[m[1] as keyof typeof spoken][1]]),
      );
      const line = door(said);
      const got = line?.kind === 'utter' ? await resolve(line.utterance) : undefined;
      const sorted = (s: Record<string, string | undefined>) => JSON.stringify(Object.entries(s).sort());
      if (got?.intent !== intent || sorted(got.slots) !== sorted(slots)) wrong.push({ said, intent, slots, got });
    }
    expect(lines.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});

/**
 * The frame (device, action, value) each stand-in reads, as the directive Alexa sends: the lines a new user
 * tried, mute words, counts in each form, and lines that are no TV request at all.
 */
describe('lines read as frames', () => {
  const power = (on: boolean) => ['Alexa.PowerController', on ? 'TurnOn' : 'TurnOff', {}] as const;
  const tune = (number: string) => ['Alexa.ChannelController', 'ChangeChannel', { channel: { number } }] as const;
  const skip = (channelCount: number) => ['Alexa.ChannelController', 'SkipChannels', { channelCount }] as const;
  const volume = (n: number | undefined, up = true) =>
    [
      'Alexa.Speaker',
      'AdjustVolume',
      n === undefined ? { volume: up ? 10 : -10, volumeDefault: true } : { volume: n, volumeDefault: false },
    ] as const;
  const mute = ['Alexa.Speaker', 'SetMute', { mute: true }] as const;

  it.each([
    ['turn the tv volume up', volume(undefined), GENERIC],
    ['put the tv on channel 4', tune('4'), GENERIC],
    ['change the tv to channel nine', tune('9'), GENERIC],
    ['tv volume down 3', volume(-3), GENERIC],
    ['turn up the tv volume', volume(undefined), GENERIC],
    ['turn the bedroom telly down a notch', volume(-1), BEDROOM],
    ['turn it up two notches', volume(2), GENERIC],
    ['turn up the living room tv a bit', volume(undefined), LIVING],
    ['move the bedroom tv up 4 channels', skip(4), BEDROOM],
    ['increase the channel by three', skip(3), GENERIC],
    ['channel up 50 on the tv', skip(50), GENERIC],
    ['turn on the tv in the living room', power(true), LIVING],
    ['start the bedroom tv', power(true), BEDROOM],
    ['close the tv', power(false), GENERIC],
    ["it's way too loud, turn it down", volume(undefined, false), GENERIC],
    ['mute the tv', mute, GENERIC],
    ['put it on mute', mute, GENERIC],
    ['mute the bedroom tv sound', mute, BEDROOM],
  ])('English %p', (line, [namespace, name, payload], device) => {
    expect(readSmartHomeLine(line, HOUSEHOLD)).toEqual({ namespace, name, payload, device });
  });

  it.each([
    ['テレビをつけていただけますか', power(true), GENERIC],
    ['もう寝るからテレビ消しといて', power(false), GENERIC],
    ['8チャンネルにして、リビングのテレビ', tune('8'), LIVING],
    ['寝室テレビの音量を3回上げて', volume(3), BEDROOM],
    ['チャンネルを2個上げて', skip(2), GENERIC],
    ['チャンネル五つ下げて', skip(-5), GENERIC],
    ['テレビをミュートにして', mute, GENERIC],
    ['テレビを消音にして', mute, GENERIC],
    ['テレビの音を消して', mute, GENERIC],
    ['寝室のテレビをミュートして', mute, BEDROOM],
    ['台所のテレビを消して', power(false), unknown('台所のテレビ')],
  ])('Japanese %p', (line, [namespace, name, payload], device) => {
    expect(readSmartHomeLineJa(line, HOUSEHOLD_JA)).toEqual({ namespace, name, payload, device });
  });

  it("never takes the テレビ inside a station's name for the TV", () => {
    expect(readSmartHomeLineJa('テレビ朝日にして', HOUSEHOLD_JA)).toMatchObject({
      payload: { channelMetadata: { name: 'テレビ朝日' } },
      device: GENERIC,
    });
    expect(readSmartHomeLineJa('寝室のテレビでテレビ朝日にして', HOUSEHOLD_JA)).toMatchObject({
      payload: { channelMetadata: { name: 'テレビ朝日' } },
      device: BEDROOM,
    });
    expect(readSmartHomeLine('switch the living room tv over to tv asahi', HOUSEHOLD)).toMatchObject({
      payload: { channelMetadata: { name: 'tv asahi' } },
      device: LIVING,
    });
  });

  // Out of the TV's domain: no directive for any TV (another device is named, or nothing is asked of one).
  it.each([
    "what's the weather",
    'play music',
    'play some jazz',
    'set a timer for ten minutes',
    "what's on channel 5 tonight",
    "when's the footy on",
    'turn on the lights',
    'turn off the kitchen lights',
    'switch on the bedroom lamp',
    'dim the bedroom lights',
  ])('English %p moves no TV', (line) => {
    const request = readSmartHomeLine(line, HOUSEHOLD);
    expect(request === undefined || request.device.kind === 'unknown').toBe(true);
  });

  it.each([
    'タイマーをセットして',
    '今日の天気は',
    '音楽をかけて',
    'リビングの電気を消して',
    '寝室の電気をつけて',
    '今夜のテレビ番組は何がある',
    '音でかくして',
  ])('Japanese %p moves no TV', (line) => {
    const request = readSmartHomeLineJa(line, HOUSEHOLD_JA);
    expect(request === undefined || request.device.kind === 'unknown').toBe(true);
  });
});
