// One error for every way asking Google to sync fails, classified so setup can log it by class. It never
// holds the service-account key, the signed assertion, an access token or an agentUserId: only the
// service, the kind, the HTTP status and Google's own error code.
import { ServiceCallError } from '../outbound';

export type HomeGraphErrorKind =
  /** The secret could not be read (not found, access denied, Secrets Manager unavailable). */
  | 'no-key'
  /** The secret is not a service-account key: not JSON, a field missing, a private key that does not parse. */
  | 'bad-key'
  /** The token endpoint refused the key's assertion (invalid_grant: a deleted key, a wrong project). */
  | 'key-refused'
  /** HomeGraph refused the call (400, 403: the API not enabled, the account without its role). */
  | 'refused'
  /** 429 and 5xx, a redirect, an unreadable answer, a dropped connection. */
  | 'unavailable'
  | 'timeout';

export type HomeGraphService = 'secret' | 'token' | 'homegraph';

/** Its `code` is Google's: OAuth's `error` at the token endpoint, `error.status` at HomeGraph. */
export class HomeGraphError extends ServiceCallError<HomeGraphErrorKind, HomeGraphService> {
  override readonly name = 'HomeGraphError';
}

export function isHomeGraphError(e: unknown): e is HomeGraphError {
  return e instanceof Error && e.name === 'HomeGraphError';
}

/** An error code as Google writes them (invalid_grant, PERMISSION_DENIED); anything else is not kept. */
export function googleCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z_]{1,64}$/.test(value) ? value : undefined;
}
