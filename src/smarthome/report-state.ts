// Alexa.ReportState: what the Alexa app asks when it shows the TV. Answered with an Alexa.StateReport of
// the one retrievable property, Alexa.EndpointHealth connectivity, read with one availability search of
// the TV's gateway (from the endpoint's cookie). Only this directive searches: control directives stay
// one device call each.
import type { DeviceCloudConnector } from '../cloud/api';
import { tvReach, type TvReach } from '../tv/health';
import { gatewaysOf } from '../cloud/gateways';
import { StepsCutShort } from '../tv/control';
import { SmartHomeError } from './errors';
import type { DirectiveEndpoint, EventMessage } from './messages';
import { connectivity, stateReport } from './respond';

export interface ReportStateContext {
  cloud: DeviceCloudConnector;
  token: string;
  thingId: string;
  /** Epoch ms by which the last device-cloud call must have ended. */
  deadline: number;
  now: () => number;
}

/**
 * An unreachable TV is a StateReport saying UNREACHABLE, not an error: Amazon's BRIDGE_UNREACHABLE and
 * ENDPOINT_UNREACHABLE ("Alexa.ErrorResponse Interface 3", error type values) say "when you respond to a
 * ReportState directive, there may be times when you should return a StateReport instead of this error"
 * and point to Alexa.EndpointHealth. Only when the device cloud cannot say (no answer in time, a
 * refusal) is the answer an ErrorResponse, of the type errors.ts gives that failure everywhere.
 * Nothing else is reported: power, channel and volume cannot be read through an IR remote (endpoint.ts).
 */
export async function reportState(correlationToken: string | undefined, endpoint: DirectiveEndpoint, ctx: ReportStateContext): Promise<EventMessage> {
  const reach = await reachOf(endpoint, ctx);
  if (reach === 'unlisted') throw new SmartHomeError('NO_SUCH_ENDPOINT', 'the device cloud lists neither this TV nor its home gateway any more; run setup again');
  return stateReport(correlationToken, endpoint.endpointId, [connectivity(reach === 'online' ? 'OK' : 'UNREACHABLE', ctx.now())]);
}

/**
 * The cookie names the TV's gateway (discovery writes it): one search. A cookie without one (sent by
 * hand, not by Alexa) costs the plugin list first, and each gateway's search while time remains.
 */
async function reachOf(endpoint: DirectiveEndpoint, ctx: ReportStateContext): Promise<TvReach> {
  const named = endpoint.cookie?.['gatewayId'];
  const gateways = named ? [named] : await gatewaysOf(ctx.cloud, ctx.token);
  const api = ctx.cloud.forToken(ctx.token);
  for (const gatewayId of gateways) {
    // As a run of presses stops: no search starts that could end after Alexa stopped waiting.
    if (ctx.now() + ctx.cloud.timeoutMs > ctx.deadline) throw new StepsCutShort(0, gateways.length, 'deadline');
    const reach = await tvReach(api, gatewayId, ctx.thingId);
    if (reach !== 'unlisted') return reach;
  }
  return 'unlisted';
}
