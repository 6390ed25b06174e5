// How a command that threw is counted. Every error that may end a command says its own outcome class
// (the doors' and the domain's refusals, the device cloud's failures by kind, the user table, Login with
// Amazon and the event gateway), so the one `outcomeOf` knows no layer's errors and every door counts
// the same failure alike. Turning an error into words or an error code stays each door's own.
import { OUTCOMES, type Outcome } from './metrics';

/** An error that says how the command it ended is counted. */
export interface CountedError extends Error {
  readonly outcome: Outcome;
}

/**
 * A request turned down by rule before anything was done (a channel out of range, a bad setup field, a
 * directive the door does not serve): counted `refused`, which is not a failure.
 */
export abstract class Refusal extends Error implements CountedError {
  get outcome(): Outcome {
    return 'refused';
  }
}

/** The outcome class of a failed command: the error's own, or `unexpected` (a bug) for any other. */
export function outcomeOf(e: unknown): Outcome {
  return isCounted(e) ? e.outcome : 'unexpected';
}

function isCounted(e: unknown): e is CountedError {
  return e instanceof Error && 'outcome' in e && (OUTCOMES as readonly unknown[]).includes(e.outcome);
}
