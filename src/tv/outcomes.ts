// What a TV command did, in terms the caller can put into words.
import type { DeviceCloudError } from '../cloud/errors';

export interface PowerOutcome {
  /** The TV reported it was already in the wanted state (Device Connect "illegal device state"). */
  already: boolean;
}

export interface StepOutcome {
  /** What the caller asked for (DEFAULT_STEPS when it named none). */
  asked: number;
  /** Steps this run set out to send: `asked`, capped at the limit. */
  requested: number;
  /** Steps the device cloud confirmed. */
  done: number;
  /** True when `asked` was above the limit. */
  capped: boolean;
  /** Why the run ended before `requested`: the deadline, or the failure of step `done + 1`. */
  stoppedBy?: 'deadline' | DeviceCloudError;
}
