// An OAuth 2.0 token endpoint's answer (RFC 6749 5.1 and 5.2), read one way for every service the
// Lambdas get tokens from: Login with Amazon (src/alexa/lwa.ts) and Google's token endpoint
// (src/homegraph/client.ts). Each caller words the outcome as its own error.
import type { JsonObject } from './json';
import { classOf } from './outbound';

/** An access token's `expires_in`: both services say an hour; a minute to a day is sane. */
export const LIFETIME_SECONDS = { min: 60, max: 86_400 } as const;

/**
 * `issued`: a sane access token and lifetime, the expiry counted from `sentAt` (the token cannot outlive
 * what the service said); `absurd`: a 200 without them (a megabyte token, a lifetime of years or of a
 * second is never stored); `unreadable`: another success that is not JSON (a proxy's page: the service is
 * unavailable, never refusing); `error`: the body's OAuth error code (only the code, never the description).
 */
export type TokenAnswer =
  | { kind: 'issued'; body: JsonObject; accessToken: string; expiresAt: number }
  | { kind: 'absurd' | 'unreadable' }
  | { kind: 'error'; error: unknown };

export function readTokenAnswer(
  status: number,
  body: JsonObject | undefined,
  sentAt: number,
  maxTokenLength: number,
): TokenAnswer {
  if (status === 200 && body) {
    const accessToken = body['access_token'];
    const expiresIn = body['expires_in'];
    if (!isIssuedToken(accessToken, maxTokenLength) || !isLifetime(expiresIn)) return { kind: 'absurd' };
    return { kind: 'issued', body, accessToken, expiresAt: sentAt + expiresIn * 1000 };
  }
  if (classOf(status) === 'success') return { kind: 'unreadable' };
  return { kind: 'error', error: body?.['error'] };
}

/** Printable ASCII without spaces, up to `maxLength` characters. */
export function isIssuedToken(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && /^[\x21-\x7e]+$/.test(value);
}

function isLifetime(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LIFETIME_SECONDS.min &&
    value <= LIFETIME_SECONDS.max
  );
}
