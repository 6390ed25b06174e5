// Channels by name: the broadcaster table of the area chosen at setup, or the user's own names; an
// unknown name lists the known ones; with no names chosen, the user hears how to choose them.
import type { ChannelNames } from '../../../src/tv/channels';
import { tune } from '../../support/device-calls';
import type { Given, SkillCase } from '../../support/skill/case';
import { tvOn } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

/** The user's TV with channel names, as setup stores them. */
const channelNames =
  (names: ChannelNames): Given =>
  async (ctx) => {
    if (!ctx.tv) throw new Error('this step needs a user with a TV');
    ctx.tv = { ...ctx.tv, channels: names };
    await ctx.store.tvs.saveTv(ctx.userId, ctx.tv);
  };

const named = (value: string, resolvedTo?: string) =>
  intent('SetChannelIntent', { channelName: { value, resolvedTo } });

export const nameCases: SkillCase[] = [
  {
    description: 'a station of the area, asked for by its English name, is tuned to its button',
    given: [tvOn, channelNames({ area: 'kanto' })],
    request: named('fuji tv', 'fuji tv'),
    ja: { speech: '<speak>フジテレビ、8チャンネルにしました。</speak>' },
    expected: {
      calls: (tv) => [tune(tv, '8')],
      speech: '<speak>OK, Fuji TV, channel 8.</speak>',
      shouldEndSession: true,
      tv: { channel: 8 },
    },
  },
  {
    description: 'フジ in Tokyo tunes フジテレビ, button 8, and says the station name',
    locale: 'ja-JP',
    given: [tvOn, channelNames({ area: 'kanto' })],
    request: named('フジ', 'フジテレビ'),
    expected: {
      calls: (tv) => [tune(tv, '8')],
      speech: '<speak>フジテレビ、8チャンネルにしました。</speak>',
      shouldEndSession: true,
      tv: { channel: 8 },
    },
  },
  {
    description: 'NHK in Tokyo is NHK総合 on button 1; Eテレ is 2',
    locale: 'ja-JP',
    given: [channelNames({ area: 'kanto' })],
    request: named('NHK', 'NHK総合'),
    expected: {
      calls: (tv) => [tune(tv, '1')],
      speech: 'NHK総合、1チャンネルにしました。',
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description: "the same nickname means the area's own station: 読売テレビ is button 10 in Osaka",
    locale: 'ja-JP',
    given: [tvOn, channelNames({ area: 'kinki' })],
    request: named('よみうりテレビ', '読売テレビ'),
    expected: {
      calls: (tv) => [tune(tv, '10')],
      speech: '読売テレビ、10チャンネルにしました。',
      shouldEndSession: true,
      tv: { channel: 10 },
    },
  },
  {
    description: "a name outside the catalogue is looked up as heard in the user's own names",
    given: [tvOn, channelNames({ map: { 'BBC One': 1, 'Movie box': 12 } })],
    request: named('movie box'),
    expected: {
      calls: (tv) => [tune(tv, '12')],
      speech: 'OK, Movie box, channel 12.',
      shouldEndSession: true,
      tv: { channel: 12 },
    },
  },
  {
    description: 'an unknown name sends nothing and lists the names the user can say',
    given: [channelNames({ area: 'kinki', map: { 'My DVD': 11 } })],
    request: named('movie box'),
    ja: {
      speech:
        'movie boxというチャンネルはわかりません。「My DVDにして」のように言えます。言えるのは、My DVD、NHK総合、NHK Eテレ、MBS毎日放送、ABCテレビ、テレビ大阪、関西テレビ、読売テレビです。',
      asGiven: ['movie box', 'My DVD'],
    },
    expected: {
      outcome: 'refused',
      calls: [],
      speech:
        "I don't know a channel called movie box. You can say put on and a channel name: My DVD, NHK, NHK E Tele, MBS, ABC, TVO, KTV or ytv.",
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description:
      "another prefecture's station (TOKYO MX on a TV in Osaka) is said to be elsewhere, and nothing is sent",
    given: [channelNames({ area: 'kinki' })],
    request: named('tokyo mx', 'TOKYO MX'),
    ja: {
      speech: 'tokyo mxは大阪府の放送局ではないので、チャンネルはそのままです。TOKYO MXは東京都の放送局です。',
      asGiven: ['tokyo mx'],
    },
    expected: {
      outcome: 'refused',
      calls: [],
      speech: "tokyo mx isn't broadcast in Osaka, so I left the channel as it is. It's a station of Tokyo.",
      shouldEndSession: true,
      tv: { channel: 1 },
    },
  },
  {
    description: 'a key station asked for where it is not broadcast names a few of its prefectures: TBS in Hokkaido',
    locale: 'ja-JP',
    given: [channelNames({ area: 'hokkaido' })],
    request: named('TBS', 'TBS'),
    expected: {
      outcome: 'refused',
      calls: [],
      speech:
        'TBSは北海道の放送局ではないので、チャンネルはそのままです。TBSは茨城県、栃木県、群馬県などの放送局です。',
      shouldEndSession: true,
    },
  },
  {
    description: 'NHK in Fukuoka is button 3 (KBC holds 1)',
    given: [tvOn, channelNames({ area: 'fukuoka' })],
    request: named('NHK', 'NHK'),
    ja: { speech: 'NHK総合、3チャンネルにしました。' },
    expected: {
      calls: (tv) => [tune(tv, '3')],
      speech: 'OK, NHK, channel 3.',
      shouldEndSession: true,
      tv: { channel: 3 },
    },
  },
  {
    description: "the prefecture's own station: tvk in Kanagawa is button 3",
    given: [tvOn, channelNames({ area: 'kanagawa' })],
    request: named('tvk', 'tvk'),
    ja: { speech: 'tvk、3チャンネルにしました。', asGiven: ['tvk'] },
    expected: {
      calls: (tv) => [tune(tv, '3')],
      speech: 'OK, tvk, channel 3.',
      shouldEndSession: true,
      tv: { channel: 3 },
    },
  },
  {
    description: 'with no area and no own names, a name is answered with how to choose them',
    given: [],
    request: named('fuji tv', 'fuji tv'),
    ja: {
      speech:
        'fuji tvが何チャンネルかわかりません。「5チャンネルにして」のように番号で言えます。セットアップで地域を選ぶと',
      asGiven: ['fuji tv'],
    },
    expected: {
      outcome: 'refused',
      calls: [],
      speech:
        "I don't know which channel fuji tv is. You can say a channel number instead, for example channel 5. To tune by name",
      shouldEndSession: true,
    },
  },
  {
    description: 'a name inside an open session keeps it open',
    given: [channelNames({ area: 'kanto' })],
    request: intent(
      'SetChannelIntent',
      { channelName: { value: 'tv tokyo', resolvedTo: 'tv tokyo' } },
      { session: 'ongoing' },
    ),
    ja: { speech: 'テレビ東京、7チャンネルにしました。ほかに何かありますか?', reprompt: 'ほかに何かありますか?' },
    expected: {
      calls: (tv) => [tune(tv, '7')],
      speech: 'OK, TV Tokyo, channel 7. Anything else?',
      reprompt: 'Anything else?',
      shouldEndSession: false,
    },
  },
  {
    description: 'a linked user without a TV who asks for a TV command is offered setup by voice, in Japanese',
    locale: 'ja-JP',
    user: 'linked-no-tv',
    request: intent('TurnOnIntent'),
    expected: {
      calls: [],
      speech: '<speak>まだテレビが設定されていません。今テレビを探しましょうか?</speak>',
      reprompt: 'テレビを探しましょうか?',
      shouldEndSession: false,
      sessionAttributes: () => ({ question: { ask: 'offer' } }),
    },
  },
];
