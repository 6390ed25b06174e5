// Whether the TV can be reached, as far as the device cloud can tell: the one thing about a TV behind an
// IR remote that anything can read. The remote only sends; power, channel and volume are never seen.
// The device cloud's availability search (interface 4.2) lists each device with its `isOnline` and the
// gateways it sits behind with theirs; the TV is reachable when both its home gateway and its own entry are.
import type { DeviceCloudApi } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import type { Device } from '../cloud/types';
import { StepsCutShort } from './control';

/**
 * online: the gateway and the TV are online. offline: the gateway or the TV is not (or the search itself
 * answered that the gateway cannot be reached, result 300). unlisted: the search answered, but names
 * neither the TV nor its gateway, so it cannot say.
 */
export type TvReach = 'online' | 'offline' | 'unlisted';

export interface TvSighting {
  reach: TvReach;
  /** The search listed the TV's own entry. */
  listed: boolean;
}

/** When the search must be over: the request's deadline, the clock, and the longest one call may take. */
export interface SearchTiming {
  deadline: number;
  now: () => number;
  callTimeoutMs: number;
}

/**
 * The search, only if it can end before the platform stops waiting, as no press starts that could end
 * after it (TvControl): otherwise StepsCutShort by the deadline, with nothing asked.
 */
export async function sightingBefore(
  api: Pick<DeviceCloudApi, 'searchAvailableDevices'>,
  gatewayId: string,
  thingId: string,
  timing: SearchTiming,
): Promise<TvSighting> {
  if (timing.now() + timing.callTimeoutMs > timing.deadline) throw new StepsCutShort(0, 1, 'deadline');
  return tvSighting(api, gatewayId, thingId);
}

/**
 * One availability search of the gateway the TV sits behind. Any other failure of the device cloud
 * (no answer, a refusal) is thrown as its DeviceCloudError: then nobody can say.
 *
 * The search's answer, and whether it listed the TV's own entry: the search answers with the token's own
 * devices only, so a listed TV is the account's; one the search does not list may be anyone's.
 */
export async function tvSighting(
  api: Pick<DeviceCloudApi, 'searchAvailableDevices'>,
  gatewayId: string,
  thingId: string,
): Promise<TvSighting> {
  let devices: Device[];
  try {
    devices = await api.searchAvailableDevices(gatewayId);
  } catch (e) {
    // "Cannot reach the gateway" is the device cloud's answer, not its failure.
    if (isDeviceCloudError(e, 'offline')) return { reach: 'offline', listed: false };
    throw e;
  }
  const tv = devices.find((d) => d.thingId === thingId);
  const gateway = devices.flatMap((d) => d.gatewayList ?? []).find((g) => g.gatewayId === gatewayId);
  // The interface does not say the search keeps listing a device once it is registered: without the
  // TV's own entry, its gateway as another device lists it still tells whether the way to the TV is up.
  if (tv === undefined && gateway === undefined) return { reach: 'unlisted', listed: false };
  // Read strictly: only `true` is online; a missing or malformed flag is no promise of reachability.
  const up = tv === undefined ? gateway?.isOnline === true : tv.isOnline === true && gateway?.isOnline !== false;
  return { reach: up ? 'online' : 'offline', listed: tv !== undefined };
}
