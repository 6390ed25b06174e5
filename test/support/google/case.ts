// The shape of one data-driven Google case: the world, the request, what comes back and is sent.
import type { Outcome } from '../../../src/metrics';
import type { TvState } from '../../../src/local/emulator';
import type { GoogleLinks } from '../../../src/store/families/google-links';
import type { CaseContext as SmartHomeContext, Given } from '../smarthome/case';
import type { ExpectedCall } from '../skill/calls';
import type { RequestSpec } from './requests';

export type { Given };

export interface CaseContext extends SmartHomeContext {
  links: GoogleLinks;
  /** Another household's TV, when a case set one up (neighboursTv). */
  neighbour?: { thingId: string; token: string; gatewayId: string };
}

export interface GoogleCase {
  description: string;
  /** As the smart-home cases' worlds: 'set-up' (default) has a TV named "Living room TV" set up by the real setup. */
  world?: 'set-up' | 'no-tv' | 'unknown';
  channelNames?: { area?: string; channels?: Record<string, number> };
  volumeStep?: number;
  given?: ((ctx: CaseContext) => Promise<unknown> | unknown)[];
  handler?: {
    timeoutMs?: number;
    budgetMs?: number;
    /** Read the index and keep the links in a table that does not exist. */
    missingTable?: boolean;
    /** Keep only the links in a table that does not exist: the index answers, the link read fails. */
    missingLinksTable?: boolean;
  };
  request: RequestSpec;
  expected: {
    status: number;
    /** Matched against the parsed body. */
    body?: Record<string, unknown> | ((ctx: CaseContext) => Record<string, unknown>);
    calls: ExpectedCall[] | ((thingId: string, ctx: CaseContext) => ExpectedCall[]);
    tv?: Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>;
    outcome?: Outcome;
    check?: (ctx: CaseContext, body: Record<string, unknown>) => Promise<void> | void;
    /** Response headers that must be there, with these values (names in lower case). */
    headers?: Record<string, string>;
  };
}
