// Alexa.ChannelController (https://developer.amazon.com/docs/device-apis/alexa-channelcontroller.html):
// a channel by number, or by a name ("フジテレビ", call sign "NHK") resolved through the TV's channel names
// carried in the endpoint's cookie (no table read), and steps up or down, whole or refused.
import { asRecord, nonEmptyText, type JsonObject } from '../../json';
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { resolveChannelName } from '../../tv/channels';
import { wholeRun } from '../../tv/control';
import { channelNamesFromCookie } from '../endpoint';
import type { Directive } from '../messages';
import { declared, integer, property, SmartHomeError, type AlexaInterface } from './interface';

const NAME = 'Alexa.ChannelController';

export const channelController: AlexaInterface = declared(NAME, 'channel', TV_CAPABILITIES.channel, {
  ChangeChannel: async (directive, { control, now }) => {
    const { channel, channelMetadata } = changeChannelPayload(directive.payload);
    const number = channel?.number ?? byName(directive, [channel?.callSign, channel?.affiliateCallSign, channelMetadata?.name]);
    if (!/^\d+$/.test(number)) throw new SmartHomeError('INVALID_VALUE', `channel "${number.slice(0, 20)}" is not a channel button number`);
    // Out of 1..12 TvControl refuses before any call (VALUE_OUT_OF_RANGE with the range).
    await control.setChannel(Number(number));
    return [property(NAME, 'channel', { number }, now())];
  },
  SkipChannels: async (directive, { control }) => {
    const channelCount = integer(directive.payload['channelCount'], 'channelCount');
    wholeRun(await control.stepChannel(channelCount < 0 ? 'previous' : 'next', Math.abs(channelCount)));
    return [];
  },
});

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

/** A channel asked for by name: the button the TV's channel names (carried in the cookie) give it. */
function byName(directive: Directive, said: (string | undefined)[]): string {
  const names = said.filter((n): n is string => n !== undefined && n.trim() !== '');
  if (names.length === 0) throw new SmartHomeError('INVALID_VALUE', 'the directive names no channel');
  const found = resolveChannelName(names, channelNamesFromCookie(directive.endpoint?.cookie));
  if (found.found) return String(found.channel);
  const asked = `"${names[0]!.slice(0, 40)}"`;
  const { elsewhere } = found;
  throw new SmartHomeError('INVALID_VALUE', found.known.length === 0
    ? `channel ${asked} is a name, and this TV has no channel names: run setup with an area or channels, or ask for a channel number from 1 to 12`
    : elsewhere
      ? `channel ${asked} is not broadcast in ${elsewhere.here.name}: ${elsewhere.name} is a station of `
        + `${elsewhere.prefectures.map((p) => p.name).join(', ').slice(0, 200)}; the channel was not changed`
      : `no channel named ${asked}; known: ${found.known.map((k) => k.name).join(', ').slice(0, 300)}`);
}
