// action.devices.QUERY: only what is known, whether the gateway and the TV are online (sightingBefore,
// src/tv/health.ts), one availability search per gateway and TV. Power, channel and volume are
// command-only traits and are not reported. Every id asked gets its own entry.
import type { DeviceCloudApi } from '../../cloud/api';
import type { Outcome } from '../../metrics';
import { outcomeOf } from '../../outcome';
import type { IndexedTv } from '../../store/types';
import { sightingBefore, type TvReach } from '../../tv/health';
import { unlessTokenRefused } from '../errors';
import { householdOf, type Household } from '../household';
import type { QUERY, DeviceRef } from '../request';
import { queryDevices, queryResponse } from '../respond';
import type { IntentContext, IntentHandler } from './intent';

export const query: IntentHandler<{ intent: typeof QUERY; devices: DeviceRef[] }> = async ({ devices }, ctx) => {
  ctx.fields['devices'] = devices.length;
  const result = queryDevices();
  let household: Household;
  try {
    household = await householdOf(ctx.cloud, ctx.directory, ctx.token, devices, ctx.reach);
  } catch (e) {
    // Each device gets the error ("Error codes can be attached at the device level or at the global
    // level"): the device-level form is the one QUERY's schema accepts.
    const { errorCode } = unlessTokenRefused(e);
    ctx.fields['errorCode'] = errorCode;
    for (const { id } of devices) result[id] = { online: false, status: 'ERROR', errorCode };
    return { outcome: outcomeOf(e), status: 200, body: queryResponse(ctx.requestId, result) };
  }
  ctx.fields['tvs'] = household.tvs.size;
  const api = ctx.cloud.forToken(ctx.token);
  const searches = new Map<string, Promise<TvReach | Error>>();
  let outcome: Outcome = 'ok';
  for (const { id } of devices) {
    const tv = household.tvs.get(id);
    if (tv === undefined) {
      result[id] = { online: false, status: 'ERROR', errorCode: 'deviceNotFound' };
      outcome = 'refused';
      continue;
    }
    const key = `${tv.gatewayId}\u0000${tv.thingId}`;
    if (!searches.has(key)) searches.set(key, reachOf(api, tv, ctx));
    const seen = await searches.get(key)!;
    if (seen === 'online') result[id] = { online: true, status: 'SUCCESS' };
    else if (seen === 'offline') result[id] = { online: false, status: 'ERROR', errorCode: 'deviceOffline' };
    else if (seen === 'unlisted') result[id] = { online: false, status: 'ERROR', errorCode: 'deviceNotFound' };
    else {
      result[id] = { online: false, status: 'ERROR', errorCode: unlessTokenRefused(seen).errorCode };
      outcome = outcomeOf(seen);
    }
  }
  return { outcome, status: 200, body: queryResponse(ctx.requestId, result) };
};

async function reachOf(api: DeviceCloudApi, tv: IndexedTv, ctx: IntentContext): Promise<TvReach | Error> {
  try {
    return (
      await sightingBefore(api, tv.gatewayId, tv.thingId, {
        deadline: ctx.deadline,
        now: ctx.now,
        callTimeoutMs: ctx.cloud.timeoutMs,
      })
    ).reach;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
