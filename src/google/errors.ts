// Every failure becomes one of Google's error codes here, and only here, by one converter that never
// throws (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions); a rejected token
// is a 401. Why: docs/google-home.md#errors-file.
import { isDeviceCloudError, type DeviceCloudError } from '../cloud/errors';
import type { Outcome } from '../metrics';
import { Refusal, type CountedError } from '../outcome';
import { isStoreError } from '../store/errors';
import { StationElsewhere, UnknownChannelName } from '../tv/channels';
import { StepsCutShort, TvRefusal } from '../tv/control';

/** A refusal this door decides itself: a command the TV cannot do, a device not the account's, a bad parameter. */
export class GoogleError extends Refusal {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleError';
  }
}

/** The device cloud refused the token: the whole request is answered 401, so Google refreshes or relinks. */
export class TokenRefused extends Error implements CountedError {
  constructor() {
    super('the device cloud refused the access token');
    this.name = 'TokenRefused';
  }

  get outcome(): Outcome {
    return 'unauthorized';
  }
}

/** What a failure is for Google: a device's code, or, for the whole request, an HTTP status. */
export interface GoogleFailure {
  /** The token was refused: no device answer stands, the request is answered 401. */
  tokenRefused: boolean;
  /** The device could not be reached: reported with online false ("When a device is offline, you should report {"online": false}"). */
  offline: boolean;
  errorCode: string;
  /**
   * The status should the failure end the whole request (SYNC, or anything unforeseen): 503 for what is
   * worth trying again (the table, the device cloud down or slow), 500 for anything else.
   */
  status: 500 | 503;
}

export function failureOf(e: unknown): GoogleFailure {
  const device = (errorCode: string, offline = false): GoogleFailure => ({
    tokenRefused: false,
    offline,
    errorCode,
    status: errorCode === 'transientError' ? 503 : 500,
  });
  if (e instanceof TokenRefused) return { ...device('authFailure'), tokenRefused: true };
  if (e instanceof GoogleError) return device(e.code);
  // A name this TV's channels lack, or another prefecture's station: "no available channel" (Channel trait errors).
  if (e instanceof UnknownChannelName || e instanceof StationElsewhere) return device('noAvailableChannel');
  // Out of 1..12, zero steps, or more than one command sends: refused before any press.
  if (e instanceof TvRefusal) return device('valueOutOfRange');
  // A run cut short is never SUCCESS: by our deadline a transient failure, by a failed step that step's error.
  if (e instanceof StepsCutShort) return e.stoppedBy === 'deadline' ? device('transientError') : failureOf(e.stoppedBy);
  if (isDeviceCloudError(e)) return cloudFailure(e, device);
  if (isStoreError(e)) return device('transientError');
  return device('hardError');
}

function cloudFailure(
  e: DeviceCloudError,
  device: (errorCode: string, offline?: boolean) => GoogleFailure,
): GoogleFailure {
  switch (e.kind) {
    case 'unauthorized':
      return { ...device('authFailure'), tokenRefused: true };
    // The home gateway (result 300..) or the remote (errorCode 7) cannot be reached.
    case 'offline':
      return device('deviceOffline', true);
    case 'not_found':
      return device('deviceNotFound');
    // The remote refused the command (an IR code not learned) or the account may not use it.
    case 'invalid_parameter':
    case 'forbidden':
      return device('actionNotAvailable');
    // No answer in time, the device cloud down or unreadable: worth trying again.
    case 'timeout':
    case 'unavailable':
    case 'malformed':
      return device('transientError');
    default:
      return device('hardError');
  }
}

/** Ends the request when the failure is a refused token; otherwise gives the failure back. */
export function unlessTokenRefused(e: unknown): GoogleFailure {
  const failure = failureOf(e);
  if (failure.tokenRefused) throw new TokenRefused();
  return failure;
}
