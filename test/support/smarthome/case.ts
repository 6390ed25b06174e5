// The shape of one data-driven smart-home case: the core's (cases/runner.ts) plus the directive, what
// comes back, and the table reads it costs.
import type { EventMessage } from '../../../src/alexa/messages';
import type { HouseholdContext } from '../cases/household';
import type { DoorCase, Given as DoorGiven } from '../cases/runner';
import type { DirectiveSpec } from './directives';

export type CaseContext = HouseholdContext;

export type Given = DoorGiven<CaseContext>;

/** A partial message: objects match by the keys given, arrays element by element and in length. */
export type Shape = Record<string, unknown>;

/**
 * `world` 'set-up' (default): an account whose TV (SHARP AQUOS preset, "Living room TV") the real setup
 * registered with an access token, so the gateway index lists it; the TV is off, channel 1, volume 10.
 * 'no-tv': an account with nothing registered. 'unknown': a token the device cloud does not know.
 */
export interface SmartHomeCase extends DoorCase<CaseContext> {
  directive: DirectiveSpec;
  expected: DoorCase<CaseContext>['expected'] & {
    /** Matched against the response; the runner also checks the schema, the ids and token secrecy. */
    response: Shape | ((ctx: CaseContext) => Shape);
    /** Reads of the gateway index; default 0 (what every control directive must cost). */
    tableReads?: number;
    check?: (ctx: CaseContext, response: EventMessage) => Promise<void> | void;
  };
}
