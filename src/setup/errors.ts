// The two ways setup fails: a bad event (names the field) or a step that could not be done (names the
// step and the reason in words). Neither message ever carries an access token.
import { isDeviceCloudError, type DeviceCloudError, type DeviceCloudErrorKind } from '../cloud/errors';
import { serviceExcerpt } from '../log';
import type { Outcome } from '../metrics';
import { outcomeOf, Refusal, type CountedError } from '../outcome';
import { isStoreError } from '../store/errors';
import type { SetupStepId } from './types';

export class SetupInputError extends Refusal {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SetupInputError';
  }
}

/** What each step was doing, for "<doing> failed: <why>". */
export const STEP_DOING: Record<SetupStepId, string> = {
  'resolve-user': 'finding the user and the access token',
  'take-lease': 'starting setup',
  'list-plugins': 'listing the cloud plugins',
  'find-remote': 'searching the home gateway for the IR remote',
  'register-remote': 'registering the IR remote',
  'read-presets': 'reading the TV presets of the IR remote',
  'choose-preset': 'choosing the TV preset',
  'register-tv-on-remote': 'registering the TV on the remote',
  'find-tv': 'searching the home gateway for the new TV device',
  'register-tv': 'registering the TV',
  'save-tv': 'saving the TV',
  'consume-code': 'marking the link code used',
  'remove-tv': 'forgetting the TV',
  'tell-alexa': 'telling Alexa of the change',
  'tell-google': 'asking Google to sync',
};

export class SetupStepError extends Error implements CountedError {
  /** Set when the device cloud refused or failed; absent for store and flow failures. */
  readonly kind?: DeviceCloudErrorKind;
  readonly endpoint?: string;
  /** For the run's metrics: its cause's class (the cloud's kind, the table, a bug); a step the world refused (no cause) is `refused`. */
  readonly outcome: Outcome;

  /** `cause`: what failed inside the step; none when the step found the world not as it must be. */
  constructor(
    readonly step: SetupStepId,
    readonly reason: string,
    cause?: unknown,
  ) {
    super(`${STEP_DOING[step]} failed: ${reason}`);
    this.name = 'SetupStepError';
    if (isDeviceCloudError(cause)) {
      this.kind = cause.kind;
      this.endpoint = cause.endpoint;
    }
    this.outcome = cause === undefined ? 'refused' : outcomeOf(cause);
  }
}

const KIND_REASON: Record<DeviceCloudErrorKind, string> = {
  unauthorized: 'the access token was rejected; link the account again in the Alexa app',
  not_found: 'the device cloud does not know that device or record (it may belong to another account)',
  duplicate: 'the device cloud says it is already registered',
  offline:
    'the home gateway is offline or cannot reach the IR remote; check that both are powered and connected, then run setup again',
  invalid_parameter: 'the device cloud refused a parameter of the request',
  device_state: 'the device is in a state that refuses the request',
  forbidden: 'the account may not do this; check that the cloud plugin is enabled',
  unavailable: 'the device cloud is unavailable; run setup again later',
  timeout: 'the device cloud did not answer in time; run setup again',
  malformed: 'the device cloud sent an answer that could not be read',
  rejected: 'the device cloud refused the request',
};

/** Alexa refreshes an expired token by itself and sends the fresh one with the next request. */
const EXPIRED_REASON =
  'the access token has expired. Open the skill once ("Alexa, open TV remote"): that stores the fresh token Alexa holds. ' +
  'Then run setup again; only if it fails the same way, link the account again in the Alexa app';

function reasonFor(e: DeviceCloudError): string {
  return e.kind === 'unauthorized' && e.errorCode === 12 ? EXPIRED_REASON : KIND_REASON[e.kind];
}

/** Any failure inside a step, as a setup error; `secret` is scrubbed from every text taken over. */
export function toSetupError(step: SetupStepId, e: unknown, secret: string | undefined): Error {
  if (e instanceof SetupInputError || e instanceof SetupStepError) return e;
  if (isDeviceCloudError(e)) {
    // The service's own text is never taken over whole (it may echo the token in any form): its codes,
    // and a short excerpt with every form of the token removed.
    const facts = [
      e.endpoint,
      e.status === undefined ? undefined : `HTTP ${e.status}`,
      e.result === undefined ? undefined : `result ${e.result}`,
      e.errorCode === undefined ? undefined : `errorCode ${e.errorCode}`,
      e.serviceMessage === undefined ? undefined : `"${serviceExcerpt(e.serviceMessage, secret)}"`,
    ].filter((s): s is string => typeof s === 'string' && s !== '' && s !== '""');
    // Only the excerpt is the service's; our own words are not scrubbed (a token may contain a word).
    return new SetupStepError(step, `${reasonFor(e)} (${facts.join(', ')})`, e);
  }
  if (isStoreError(e)) {
    // Every step before this one is checkpointed, so a rerun continues where this one stopped.
    return new SetupStepError(
      step,
      `${e.message}; the DynamoDB table is slow or unreachable. Nothing registered so far is lost: run setup again`,
      e,
    );
  }
  const message = e instanceof Error ? e.message : String(e);
  return new SetupStepError(step, `unexpected failure: ${serviceExcerpt(message, secret, 200)}`, e);
}
