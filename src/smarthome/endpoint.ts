// The endpoint a directive names, read back into the TV it stands for: the thingId from the endpointId
// (src/alexa/endpoint.ts issued it) and, from the cookie discovery wrote, the TV's gateway, channel names
// and volume step. The door builds the TV reference here, so control needs no table read. The cookie is
// no proof of anything: the device cloud refuses a thingId the token does not reach, and ReportState
// checks the gateway (directives/report-state.ts).
import { thingIdOf, type TvCookie } from '../alexa/endpoint';
import type { DirectiveEndpoint } from '../alexa/messages';
import { parseJson } from '../json';
import { readChannelNames, type ChannelNames } from '../tv/channels';
import type { TvRef } from '../tv/command';
import { isVolumeStep } from '../tv/control';
import { SmartHomeError } from './errors';

/** The TV of the directive's endpoint; NO_SUCH_ENDPOINT for an id this skill never issued. */
export function tvOf(endpoint: DirectiveEndpoint): TvRef {
  const thingId = thingIdOf(endpoint.endpointId);
  if (thingId === undefined)
    throw new SmartHomeError('NO_SUCH_ENDPOINT', `endpoint ${shownId(endpoint.endpointId)} is not a TV of this skill`);
  const tv: TvRef = { thingId };
  const channels = channelNamesFromCookie(endpoint.cookie);
  if (channels) tv.channels = channels;
  const volumeStep = volumeStepFromCookie(endpoint.cookie);
  if (volumeStep !== undefined) tv.volumeStep = volumeStep;
  return tv;
}

/** The gateway discovery wrote in the cookie, if any. */
export function gatewayFromCookie(endpoint: DirectiveEndpoint): TvCookie['gatewayId'] | undefined {
  const gatewayId = endpoint.cookie?.['gatewayId'];
  return gatewayId === undefined || gatewayId === '' ? undefined : gatewayId;
}

/** The inverse of channelNamesToCookie (src/alexa/endpoint.ts), tolerant: anything malformed reads as absent. */
export function channelNamesFromCookie(cookie: Record<string, unknown> | undefined): ChannelNames | undefined {
  return readChannelNames({ area: cookie?.['channelArea'], map: parseJson(cookie?.['channelMap']) });
}

/** The TV's own presses for "volume up" with no number; undefined if unset or not valid. */
export function volumeStepFromCookie(cookie: Record<string, unknown> | undefined): number | undefined {
  const text = cookie?.['volumeStep'];
  const n = typeof text === 'string' && /^\d{1,2}$/.test(text) ? Number(text) : undefined;
  return isVolumeStep(n) ? n : undefined;
}

/** An endpointId for a message or a log line: at most 64 characters, only those the schema allows. */
export function shownId(endpointId: string): string {
  return endpointId.slice(0, 64).replace(/[^A-Za-z0-9_\-=#;:?@&]/g, '?');
}
