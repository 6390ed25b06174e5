// Every failure becomes one of Google's error codes here, and only here. Codes are Google's ("Errors and
// exceptions", https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions): "Error codes
// can be attached at the device level or at the global level". A rejected token is neither: the
// fulfillment "should return an HTTP 401 Unauthorized error" (process-intents), so Google refreshes it.
import { isDeviceCloudError, type DeviceCloudError } from '../cloud/errors';
import type { Outcome } from '../metrics';
import { Refusal, type CountedError } from '../outcome';
import { isStoreError } from '../store/errors';
import { StationElsewhere, UnknownChannelName } from '../tv/channels';
import { StepsCutShort, TvRefusal } from '../tv/control';

/** A refusal this door decides itself: a command the TV cannot do, a device not the account's, a bad parameter. */
export class GoogleError extends Refusal {
  constructor(readonly code: string, message: string) {
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

/** A device's result: OFFLINE-ness and the code Google shows the person. */
export interface DeviceError {
  /** The device could not be reached: reported with online false ("When a device is offline, you should report {"online": false}"). */
  offline: boolean;
  errorCode: string;
}

/** The error code for anything a command or a query threw; a rejected token is thrown on as TokenRefused. */
export function deviceErrorFrom(e: unknown): DeviceError {
  if (e instanceof GoogleError) return { offline: false, errorCode: e.code };
  // A name this TV's channels lack, or another prefecture's station: "no available channel" (Channel trait errors).
  if (e instanceof UnknownChannelName || e instanceof StationElsewhere) return { offline: false, errorCode: 'noAvailableChannel' };
  // Out of 1..12, zero steps, or more than one command sends: refused before any press.
  if (e instanceof TvRefusal) return { offline: false, errorCode: 'valueOutOfRange' };
  // A run cut short is never SUCCESS: by our deadline a transient failure, by a failed step that step's error.
  if (e instanceof StepsCutShort) return e.stoppedBy === 'deadline' ? { offline: false, errorCode: 'transientError' } : deviceErrorFrom(e.stoppedBy);
  if (isDeviceCloudError(e)) return cloudError(e);
  if (isStoreError(e)) return { offline: false, errorCode: 'transientError' };
  return { offline: false, errorCode: 'hardError' };
}

function cloudError(e: DeviceCloudError): DeviceError {
  switch (e.kind) {
    case 'unauthorized': throw new TokenRefused();
    // The home gateway (result 300..) or the remote (errorCode 7) cannot be reached.
    case 'offline': return { offline: true, errorCode: 'deviceOffline' };
    case 'not_found': return { offline: false, errorCode: 'deviceNotFound' };
    // The remote refused the command (an IR code not learned) or the account may not use it.
    case 'invalid_parameter':
    case 'forbidden': return { offline: false, errorCode: 'actionNotAvailable' };
    // No answer in time, the device cloud down or unreadable: worth trying again.
    case 'timeout':
    case 'unavailable':
    case 'malformed': return { offline: false, errorCode: 'transientError' };
    default: return { offline: false, errorCode: 'hardError' };
  }
}
