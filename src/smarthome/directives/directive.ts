// What every directive module receives: the directive as read, and the request's parts the door gathered.
import type { DeviceCloudConnector } from '../../cloud/api';
import type { Directive, EventMessage } from '../../alexa/messages';
import type { Logger } from '../../log';
import type { Tvs } from '../../store';
import type { AlexaRegion } from '../../alexa/regions';
import type { LoginWithAmazon } from '../../alexa/lwa';
import type { AlexaGrants } from '../../store';

export interface DirectiveContext {
  cloud: DeviceCloudConnector;
  /** Read only: discovery looks TVs up by gateway, ReportState a TV the search does not list. */
  directory: Pick<Tvs, 'tvsBehindGateways'>;
  grantKeeping?: GrantKeeping;
  logger: Logger;
  /** Epoch ms by which the last device-cloud call must have ended. */
  deadline: number;
  now: () => number;
}

/** Proactive discovery's half: AcceptGrant's code exchanged with Login with Amazon, the tokens kept per gateway. */
export interface GrantKeeping {
  lwa: LoginWithAmazon;
  /** Loaded when a grant arrives, not at cold start: control directives need no table. */
  grants: () => Promise<Pick<AlexaGrants, 'saveAlexaGrant'>>;
  /** The customer's Alexa region: the one this function serves. */
  region: AlexaRegion;
}

/** Answers one directive; anything thrown becomes an ErrorResponse in errors.ts. */
export type DirectiveModule = (directive: Directive, ctx: DirectiveContext) => Promise<EventMessage>;
