// Reading what Alexa sent, tolerantly: any JSON may arrive, and each part is checked before use.
import { asRecord, type JsonObject } from '../json';
import type { AdjustVolumePayload, ChangeChannelPayload, Directive, DirectiveEndpoint, Header, SkipChannelsPayload } from './messages';
import { SmartHomeError } from './errors';

export type ReadDirective =
  | { ok: true; directive: Directive }
  /** What could be read is kept, so the error response still echoes the correlation token. */
  | { ok: false; reason: string; header?: Partial<Header>; endpointId?: string };

export function readDirective(event: unknown): ReadDirective {
  const directive = asRecord(asRecord(event)?.['directive']);
  if (!directive) return { ok: false, reason: 'the event has no directive' };
  const rawHeader = asRecord(directive['header']);
  const header: Partial<Header> = {
    namespace: text(rawHeader?.['namespace']),
    name: text(rawHeader?.['name']),
    payloadVersion: text(rawHeader?.['payloadVersion']),
    messageId: text(rawHeader?.['messageId']),
    correlationToken: correlationToken(rawHeader?.['correlationToken']),
  };
  const endpoint = readEndpoint(directive['endpoint']);
  const partial = { header, endpointId: endpoint?.endpointId };
  if (!header.namespace || !header.name) return { ok: false, reason: 'the directive header has no namespace or name', ...partial };
  if (header.payloadVersion !== '3') return { ok: false, reason: `payload version ${header.payloadVersion ?? '(none)'} is not supported`, ...partial };
  const full: Header = { namespace: header.namespace, name: header.name, payloadVersion: '3', messageId: header.messageId ?? '' };
  if (header.correlationToken) full.correlationToken = header.correlationToken;
  return { ok: true, directive: { header: full, endpoint, payload: asRecord(directive['payload']) ?? {} } };
}

function readEndpoint(value: unknown): DirectiveEndpoint | undefined {
  const e = asRecord(value);
  const endpointId = text(e?.['endpointId']);
  if (!e || !endpointId) return undefined;
  const out: DirectiveEndpoint = { endpointId };
  const token = scopeToken(e['scope']);
  if (token) out.scope = { type: 'BearerToken', token };
  const cookie = asRecord(e['cookie']);
  if (cookie) {
    out.cookie = Object.fromEntries(Object.entries(cookie).filter((kv): kv is [string, string] => typeof kv[1] === 'string'));
  }
  return out;
}

/** The bearer token of a scope object (`endpoint.scope`, or `payload.scope` on Discover). */
export function scopeToken(value: unknown): string | undefined {
  const scope = asRecord(value);
  return scope?.['type'] === 'BearerToken' ? text(scope['token']) : undefined;
}

export function changeChannelPayload(payload: JsonObject): ChangeChannelPayload {
  const channel = asRecord(payload['channel']);
  const metadata = asRecord(payload['channelMetadata']);
  const out: ChangeChannelPayload = {};
  if (channel) {
    out.channel = {};
    // Alexa sends the number as a string; a number is read too.
    const number = typeof channel['number'] === 'number' ? String(channel['number']) : text(channel['number']);
    if (number !== undefined) out.channel.number = number;
    const callSign = text(channel['callSign']);
    const affiliateCallSign = text(channel['affiliateCallSign']);
    if (callSign) out.channel.callSign = callSign;
    if (affiliateCallSign) out.channel.affiliateCallSign = affiliateCallSign;
  }
  const name = text(metadata?.['name']);
  if (name) out.channelMetadata = { name };
  return out;
}

export function skipChannelsPayload(payload: JsonObject): SkipChannelsPayload {
  return { channelCount: integer(payload['channelCount'], 'channelCount') };
}

export function adjustVolumePayload(payload: JsonObject): AdjustVolumePayload {
  return { volumeSteps: integer(payload['volumeSteps'], 'volumeSteps'), volumeStepsDefault: payload['volumeStepsDefault'] === true };
}

/** Alexa.Speaker AdjustVolume: a change of -100..100, and whether the person named no amount. */
export interface SpeakerAdjustPayload {
  volume: number;
  volumeDefault: boolean;
}

export function speakerAdjustPayload(payload: JsonObject): SpeakerAdjustPayload {
  const volume = integer(payload['volume'], 'volume');
  if (volume < -100 || volume > 100) throw new SmartHomeError('INVALID_VALUE', 'volume must be from -100 to 100');
  return { volume, volumeDefault: payload['volumeDefault'] === true };
}

function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new SmartHomeError('INVALID_VALUE', `${field} must be a whole number`);
  }
  return value;
}

/**
 * Alexa's correlation tokens are opaque printable ASCII (base64): anything else cannot be one Alexa
 * waits for, and is not echoed.
 */
function correlationToken(value: unknown): string | undefined {
  const token = text(value);
  return token !== undefined && /^[\x21-\x7e]{1,8192}$/.test(token) ? token : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
