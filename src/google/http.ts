// The HTTPS edge of the door: a Lambda Function URL or HTTP API event (payload format 2.0) read as
// Google's POST with a bearer token and a JSON body. The URL is public, so everything is checked before
// any work: the method, the size (before decoding), base64 as the Function URL sends non-text bodies, JSON,
// and a well-formed token. What fails is a 4xx that says why, never echoing what was sent.
import { isWellFormedToken } from '../token';
import { isRecord } from '../json';

/** Google's requests are a few kilobytes; a body ten times the largest EXECUTE is no request of Google's. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export type HttpRead =
  | { ok: true; body: unknown; token: string }
  | { ok: false; status: 400 | 401 | 405 | 413; reason: string };

export function readHttpRequest(event: unknown): HttpRead {
  if (!isRecord(event)) return { ok: false, status: 400, reason: 'not an HTTP event' };
  const context = isRecord(event['requestContext']) ? event['requestContext'] : {};
  const method = isRecord(context['http']) ? context['http']['method'] : undefined;
  if (method !== undefined && method !== 'POST') return { ok: false, status: 405, reason: 'only POST is served' };
  const headers = isRecord(event['headers']) ? event['headers'] : {};
  const raw = typeof event['body'] === 'string' ? event['body'] : '';
  // Base64 takes 4 characters for 3 bytes: the limit applies to what the body decodes to.
  const encoded = event['isBase64Encoded'] === true;
  if ((encoded ? Math.floor(raw.length * 3 / 4) : Buffer.byteLength(raw)) > MAX_BODY_BYTES) return { ok: false, status: 413, reason: `the body is larger than ${MAX_BODY_BYTES} bytes` };
  const token = bearer(headers['authorization']);
  if (token === undefined) return { ok: false, status: 401, reason: 'no well-formed bearer token' };
  const text = encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON' };
  }
  return { ok: true, body, token };
}

function bearer(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const token = match?.[1];
  return token !== undefined && isWellFormedToken(token) ? token : undefined;
}

export function httpAnswer(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer {
  // RFC 9110 §15.5.6: a 405 "MUST generate an Allow header field" listing the methods served.
  const allow: Record<string, string> = statusCode === 405 ? { allow: 'POST' } : {};
  return { statusCode, headers: { 'content-type': 'application/json', ...allow, ...headers }, body: JSON.stringify(body) };
}
