// One error for every way a call to Login with Amazon or the Alexa event gateway fails, classified so a
// caller can act (forget a grant Alexa disabled, refresh an expired token) and logs can count by class.
// It never holds a token: only the service, the HTTP status and Amazon's error code.
import type { Outcome } from '../metrics';
import type { CountedError } from '../outcome';
import { ServiceCallError } from '../outbound';

export type AlexaApiErrorKind =
  /** LWA refused the grant code or refresh token (invalid_grant): it will never work again. */
  | 'grant-refused'
  /** LWA refused the skill's client id or secret (invalid_client): a deployment error. */
  | 'client-refused'
  /** The gateway refused the access token (401 INVALID_ACCESS_TOKEN_EXCEPTION): refresh and retry. */
  | 'token-refused'
  /** The customer disabled the skill (403 SKILL_DISABLED_EXCEPTION): the grant is void. */
  | 'skill-disabled'
  /** The skill lacks the Alexa events permission for this customer (403 INSUFFICIENT_PERMISSION_EXCEPTION). */
  | 'no-permission'
  /** The message itself was refused (400, 404, 413): a bug here, not a passing condition. */
  | 'message-refused'
  /** 429 and 5xx, an unreadable answer, a dropped connection. */
  | 'unavailable'
  | 'timeout';

export type AlexaService = 'login-with-amazon' | 'event-gateway';

/** Its `code` is Amazon's: LWA's `error`, or the gateway's `payload.code`. */
export class AlexaApiError extends ServiceCallError<AlexaApiErrorKind, AlexaService> implements CountedError {
  override readonly name = 'AlexaApiError';

  /** Counted like the device cloud: no answer in time, unavailable, or refused (`rejected`). */
  get outcome(): Outcome {
    return this.kind === 'timeout' || this.kind === 'unavailable' ? this.kind : 'rejected';
  }
}

export function isAlexaApiError(e: unknown): e is AlexaApiError {
  return e instanceof Error && e.name === 'AlexaApiError';
}
