// Whose request this is: the bearer token reaches the device cloud, whose account names its home gateways,
// behind which setup indexed the household's TVs (docs/architecture.md, "finding a token's TVs"). Every
// intent but DISCONNECT works on these TVs only: a device id that is not one of them is never pressed.
import type { DeviceCloudConnector } from '../cloud/api';
import { gatewaysOf } from '../cloud/gateways';
import type { IndexedTv, TvDirectory } from '../store/types';

export interface Household {
  gateways: string[];
  /** The household's TVs by device id (thingId), in the index's order. */
  tvs: Map<string, IndexedTv>;
}

/** One device-cloud call (the plugin list) and one item read per gateway. */
export async function householdOf(cloud: DeviceCloudConnector, directory: Pick<TvDirectory, 'tvsBehindGateways'>, token: string): Promise<Household> {
  const gateways = await gatewaysOf(cloud, token);
  const listed = gateways.length === 0 ? [] : await directory.tvsBehindGateways(gateways);
  return { gateways, tvs: new Map(listed.map((tv) => [tv.thingId, tv])) };
}
