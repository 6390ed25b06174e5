// action.devices.traits.Channel (https://developers.home.google.com/cloud-to-cloud/traits/channel): the
// one-touch buttons, by the code SYNC gave each (availableChannels), by number, or by a name the TV's
// channel names resolve (src/tv/channels.ts: the person's own names, then the prefecture's stations).
// Which channel shows cannot be read: command-only, and "the previous channel" cannot be known.
import { channelByName } from '../../tv/channels';
import { channelChoices, TV_CAPABILITIES } from '../../tv/capabilities';
import { wholeRun } from '../../tv/control';
import { GoogleError } from '../errors';
import type { TvRef } from '../../tv/command';
import { signedCount, type Trait } from './trait';

export const channel: Trait = {
  name: 'action.devices.traits.Channel',
  attributes: (tv) => ({
    // One entry per button, every name that selects it; with no names, the buttons by number. The key is
    // the button, so a channelCode needs no lookup. At most 12 entries, within the page's "30 channels or less".
    availableChannels: channelChoices(tv.channels).map(({ channel: button, names }) => ({
      key: String(button),
      names: names.length > 0 ? [...names] : [String(button)],
      number: String(button),
    })),
    commandOnlyChannels: !TV_CAPABILITIES.channel.readable,
  }),
  commands: {
    'action.devices.commands.selectChannel': async (params, ctx) => {
      await ctx.control.setChannel(buttonOf(params, ctx.tv));
    },
    // relativeChannelChange channels up (negative: down), one press each, whole or refused before any press.
    'action.devices.commands.relativeChannel': async (params, { control }) => {
      const { down, count } = signedCount(params, 'relativeChannelChange');
      wholeRun(await control.stepChannel(down ? 'previous' : 'next', count));
    },
    // Nothing records which channel showed before: the TV's own remote changes it unseen.
    'action.devices.commands.returnChannel': async () => {
      throw new GoogleError('functionNotSupported', 'an IR remote cannot know which channel was on before');
    },
  },
};

/**
 * The button asked for: a channelCode is one of SYNC's keys (the button); a channelNumber is the button
 * (1..12 checked by TvControl, valueOutOfRange beyond); a channelName goes through the TV's names.
 */
function buttonOf(params: Record<string, unknown>, tv: TvRef): number {
  const { channelCode: code, channelNumber: number, channelName: name } = params;
  if (typeof code === 'string' && /^\d{1,2}$/.test(code)) return Number(code);
  if (typeof number === 'string' && /^\d{1,6}$/.test(number.trim())) return Number(number.trim());
  const said = [code, name].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  if (said.length === 0) {
    // A number that is not a whole button number ("4-3", "12.4") names no button of this remote.
    if (typeof number === 'string')
      throw new GoogleError('noAvailableChannel', "the channel number is not one of the remote's buttons");
    throw new GoogleError('protocolError', 'selectChannel needs channelCode, channelNumber or channelName');
  }
  return channelByName(said, tv.channels).channel;
}
