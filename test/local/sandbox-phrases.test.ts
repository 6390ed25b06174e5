// The sandbox's stand-in for Alexa's language understanding: which door a line goes to, and which
// smart-home directive (and device) an English TV request becomes.
import { builtInIntent, customSkillLine, pickEndpoint, readSmartHomeLine } from '../../src/local/sandbox/phrases';
import { builtInIntentJa, customSkillLineJa, readSmartHomeLineJa } from '../../src/local/sandbox/phrases-ja';

describe('lines naming the invocation name', () => {
  it.each([
    ['open tv remote', { kind: 'launch' }],
    ['Alexa, open TV remote', { kind: 'launch' }],
    ['tell tv remote to turn on the tv', { kind: 'utter', utterance: 'turn on the tv' }],
    ['ask tv remote for channel 7', { kind: 'utter', utterance: 'channel 7' }],
    ['ask tv remote next channel', { kind: 'utter', utterance: 'next channel' }],
  ])('%p goes to the custom skill', (line, expected) => {
    expect(customSkillLine(line, 'tv remote')).toEqual(expected);
  });

  it.each(['turn on the tv', 'open the door', 'tell me a joke'])('%p does not', (line) => {
    expect(customSkillLine(line, 'tv remote')).toBeUndefined();
  });
});

describe('smart-home lines', () => {
  it.each([
    ['turn on the tv', 'Alexa.PowerController', 'TurnOn', {}, 'the tv'],
    ['Alexa, switch the living room tv off.', 'Alexa.PowerController', 'TurnOff', {}, 'the living room tv'],
    ['channel 5 on the living room tv', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '5' } }, 'the living room tv'],
    ['change the channel to 12', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '12' } }, undefined],
    ['switch to nhk on the tv', 'Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name: 'nhk' } }, 'the tv'],
    ['next channel', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, undefined],
    ['go down 3 channels on the tv', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -3 }, 'the tv'],
    ['volume up on the tv', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: 10, volumeStepsDefault: true }, 'the tv'],
    ['turn down the volume by 4', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: -4, volumeStepsDefault: false }, undefined],
    ['turn it down', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: -10, volumeStepsDefault: true }, 'it'],
    ['mute the tv', 'Alexa.StepSpeaker', 'SetMute', { mute: true }, 'the tv'],
  ])('%p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLine(line)).toEqual({ namespace, name, payload, device });
  });

  it.each(['what is the weather', 'sing a song'])('%p is no TV request', (line) => {
    expect(readSmartHomeLine(line)).toBeUndefined();
  });
});

describe('choosing the endpoint', () => {
  const living = { endpointId: 'tv:1', friendlyName: 'Living room TV', cookie: {} };
  const bedroom = { endpointId: 'tv:2', friendlyName: 'Bedroom TV', cookie: {} };

  it('finds a TV by its name, whatever the case', () => {
    expect(pickEndpoint('the bedroom tv', [living, bedroom])).toBe(bedroom);
    expect(pickEndpoint('the living room', [living, bedroom])).toBe(living);
    expect(pickEndpoint('the living-room television', [living, bedroom])).toBe(living);
  });

  it('takes the only TV for "the tv" or no name, and asks for a name among several', () => {
    expect(pickEndpoint('the tv', [living])).toBe(living);
    expect(pickEndpoint(undefined, [living])).toBe(living);
    expect(pickEndpoint('the tv', [living, bedroom])).toEqual({ problem: expect.stringContaining('"Living room TV", "Bedroom TV"') });
  });

  it('says so when nothing has the name or nothing was discovered', () => {
    expect(pickEndpoint('the kitchen light', [living])).toEqual({ problem: 'no discovered device is named "kitchen light"' });
    expect(pickEndpoint('the tv', [])).toEqual({ problem: 'no TV was discovered' });
  });
});

describe('Japanese lines', () => {
  it.each([
    ['テレビリモコンを開いて', { kind: 'launch' }],
    ['アレクサ、テレビリモコンを起動して', { kind: 'launch' }],
    ['テレビリモコンでフジテレビにして', { kind: 'utter', utterance: 'フジテレビにして' }],
    ['テレビリモコンに 音量を上げて', { kind: 'utter', utterance: '音量を上げて' }],
  ])('%p goes to the custom skill', (line, expected) => {
    expect(customSkillLineJa(line)).toEqual(expected);
  });

  it.each([
    ['テレビをつけて', 'Alexa.PowerController', 'TurnOn', {}, undefined],
    ['寝室のテレビをつけて', 'Alexa.PowerController', 'TurnOn', {}, '寝室のテレビ'],
    ['テレビの電源を切ってください', 'Alexa.PowerController', 'TurnOff', {}, undefined],
    ['テレビ消して', 'Alexa.PowerController', 'TurnOff', {}, undefined],
    ['5チャンネルにして', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '5' } }, undefined],
    ['チャンネルを十二にして', 'Alexa.ChannelController', 'ChangeChannel', { channel: { number: '12' } }, undefined],
    ['フジテレビにして', 'Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name: 'フジテレビ' } }, undefined],
    ['NHKつけて', 'Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name: 'NHK' } }, undefined],
    ['テレ東が見たい', 'Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name: 'テレ東' } }, undefined],
    ['次のチャンネル', 'Alexa.ChannelController', 'SkipChannels', { channelCount: 1 }, undefined],
    ['チャンネルを3つ下げて', 'Alexa.ChannelController', 'SkipChannels', { channelCount: -3 }, undefined],
    ['音量を上げて', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: 10, volumeStepsDefault: true }, undefined],
    ['音量を三つ下げて', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: -3, volumeStepsDefault: false }, undefined],
    ['音を小さくして', 'Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: -10, volumeStepsDefault: true }, undefined],
  ])('%p is %s.%s', (line, namespace, name, payload, device) => {
    expect(readSmartHomeLineJa(line)).toEqual({ namespace, name, payload, device });
  });

  it.each(['今日の天気は', '歌を歌って'])('%p is no TV request', (line) => {
    expect(readSmartHomeLineJa(line)).toBeUndefined();
  });
});

/**
 * Phrasings people use for the TV, as Alexa's own language understanding hands them to the skills:
 * each English and Japanese line with the directive (and payload) Alexa sends for it.
 */
describe('phrasings people use', () => {
  const skip = (channelCount: number) => ['Alexa.ChannelController', 'SkipChannels', { channelCount }] as const;
  const tune = (number: string) => ['Alexa.ChannelController', 'ChangeChannel', { channel: { number } }] as const;
  const named = (name: string) => ['Alexa.ChannelController', 'ChangeChannel', { channel: {}, channelMetadata: { name } }] as const;

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
    ['never mind', 'AMAZON.StopIntent'],
    ['forget it', 'AMAZON.CancelIntent'],
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
