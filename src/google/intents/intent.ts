// What every intent module receives, as Home Assistant's smart_home.py gives each intent its function:
// the intent's input, and the request's parts the door gathered (the token, the deadline, the stores).
import type { DeviceCloudConnector } from '../../cloud/api';
import type { GoogleLinks } from '../../store/families/google-links';
import type { TokenReach } from '../../store/families/token-reach';
import type { Tvs } from '../../store';
import type { IntentAnswer } from '../respond';

export interface IntentContext {
  requestId: string;
  token: string;
  cloud: DeviceCloudConnector;
  directory: Pick<Tvs, 'tvsBehindGateways'>;
  links: GoogleLinks;
  /** What the token reached at its last listing (household.ts): saves the listing before a press. */
  reach?: TokenReach;
  /** Epoch ms by which the last device-cloud call must have ended. */
  deadline: number;
  now: () => number;
  /** Fields for the request's one log line: counts and codes, never an id or a name. */
  fields: Record<string, unknown>;
}

/** Answers one intent; a refused token or a failure of the whole request is thrown (errors.ts). */
export type IntentHandler<Input> = (input: Input, ctx: IntentContext) => Promise<IntentAnswer>;
