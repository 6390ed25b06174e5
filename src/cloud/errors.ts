// One error taxonomy for every device-cloud failure, so the layers above turn a kind into words
// without knowing HTTP. Codes as in docs/device-cloud.md section 5; anything unknown stays readable.
import type { Outcome } from '../metrics';
import type { CountedError } from '../outcome';

export type DeviceCloudErrorKind =
  /** HTTP 401/403, Device Connect errorCode 11/12/13: the token is rejected, expired or missing. */
  | 'unauthorized'
  /** result 100, errorCode 6: the device or record does not exist (for this user). */
  | 'not_found'
  /** result 200: already registered. */
  | 'duplicate'
  /** result 300..303, errorCode 7: the home gateway or the remote cannot be reached. */
  | 'offline'
  /** errorCode 10 (and 2/3/4/8): the cloud refused a parameter, e.g. an IR signal not learned. */
  | 'invalid_parameter'
  /** errorCode 16: the device is in a state that refuses the command (e.g. power on when on). */
  | 'device_state'
  /** result 400..405, errorCode 14/21/22: the account may not do this (permission, plugin disabled). */
  | 'forbidden'
  /** HTTP 5xx and 429 (too many requests), connection refused or reset, errorCode 1/17. */
  | 'unavailable'
  /** No answer within the per-call timeout. */
  | 'timeout'
  /** A body that is not JSON, or JSON without a numeric `result`. */
  | 'malformed'
  /** A non-zero result the notes do not describe. */
  | 'rejected';

export interface DeviceCloudErrorDetails {
  /** "METHOD /path" of the call, without query string (query values may identify devices, never tokens). */
  endpoint: string;
  /** HTTP status, absent when no response arrived. */
  status?: number;
  /** `result` of the body when it had one. */
  result?: number;
  /** Device Connect `errorCode`, or the `code` inside `error`, when present. */
  errorCode?: number;
  /** The service's own message, when it gave one. */
  serviceMessage?: string;
}

export class DeviceCloudError extends Error implements CountedError {
  readonly kind: DeviceCloudErrorKind;
  readonly endpoint: string;
  readonly status?: number;
  readonly result?: number;
  readonly errorCode?: number;
  readonly serviceMessage?: string;

  constructor(kind: DeviceCloudErrorKind, details: DeviceCloudErrorDetails, cause?: unknown) {
    const parts = [`${details.endpoint}: ${kind}`];
    if (details.status !== undefined) parts.push(`HTTP ${details.status}`);
    if (details.result !== undefined) parts.push(`result ${details.result}`);
    if (details.errorCode !== undefined) parts.push(`errorCode ${details.errorCode}`);
    if (details.serviceMessage) parts.push(details.serviceMessage);
    super(parts.join(', '), cause === undefined ? undefined : { cause });
    this.name = 'DeviceCloudError';
    this.kind = kind;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.result = details.result;
    this.errorCode = details.errorCode;
    this.serviceMessage = details.serviceMessage;
  }

  /** Each kind is an outcome class of its own. */
  get outcome(): Outcome {
    return this.kind;
  }

  /** What a log line may carry: the kind, the call and its codes; never the service's own text. */
  fields(): { kind: DeviceCloudErrorKind; endpoint: string; status?: number; result?: number; errorCode?: number } {
    return {
      kind: this.kind,
      endpoint: this.endpoint,
      status: this.status,
      result: this.result,
      errorCode: this.errorCode,
    };
  }
}

export function isDeviceCloudError(e: unknown, kind?: DeviceCloudErrorKind): e is DeviceCloudError {
  return e instanceof DeviceCloudError && (kind === undefined || e.kind === kind);
}

/** Kind for a Device Connect `errorCode` (device-control calls). */
export function kindForErrorCode(code: number): DeviceCloudErrorKind {
  switch (code) {
    case 11:
    case 12:
    case 13:
      return 'unauthorized';
    case 5:
    case 6:
      return 'not_found';
    case 7:
      return 'offline';
    case 2:
    case 3:
    case 4:
    case 8:
    case 10:
      return 'invalid_parameter';
    case 16:
      return 'device_state';
    case 14:
    case 21:
    case 22:
      return 'forbidden';
    case 1:
    case 17:
      return 'unavailable';
    default:
      return 'rejected';
  }
}

/** Kind for an engine `result` code (management calls). */
export function kindForResult(result: number): DeviceCloudErrorKind {
  if (result === 100) return 'not_found';
  if (result === 200) return 'duplicate';
  if (result >= 300 && result <= 303) return 'offline';
  if (result >= 400 && result <= 405) return 'forbidden';
  return 'rejected';
}

/** Kind for an HTTP status whose body says nothing more specific. */
export function kindForStatus(status: number): DeviceCloudErrorKind | undefined {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  // Too many requests: the service is there but will not serve us now; try again later.
  if (status === 429 || status >= 500) return 'unavailable';
  if (status === 409) return 'duplicate';
  if (status >= 400) return 'rejected';
  return undefined;
}
