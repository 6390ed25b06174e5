// The TV directives, each on the TvControl app.ts bound to the token and the TV's thingId (from the
// endpointId): one device-cloud call per IR step. No table read.
import { volumeStepFromCookie } from '../alexa/endpoint';
import type { Logger } from '../log';
import { channelNamesFromCookie, resolveChannelName } from '../tv/channels';
import { DEFAULT_STEPS, wholeRun, type TvControl } from '../tv/control';
import { adjustVolumePayload, changeChannelPayload, skipChannelsPayload, speakerAdjustPayload } from './directive';
import { SmartHomeError } from './errors';
import type { ContextProperty, Directive } from './messages';
import { property } from './respond';

export interface ControlContext {
  /** The TV of the directive's endpoint, bound to its token and the directive's deadline. */
  control: TvControl;
  logger: Logger;
  now: () => number;
}

/** What a control directive did: the state properties to report back, if any. */
export type ControlHandler = (directive: Directive, ctx: ControlContext) => Promise<ContextProperty[]>;

export const turnOn: ControlHandler = async (_d, { control, now }) => {
  // "Already on" is success: the TV is where the user wants it.
  await control.powerOn();
  return [property('Alexa.PowerController', 'powerState', 'ON', now())];
};

export const turnOff: ControlHandler = async (_d, { control, now }) => {
  await control.powerOff();
  return [property('Alexa.PowerController', 'powerState', 'OFF', now())];
};

export const changeChannel: ControlHandler = async (directive, { control, now }) => {
  const { channel, channelMetadata } = changeChannelPayload(directive.payload);
  const number = channel?.number ?? byName(directive, [channel?.callSign, channel?.affiliateCallSign, channelMetadata?.name]);
  if (!/^\d+$/.test(number)) throw new SmartHomeError('INVALID_VALUE', `channel "${number.slice(0, 20)}" is not a channel button number`);
  // Out of 1..12 TvControl refuses before any call (VALUE_OUT_OF_RANGE with the range).
  await control.setChannel(Number(number));
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
  const outcome = await ctx.control.stepChannel(channelCount < 0 ? 'previous' : 'next', Math.abs(channelCount));
  wholeRun(outcome);
  return [];
};

/**
 * Alexa.Speaker AdjustVolume (https://developer.amazon.com/docs/device-apis/alexa-speaker.html): `volume`
 * presses, or the TV's own default count when the person named no amount (`volumeDefault`, with which
 * Alexa sends an arbitrary `volume`). The level stays unknown, so the Response carries no volume property
 * (discovery declares it neither retrievable nor reported).
 */
export const adjustSpeakerVolume: ControlHandler = async (directive, ctx) => {
  const { volume, volumeDefault } = speakerAdjustPayload(directive.payload);
  const steps = volumeDefault ? volumeDefaultSteps(directive) : Math.abs(volume);
  wholeRun(await ctx.control.stepVolume(volume < 0 ? 'down' : 'up', steps));
  return [];
};

/**
 * Alexa.StepSpeaker AdjustVolume, which TVs discovered before Speaker replaced StepSpeaker keep receiving
 * in English until Alexa rediscovers them: the same presses.
 */
export const adjustVolume: ControlHandler = async (directive, ctx) => {
  const { volumeSteps, volumeStepsDefault } = adjustVolumePayload(directive.payload);
  const steps = volumeStepsDefault ? volumeDefaultSteps(directive) : Math.abs(volumeSteps);
  wholeRun(await ctx.control.stepVolume(volumeSteps < 0 ? 'down' : 'up', steps));
  return [];
};

// An IR remote can neither read nor set an absolute level, and the device cloud has no mute key: such a
// request cannot be done, and no guessed presses are sent. INVALID_DIRECTIVE is Amazon's type for "the
// directive isn't supported" (https://developer.amazon.com/docs/device-apis/alexa-errorresponse.html).
export const setVolume: ControlHandler = async () => {
  throw new SmartHomeError('INVALID_DIRECTIVE', 'an IR remote cannot set the volume to a level, only step it up or down');
};

export const setMute: ControlHandler = async () => {
  throw new SmartHomeError('INVALID_DIRECTIVE', 'the IR remote has no mute command');
};

/** Presses for "volume up" with no amount: the TV's own count (set at setup, carried in its cookie), else one. */
function volumeDefaultSteps(directive: Directive): number {
  return volumeStepFromCookie(directive.endpoint?.cookie) ?? DEFAULT_STEPS;
}

