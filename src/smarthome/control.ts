// The TV directives, each on the TvControl app.ts bound to the token and the TV's thingId (from the
// endpointId): one device-cloud call per IR step. No table read.
import type { Logger } from '../log';
import { settleCommand } from '../metrics';
import type { BoundTv } from '../tv/binding';
import { channelNamesFromCookie, resolveChannelName } from '../tv/channels';
import type { StepOutcome } from '../tv/control';
import { adjustVolumePayload, changeChannelPayload, skipChannelsPayload } from './directive';
import { DeadlineReached, SmartHomeError } from './errors';
import type { ContextProperty, Directive } from './messages';
import { property } from './respond';

export interface ControlContext {
  tv: BoundTv;
  logger: Logger;
  now: () => number;
}

/** What a control directive did: the state properties to report back, if any. */
export type ControlHandler = (directive: Directive, ctx: ControlContext) => Promise<ContextProperty[]>;

export const turnOn: ControlHandler = async (_d, { tv, now }) => {
  // "Already on" is success: the TV is where the user wants it.
  await tv.control.powerOn();
  return [property('Alexa.PowerController', 'powerState', 'ON', now())];
};

export const turnOff: ControlHandler = async (_d, { tv, now }) => {
  await tv.control.powerOff();
  return [property('Alexa.PowerController', 'powerState', 'OFF', now())];
};

export const changeChannel: ControlHandler = async (directive, { tv, now }) => {
  const { channel, channelMetadata } = changeChannelPayload(directive.payload);
  const number = channel?.number ?? byName(directive, [channel?.callSign, channel?.affiliateCallSign, channelMetadata?.name]);
  if (!/^\d+$/.test(number)) throw new SmartHomeError('INVALID_VALUE', `channel "${number.slice(0, 20)}" is not a channel button number`);
  // Out of 1..12 TvControl refuses before any call (VALUE_OUT_OF_RANGE with the range).
  await tv.control.setChannel(Number(number));
  return [property('Alexa.ChannelController', 'channel', { number }, now())];
};

/**
 * A channel asked for by name ("フジテレビ", call sign "NHK"): the button the TV's channel names give it,
 * read from the endpoint's cookie (the area or the user's own map that setup stored), not from a table.
 */
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

export const skipChannels: ControlHandler = async (directive, ctx) => {
  const { channelCount } = skipChannelsPayload(directive.payload);
  const outcome = await ctx.tv.control.stepChannel(channelCount < 0 ? 'previous' : 'next', Math.abs(channelCount), { deadline: ctx.tv.deadline });
  settle(outcome, 'SkipChannels', ctx.logger);
  return [];
};

export const adjustVolume: ControlHandler = async (directive, ctx) => {
  const { volumeSteps, volumeStepsDefault } = adjustVolumePayload(directive.payload);
  // With no number said, Alexa sends 10 and flags it as a default: one press is what people mean.
  const steps = volumeStepsDefault ? 1 : Math.abs(volumeSteps);
  const outcome = await ctx.tv.control.stepVolume(volumeSteps < 0 ? 'down' : 'up', steps, { deadline: ctx.tv.deadline });
  settle(outcome, 'AdjustVolume', ctx.logger);
  return [];
};

export const setMute: ControlHandler = async () => {
  throw new SmartHomeError('NOT_SUPPORTED_IN_CURRENT_MODE', 'the IR remote has no mute command', { currentDeviceMode: 'OTHER' });
};

/**
 * A run that sent nothing fails with why it stopped. A run that moved the TV part way is a success
 * for Alexa (the TV did change, and a Response cannot say "some"), and the log says how far it got.
 */
function settle(outcome: StepOutcome, directive: string, logger: Logger): void {
  const { done, requested, stoppedBy, capped, asked } = outcome;
  if (capped) logger.info('step run capped', { directive, asked, requested });
  if (stoppedBy === undefined) return;
  const reason = stoppedBy === 'deadline' ? 'deadline' : stoppedBy.kind;
  if (done === 0) throw stoppedBy === 'deadline' ? new DeadlineReached() : stoppedBy;
  settleCommand('partial');
  logger.warn('step run stopped part way', { directive, done, requested, reason });
}
