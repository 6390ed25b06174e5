// Alexa.ChannelController's directives: a channel by number, or by a name ("フジテレビ", call sign "NHK")
// through the TV's channel names the door read from the endpoint's cookie (no table read), and steps up or
// down, whole or refused. A name the TV lacks is the domain's refusal, worded in errors.ts.
import { CHANNEL_CONTROLLER } from '../../alexa/interfaces';
import { asRecord, nonEmptyText, type JsonObject } from '../../json';
import { channelByName } from '../../tv/channels';
import { wholeRun } from '../../tv/control';
import { SmartHomeError } from '../errors';
import { property } from '../respond';
import { integer, type InterfaceModule } from './interface';

const NAME = CHANNEL_CONTROLLER.name;

export const channel: InterfaceModule = {
  interface: CHANNEL_CONTROLLER,
  directives: {
    ChangeChannel: async (directive, { tv, control, now }) => {
      const { channel: asked, channelMetadata } = changeChannelPayload(directive.payload);
      const said = [asked?.callSign, asked?.affiliateCallSign, channelMetadata?.name].filter(
        (n): n is string => n !== undefined && n.trim() !== '',
      );
      if (asked?.number === undefined && said.length === 0)
        throw new SmartHomeError('INVALID_VALUE', 'the directive names no channel');
      const number = asked?.number ?? String(channelByName(said, tv.channels).channel);
      if (!/^\d+$/.test(number))
        throw new SmartHomeError('INVALID_VALUE', `channel "${number.slice(0, 20)}" is not a channel button number`);
      // Out of 1..12 TvControl refuses before any call (VALUE_OUT_OF_RANGE with the range).
      await control.setChannel(Number(number));
      return [property(NAME, 'channel', { number }, now())];
    },
    SkipChannels: async (directive, { control }) => {
      const channelCount = integer(directive.payload['channelCount'], 'channelCount');
      wholeRun(await control.stepChannel(channelCount < 0 ? 'previous' : 'next', Math.abs(channelCount)));
      return [];
    },
  },
};

interface ChangeChannelPayload {
  channel?: { number?: string; callSign?: string; affiliateCallSign?: string };
  channelMetadata?: { name?: string };
}

function changeChannelPayload(payload: JsonObject): ChangeChannelPayload {
  const channel = asRecord(payload['channel']);
  const metadata = asRecord(payload['channelMetadata']);
  const out: ChangeChannelPayload = {};
  if (channel) {
    out.channel = {};
    // Alexa sends the number as a string; a number is read too.
    const number = typeof channel['number'] === 'number' ? String(channel['number']) : nonEmptyText(channel['number']);
    if (number !== undefined) out.channel.number = number;
    const callSign = nonEmptyText(channel['callSign']);
    const affiliateCallSign = nonEmptyText(channel['affiliateCallSign']);
    if (callSign) out.channel.callSign = callSign;
    if (affiliateCallSign) out.channel.affiliateCallSign = affiliateCallSign;
  }
  const name = nonEmptyText(metadata?.['name']);
  if (name) out.channelMetadata = { name };
  return out;
}
