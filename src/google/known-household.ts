// The household of a QUERY or EXECUTE from what the token reached at an earlier listing (the token-reach
// entry), without the device round trip: a device counts only when the entry vouches for it (its gateway
// was the token's and it was indexed there then) and the index still lists it there now. Anything the
// entry cannot vouch for is left to the listing, so the entry only ever saves a call; it never refuses.
import type { IndexedTv } from '../store/types';
import type { Tvs } from '../store';
import type { TokenReach } from '../store/families/token-reach';
import type { DeviceRef } from './request';

/**
 * Reads the entry beside the gateways Google's hints name (`early`, already on its way); the entry's other
 * gateways only when a wanted device was not found behind its hint. Undefined when a wanted device is not
 * vouched for, or the entry is missing, expired, forgotten or unreadable.
 */
export async function knownHousehold(
  reach: TokenReach,
  directory: Pick<Tvs, 'tvsBehindGateways'>,
  token: string,
  wanted: readonly DeviceRef[],
  hints: readonly string[],
  early: Promise<IndexedTv[]>,
): Promise<{ gateways: string[]; tvs: Map<string, IndexedTv> } | undefined> {
  const [entry, hinted] = await Promise.all([reach.known(token).catch(() => undefined), early]);
  if (entry === undefined) return undefined;
  const tvs = new Map<string, IndexedTv>();
  const keep = (found: IndexedTv[]): void => {
    for (const tv of found) if (entry.vouches(tv.gatewayId, tv.thingId)) tvs.set(tv.thingId, tv);
  };
  keep(hinted);
  const unread = entry.gateways.filter((g) => !hints.includes(g));
  if (wanted.some((d) => !tvs.has(d.id)) && unread.length > 0) keep(await directory.tvsBehindGateways(unread));
  return wanted.every((d) => tvs.has(d.id)) ? { gateways: entry.gateways, tvs } : undefined;
}

/** What a listing found, as the entry keeps it: every gateway, with the TVs read behind it. */
export function reachOf(gateways: readonly string[], tvs: Iterable<IndexedTv>): Map<string, string[]> {
  const out = new Map(gateways.map((g) => [g, [] as string[]]));
  for (const tv of tvs) out.get(tv.gatewayId)?.push(tv.thingId);
  return out;
}
