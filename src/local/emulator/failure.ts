// What went wrong inside the emulated cloud, before it is put into the management or device wire form.

export type FailureReason =
  /** The id does not exist for this user (another user's data reads the same). */
  | 'unknown'
  | 'duplicate'
  /** The gateway cannot be reached. */
  | 'offline'
  /** A parameter has the wrong type, is missing or is out of range. */
  | 'invalid'
  /** The thingId of a device call is missing (Device Connect errorCode 5). */
  | 'missing_id'
  /** The device refuses the command in its present state (power on when on). */
  | 'state';

export class EmulatedFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'EmulatedFailure';
  }
}

export function fail(reason: FailureReason, message: string): never {
  throw new EmulatedFailure(reason, message);
}
