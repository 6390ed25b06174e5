// Reading what Alexa sent, tolerantly: any JSON may arrive, and each part is checked before use, the
// bearer token too, before any call is made with it.
import { asRecord, nonEmptyText } from '../json';
import type { Directive, DirectiveEndpoint, Header } from '../alexa/messages';
import { isWellFormedToken } from '../token';
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
    namespace: nonEmptyText(rawHeader?.['namespace']),
    name: nonEmptyText(rawHeader?.['name']),
    payloadVersion: nonEmptyText(rawHeader?.['payloadVersion']),
    messageId: nonEmptyText(rawHeader?.['messageId']),
    correlationToken: correlationToken(rawHeader?.['correlationToken']),
  };
  const endpoint = readEndpoint(directive['endpoint']);
  const partial = { header, endpointId: endpoint?.endpointId };
  if (!header.namespace || !header.name)
    return { ok: false, reason: 'the directive header has no namespace or name', ...partial };
  if (header.payloadVersion !== '3')
    return { ok: false, reason: `payload version ${header.payloadVersion ?? '(none)'} is not supported`, ...partial };
  const full: Header = {
    namespace: header.namespace,
    name: header.name,
    payloadVersion: '3',
    messageId: header.messageId ?? '',
  };
  if (header.correlationToken) full.correlationToken = header.correlationToken;
  return { ok: true, directive: { header: full, endpoint, payload: asRecord(directive['payload']) ?? {} } };
}

function readEndpoint(value: unknown): DirectiveEndpoint | undefined {
  const e = asRecord(value);
  const endpointId = nonEmptyText(e?.['endpointId']);
  if (!e || !endpointId) return undefined;
  const out: DirectiveEndpoint = { endpointId };
  const token = scopeToken(e['scope']);
  if (token) out.scope = { type: 'BearerToken', token };
  const cookie = asRecord(e['cookie']);
  if (cookie) {
    out.cookie = Object.fromEntries(
      Object.entries(cookie).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
    );
  }
  return out;
}

/** The bearer token of a scope object (`endpoint.scope`, or `payload.scope` on Discover). */
export function scopeToken(value: unknown): string | undefined {
  const scope = asRecord(value);
  return scope?.['type'] === 'BearerToken' ? nonEmptyText(scope['token']) : undefined;
}

/**
 * Alexa's correlation tokens are opaque printable ASCII (base64): anything else cannot be one Alexa
 * waits for, and is not echoed.
 */
function correlationToken(value: unknown): string | undefined {
  const token = nonEmptyText(value);
  return token !== undefined && /^[\x21-\x7e]{1,8192}$/.test(token) ? token : undefined;
}

/**
 * The directive's bearer token, refused as a credential (before any call) when missing or malformed:
 * a line break or a megabyte in it can only be a bad credential, never a reason to call the cloud.
 */
export function bearerToken(token: string | undefined): string {
  if (!token) throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the directive carries no bearer token');
  if (!isWellFormedToken(token))
    throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the bearer token is malformed');
  return token;
}
