// Discover: the TVs setup indexed behind the gateways this token reaches. One device-cloud call (the
// cloud-plugin list names the account's gateways) and one item read per gateway; the availability
// search is not used, since the interface does not say it keeps listing registered devices.
import { discoveredEndpoint, type DiscoveredEndpoint } from '../../alexa/endpoint';
import { gatewaysOf } from '../../cloud/gateways';
import { bearerToken, scopeToken } from '../request';
import { discoverResponse } from '../respond';
import type { DirectiveModule } from './directive';

/** Alexa accepts at most 300 endpoints per Discover.Response. */
const MAX_ENDPOINTS = 300;

export const discover: DirectiveModule = async ({ payload }, { cloud, directory, logger }) => {
  const token = bearerToken(scopeToken(payload['scope']));
  const gateways = await gatewaysOf(cloud, token);
  const tvs = gateways.length === 0 ? [] : await directory.tvsBehindGateways(gateways);
  const endpoints = new Map<string, DiscoveredEndpoint>();
  for (const tv of tvs) {
    const endpoint = discoveredEndpoint(tv);
    if (endpoint === undefined) {
      logger.warn('TV left out of discovery: its thingId cannot be an endpointId', {
        thingId: tv.thingId.slice(0, 64),
      });
      continue;
    }
    if (!endpoints.has(endpoint.endpointId) && endpoints.size < MAX_ENDPOINTS)
      endpoints.set(endpoint.endpointId, endpoint);
  }
  logger.info('discovery', { gateways: gateways.length, endpoints: endpoints.size });
  return discoverResponse([...endpoints.values()]);
};
