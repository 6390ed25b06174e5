// The door's one route table: `<namespace>.<name>` to its directive module (directives/): discovery, the
// grant, ReportState, and every control directive of the interface modules (interfaces/). The metrics'
// command names are these keys too.
import { acceptGrant } from './directives/accept-grant';
import { control } from './directives/control';
import type { DirectiveModule } from './directives/directive';
import { discover } from './directives/discover';
import { reportState } from './directives/report-state';
import { CONTROL_DIRECTIVES } from './interfaces';

export const ROUTES: ReadonlyMap<string, DirectiveModule> = new Map([
  ['Alexa.Discovery.Discover', discover],
  ['Alexa.Authorization.AcceptGrant', acceptGrant],
  // Alexa's question for the retrievable properties: Alexa.EndpointHealth connectivity.
  ['Alexa.ReportState', reportState],
  ...[...CONTROL_DIRECTIVES].map(([route, handler]) => [route, control(handler)] as const),
]);
