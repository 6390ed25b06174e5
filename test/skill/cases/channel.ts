import { MAX_STEPS } from '../../../src/tv/control';
import { channelStep, times, tune } from '../../support/device-calls';
import type { SkillCase } from '../../support/skill/case';
import { tvOn, tvOnChannel } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

export const channelCases: SkillCase[] = [
  {
    description: 'channel 5 tunes channel 5, with the number sent as a string',
    given: [tvOn],
    ja: { speech: '<speak>5チャンネルにしました。</speak>' },
    request: intent('SetChannelIntent', { channel: '5' }),
    expected: { calls: (tv) => [tune(tv, '5')], speech: 'OK, channel 5.', shouldEndSession: true, tv: { channel: 5 } },
  },
  {
    description: 'channel 12, the top of the range, is tuned',
    given: [tvOn],
    ja: { speech: '12チャンネルにしました。' },
    request: intent('SetChannelIntent', { channel: '12' }),
    expected: {
      calls: (tv) => [tune(tv, '12')],
      speech: 'OK, channel 12.',
      shouldEndSession: true,
      tv: { channel: 12 },
    },
  },
  {
    description: 'channel 13 is refused with the range, and nothing is sent',
    ja: { speech: 'チャンネルは1から12までしか選べません。' },
    request: intent('SetChannelIntent', { channel: '13' }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: 'I can only choose channels 1 to 12.',
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description: 'channel 0 is refused with the range, and nothing is sent',
    ja: { speech: 'チャンネルは1から12までしか選べません。' },
    request: intent('SetChannelIntent', { channel: '0' }),
    expected: { outcome: 'refused', calls: [], speech: 'I can only choose channels 1 to 12.', shouldEndSession: true },
  },
  {
    description: 'set channel without a number asks which channel and keeps the session open',
    ja: { speech: '何チャンネルにしますか?1から12の番号で言ってください。', reprompt: '何チャンネルにしますか?' },
    request: intent('SetChannelIntent', { channel: undefined }),
    expected: {
      calls: [],
      speech: 'Which channel, from 1 to 12?',
      reprompt: 'Which channel, from 1 to 12?',
      shouldEndSession: false,
    },
  },
  {
    description: 'a channel number Alexa could not read ("?") is asked for again',
    ja: { speech: '何チャンネルにしますか?' },
    request: intent('SetChannelIntent', { channel: '?' }),
    expected: { calls: [], speech: 'Which channel, from 1 to 12?', shouldEndSession: false },
  },
  {
    description: 'next channel without a count moves one channel up',
    given: [tvOn],
    ja: { speech: '次のチャンネルにしました。' },
    request: intent('NextChannelIntent', { count: undefined }),
    expected: {
      calls: (tv) => [channelStep(tv, 'next')],
      speech: 'OK, next channel.',
      shouldEndSession: true,
      tv: { channel: 2 },
    },
  },
  {
    description: 'go up 3 channels sends three next-channel steps one after another',
    ja: { speech: 'チャンネルを3つ上げました。' },
    given: [tvOn, tvOnChannel(4)],
    request: intent('NextChannelIntent', { count: '3' }),
    expected: {
      calls: (tv) => times(3, channelStep(tv, 'next')),
      speech: 'OK, up 3 channels.',
      shouldEndSession: true,
      tv: { channel: 7 },
    },
  },
  {
    description: 'previous channel without a count moves one channel down',
    ja: { speech: '前のチャンネルにしました。' },
    given: [tvOn, tvOnChannel(5)],
    request: intent('PreviousChannelIntent'),
    expected: {
      calls: (tv) => [channelStep(tv, 'previous')],
      speech: 'OK, previous channel.',
      shouldEndSession: true,
      tv: { channel: 4 },
    },
  },
  {
    description: 'go back 2 channels sends two previous-channel steps',
    ja: { speech: 'チャンネルを2つ下げました。' },
    given: [tvOn, tvOnChannel(9)],
    request: intent('PreviousChannelIntent', { count: '2' }),
    expected: {
      calls: (tv) => times(2, channelStep(tv, 'previous')),
      speech: 'OK, down 2 channels.',
      shouldEndSession: true,
      tv: { channel: 7 },
    },
  },
  {
    description: `go up ${MAX_STEPS + 1} channels is refused before the first press, and says why`,
    ja: { speech: `チャンネルは一度に${MAX_STEPS}までしか動かせないので、そのままにしました。` },
    request: intent('NextChannelIntent', { count: String(MAX_STEPS + 1) }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: `I can move at most ${MAX_STEPS} channels at a time, so I left the channel as it is.`,
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    // A closed session asks nothing (test/skill/certification.test.ts): the range, not "say a number".
    description: 'go up 0 channels says the range it takes and sends nothing',
    ja: { speech: `チャンネルは一度に1から${MAX_STEPS}まで動かせるので、そのままにしました。` },
    request: intent('NextChannelIntent', { count: '0' }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: `I can move 1 to ${MAX_STEPS} channels at a time, so I left the channel as it is.`,
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description:
      'a word for mute heard as a channel name ("put it on mute") gets the mute answer: the remote cannot mute, nothing is pressed',
    ja: { speech: 'このリモコンでは消音できません。' },
    request: intent('SetChannelIntent', { channelName: 'mute' }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: "The remote can't mute the TV. You can turn the volume down instead",
      shouldEndSession: true,
      tv: { channel: 1 },
      check: (_ctx, response) => expect(JSON.stringify(response)).not.toContain('which channel'),
    },
  },
  ...(['消音', 'ミュート', 'ﾐｭｰﾄ'] as const).map((word): SkillCase => ({
    description: `「テレビを${word}にして」: ${word} heard as a channel name gets the mute answer, not "no channel called ${word}"`,
    locale: 'ja-JP',
    request: intent('SetChannelIntent', { channelName: word }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: 'このリモコンでは消音できません。代わりに「音量を5つ下げて」',
      shouldEndSession: true,
      tv: { channel: 1 },
      check: (_ctx, response) => expect(JSON.stringify(response)).not.toContain('わかりません'),
    },
  })),
];
