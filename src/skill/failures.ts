// The one place that turns a device-cloud failure into words (and, for a rejected token, a link card).
import type { DeviceCloudErrorKind } from '../cloud/errors';
import { FAILURE, RELINK_ACCOUNT } from './speech';

export interface FailureSpeech {
  speech: string;
  /** The token was refused: the user must relink, so the response carries a LinkAccount card. */
  linkAccount: boolean;
}

export function failureSpeech(kind: DeviceCloudErrorKind): FailureSpeech {
  switch (kind) {
    case 'unauthorized': return { speech: RELINK_ACCOUNT, linkAccount: true };
    case 'offline': return { speech: FAILURE.offline, linkAccount: false };
    case 'timeout': return { speech: FAILURE.timeout, linkAccount: false };
    case 'unavailable':
    case 'malformed': return { speech: FAILURE.unavailable, linkAccount: false };
    case 'invalid_parameter': return { speech: FAILURE.invalidParameter, linkAccount: false };
    case 'not_found': return { speech: FAILURE.notFound, linkAccount: false };
    case 'forbidden': return { speech: FAILURE.forbidden, linkAccount: false };
    case 'device_state': return { speech: FAILURE.deviceState, linkAccount: false };
    case 'duplicate':
    case 'rejected': return { speech: FAILURE.generic, linkAccount: false };
  }
}
