// The home gateways an access token reaches: its account's enabled cloud plugins (interface 4.1, one
// call). The gateway is what ties a token to the TVs setup indexed behind it, for every door.
import type { DeviceCloudConnector } from './api';

export async function gatewaysOf(cloud: DeviceCloudConnector, token: string): Promise<string[]> {
  const plugins = await cloud.forToken(token).listCloudPlugins();
  return plugins
    .filter((p) => p.enabled !== false && typeof p.gatewayId === 'string' && p.gatewayId !== '')
    .map((p) => p.gatewayId);
}
