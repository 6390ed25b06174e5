// Alexa.ReportState: an Alexa.StateReport of EndpointHealth connectivity, read with one availability search
// of the TV's gateway; only for a TV of the token's own account (else NO_SUCH_ENDPOINT). Why:
// docs/smart-home.md#report-state.
import { gatewaysOf } from '../../cloud/gateways';
import type { DirectiveEndpoint } from '../../alexa/messages';
import { sightingBefore, type TvReach } from '../../tv/health';
import { gatewayFromCookie, tvOf } from '../endpoint';
import { SmartHomeError } from '../errors';
import { bearerToken } from '../request';
import { connectivity, endpointResponse } from '../respond';
import type { DirectiveContext, DirectiveModule } from './directive';

/** The directive's parts a search needs: the endpoint's TV and gateway, and the token. */
interface Sought extends DirectiveContext {
  token: string;
  thingId: string;
}

/**
 * An unreachable TV is a StateReport saying UNREACHABLE, not an error: Amazon's BRIDGE_UNREACHABLE and
 * ENDPOINT_UNREACHABLE ("Alexa.ErrorResponse Interface 3", error type values) say "when you respond to a
 * ReportState directive, there may be times when you should return a StateReport instead of this error"
 * and point to Alexa.EndpointHealth. Only when the device cloud cannot say (no answer in time, a
 * refusal) is the answer an ErrorResponse, of the type errors.ts gives that failure everywhere.
 * Nothing else is reported: power, channel and volume cannot be read through an IR remote (src/alexa/interfaces.ts).
 */
export const reportState: DirectiveModule = async ({ header, endpoint }, door) => {
  if (!endpoint) throw new SmartHomeError('INVALID_DIRECTIVE', 'Alexa.ReportState needs an endpoint');
  const { thingId } = tvOf(endpoint);
  const ctx: Sought = { ...door, token: bearerToken(endpoint.scope?.token), thingId };
  const reach = await reachOf(endpoint, ctx);
  // One message for a TV gone and a TV never this account's: nothing about whose it may be.
  if (reach === 'unlisted')
    throw new SmartHomeError(
      'NO_SUCH_ENDPOINT',
      'this account has no such TV: the device cloud does not list it, and setup did not index it; run setup again',
    );
  return endpointResponse('StateReport', header.correlationToken, endpoint.endpointId, [
    connectivity(reach === 'online' ? 'OK' : 'UNREACHABLE', ctx.now()),
  ]);
};

/**
 * The cookie names the TV's gateway (discovery writes it): one search. A cookie without one (sent by
 * hand, not by Alexa) costs the plugin list first, and each gateway's search while time remains.
 * 'unlisted' also for a TV that is not the account's.
 */
async function reachOf(endpoint: DirectiveEndpoint, ctx: Sought): Promise<TvReach> {
  const named = gatewayFromCookie(endpoint);
  const gateways = named ? [named] : await gatewaysOf(ctx.cloud, ctx.token);
  const api = ctx.cloud.forToken(ctx.token);
  for (const gatewayId of gateways) {
    const seen = await sightingBefore(api, gatewayId, ctx.thingId, {
      deadline: ctx.deadline,
      now: ctx.now,
      callTimeoutMs: ctx.cloud.timeoutMs,
    });
    if (seen.reach === 'unlisted') continue;
    // The search lists the token's own devices only, so a TV it lists is the account's. The cookie is no
    // proof: Alexa hands back what discovery wrote, but a directive can carry any cookie. A TV the search
    // does not list (the interface does not promise it keeps listing registered devices, section 4.2) is
    // the account's only if setup indexed it behind this gateway, which the search just showed the token
    // reaches: then one item read, the only table read a directive for a TV makes.
    if (seen.listed || (await indexedBehind(ctx, gatewayId))) return seen.reach;
  }
  return 'unlisted';
}

async function indexedBehind(ctx: Sought, gatewayId: string): Promise<boolean> {
  const tvs = await ctx.directory.tvsBehindGateways([gatewayId]);
  return tvs.some((tv) => tv.gatewayId === gatewayId && tv.thingId === ctx.thingId);
}
