// Whose request this is: the bearer token reaches the device cloud, whose account names its home gateways,
// behind which setup indexed the household's TVs (docs/architecture.md, "finding a token's TVs"). Every
// intent but DISCONNECT works on these TVs only: a device id that is not one of them is never pressed.
import type { DeviceCloudConnector } from '../cloud/api';
import { gatewaysOf } from '../cloud/gateways';
import type { TokenReach } from '../store/families/token-reach';
import type { IndexedTv } from '../store/types';
import type { Tvs } from '../store';
import { knownHousehold, reachOf } from './known-household';
import type { DeviceRef } from './request';

export interface Household {
  gateways: string[];
  /** The household's TVs by device id (thingId), in the index's order. */
  tvs: Map<string, IndexedTv>;
}

/**
 * One device-cloud call (the plugin list) and one item read per gateway. `wanted` are the devices a QUERY
 * or EXECUTE names: their gateway hints (SYNC's customData) are read while the plugin list is on its way,
 * and only what the token's own gateways hold is kept, so a forged hint costs a read and proves nothing.
 * The household's other gateways are read only when a wanted device was not found behind its hint; without
 * `wanted` (SYNC, DISCONNECT) every gateway is. The TVs listed are then those of the gateways read.
 * With `reach`, a QUERY or EXECUTE whose every device an earlier listing vouches for makes no call
 * (known-household.ts), and each listing is remembered for the next.
 */
export async function householdOf(
  cloud: DeviceCloudConnector,
  directory: Pick<Tvs, 'tvsBehindGateways'>,
  token: string,
  wanted?: readonly DeviceRef[],
  reach?: TokenReach,
): Promise<Household> {
  const hints = [...new Set((wanted ?? []).flatMap((d) => (d.gatewayHint === undefined ? [] : [d.gatewayHint])))];
  const hinted: Promise<IndexedTv[]> = hints.length === 0 ? Promise.resolve([]) : directory.tvsBehindGateways(hints);
  const known = reach && wanted ? await knownHousehold(reach, directory, token, wanted, hints, hinted) : undefined;
  if (known) return known;
  const listing = reach?.listing(token);
  const [gateways, early] = await Promise.all([gatewaysOf(cloud, token), hinted]);
  const reached = new Set(gateways);
  const tvs = new Map(early.filter((tv) => reached.has(tv.gatewayId)).map((tv) => [tv.thingId, tv]));
  const unread = gateways.filter((g) => !hints.includes(g));
  const missing = wanted === undefined || wanted.some((d) => !tvs.has(d.id));
  if (missing && unread.length > 0) for (const tv of await directory.tvsBehindGateways(unread)) tvs.set(tv.thingId, tv);
  // Unremembered, the next command lists again: no failure of this write reaches the answer.
  await listing?.remember(reachOf(gateways, tvs.values())).catch(() => undefined);
  return { gateways, tvs };
}
