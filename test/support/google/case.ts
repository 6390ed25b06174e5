// The shape of one data-driven Google case: the core's (cases/runner.ts) plus the request and the
// status and body that come back.
import type { GoogleLinks } from '../../../src/store/families/google-links';
import type { HouseholdContext } from '../cases/household';
import type { DoorCase, Given as DoorGiven } from '../cases/runner';
import type { RequestSpec } from './requests';

export interface CaseContext extends HouseholdContext {
  links: GoogleLinks;
}

export type Given = DoorGiven<CaseContext>;

/** `world` as the smart-home cases': 'set-up' (default) has a TV named "Living room TV" set up by the real setup. */
export interface GoogleCase extends DoorCase<CaseContext> {
  handler?: DoorCase<CaseContext>['handler'] & {
    /** Keep only the links in a table that does not exist: the index answers, the link read fails. */
    missingLinksTable?: boolean;
  };
  request: RequestSpec;
  expected: DoorCase<CaseContext>['expected'] & {
    status: number;
    /** Matched against the parsed body. */
    body?: Record<string, unknown> | ((ctx: CaseContext) => Record<string, unknown>);
    check?: (ctx: CaseContext, body: Record<string, unknown>) => Promise<void> | void;
    /** Response headers that must be there, with these values (names in lower case). */
    headers?: Record<string, string>;
  };
}
