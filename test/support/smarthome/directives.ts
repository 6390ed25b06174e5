// Directives as Alexa sends them (shapes of Amazon's sample messages), addressed to the case's TV.
import { randomUUID } from 'node:crypto';

/** Filled in by the runner: the account's token and the TV's endpoint (when the case has a TV). */
export interface Addressee {
  token: string;
  endpointId: string;
  cookie: Record<string, string>;
}

export type DirectiveSpec = (to: Addressee) => unknown;

export interface ControlOptions {
  /** Another endpointId than the TV's (a foreign or stale one). */
  endpointId?: string;
  /** false: no scope at all. */
  withToken?: boolean;
  /** Default true: a correlation token, as every control directive has. */
  correlationToken?: boolean;
}

export const CORRELATION_TOKEN = 'dFMb0z+PgpgdDmluhJ1LddFvSqZ/jCc8ptlAKulUj90jSqg==';

function header(namespace: string, name: string, correlated: boolean): Record<string, string> {
  const h: Record<string, string> = { namespace, name, payloadVersion: '3', messageId: randomUUID() };
  if (correlated) h.correlationToken = CORRELATION_TOKEN;
  return h;
}

export function discover(options: { withToken?: boolean } = {}): DirectiveSpec {
  return (to) => ({
    directive: {
      header: header('Alexa.Discovery', 'Discover', false),
      payload: options.withToken === false ? {} : { scope: { type: 'BearerToken', token: to.token } },
    },
  });
}

export function acceptGrant(): DirectiveSpec {
  return (to) => ({
    directive: {
      header: header('Alexa.Authorization', 'AcceptGrant', false),
      payload: {
        grant: { type: 'OAuth2.AuthorizationCode', code: 'ANUbUKCJqlBOpMhwYWxU' },
        grantee: { type: 'BearerToken', token: to.token },
      },
    },
  });
}

export function control(
  namespace: string,
  name: string,
  payload: Record<string, unknown> = {},
  options: ControlOptions = {},
): DirectiveSpec {
  return (to) => ({
    directive: {
      header: header(namespace, name, options.correlationToken !== false),
      endpoint: {
        ...(options.withToken === false ? {} : { scope: { type: 'BearerToken', token: to.token } }),
        endpointId: options.endpointId ?? to.endpointId,
        cookie: to.cookie,
      },
      payload,
    },
  });
}

export const turnOn = (options?: ControlOptions) => control('Alexa.PowerController', 'TurnOn', {}, options);
export const turnOff = (options?: ControlOptions) => control('Alexa.PowerController', 'TurnOff', {}, options);
export const changeChannel = (channel: Record<string, string>, channelMetadata?: Record<string, string>) =>
  control('Alexa.ChannelController', 'ChangeChannel', channelMetadata ? { channel, channelMetadata } : { channel });
export const skipChannels = (channelCount: unknown) =>
  control('Alexa.ChannelController', 'SkipChannels', { channelCount });
// Alexa.Speaker, as its page shows them (https://developer.amazon.com/docs/device-apis/alexa-speaker.html).
export const adjustVolume = (volume: unknown, volumeDefault?: boolean) =>
  control('Alexa.Speaker', 'AdjustVolume', volumeDefault === undefined ? { volume } : { volume, volumeDefault });
export const setVolume = (volume: number) => control('Alexa.Speaker', 'SetVolume', { volume });
export const setMute = (mute: boolean) => control('Alexa.Speaker', 'SetMute', { mute });
/** Alexa.StepSpeaker, which English-speaking Alexa sends to TVs discovered before Speaker replaced it. */
export const stepSpeakerAdjust = (volumeSteps: unknown, volumeStepsDefault?: boolean) =>
  control(
    'Alexa.StepSpeaker',
    'AdjustVolume',
    volumeStepsDefault === undefined ? { volumeSteps } : { volumeSteps, volumeStepsDefault },
  );

/**
 * Alexa.ReportState as "Alexa.ReportState and Alexa.StateReport Interfaces 3" shows it: the endpoint with
 * its scope and cookie, an empty payload, a correlation token. `cookie` replaces the one discovery gave.
 */
export const reportState =
  (options: ControlOptions & { cookie?: Record<string, string> } = {}): DirectiveSpec =>
  (to) =>
    control('Alexa', 'ReportState', {}, options)(options.cookie ? { ...to, cookie: options.cookie } : to);

/** Any JSON at all, as a misconfigured or future sender might send. */
export const raw =
  (event: unknown): DirectiveSpec =>
  () =>
    event;
