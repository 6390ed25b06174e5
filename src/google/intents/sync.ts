// action.devices.SYNC (https://developers.home.google.com/cloud-to-cloud/intents/sync): the household's TVs,
// each action.devices.types.TV with the traits of traits/index.ts and their attributes merged, and the
// household's agentUserId. The device id is the TV's thingId: "unique for the user and for the developer"
// and "immutable for the device". Its payload must name both, so any failure fails the whole request.
import type { IndexedTv } from '../../store/types';
import { tvRefOf } from '../../tv/command';
import { clip } from '../../text';
import { householdOf } from '../household';
import { syncResponse, type SyncDevice } from '../respond';
import type { SYNC } from '../request';
import { TV_TRAITS } from '../traits';
import type { IntentHandler } from './intent';

/** Names and labels shown in the Google Home app, clipped as the Alexa door clips its own. */
const TEXT_MAX = 128;

export const sync: IntentHandler<{ intent: typeof SYNC }> = async (_input, ctx) => {
  const household = await householdOf(ctx.cloud, ctx.directory, ctx.token, undefined, ctx.reach);
  ctx.fields['tvs'] = household.tvs.size;
  // An account without a home gateway has nothing to control and nothing to be known by: no agentUserId
  // can be given, and SYNC's payload requires one. Linking fails until the remote is set up.
  if (household.gateways.length === 0) {
    return {
      outcome: 'refused',
      status: 404,
      body: { requestId: ctx.requestId, error: 'the device-cloud account has no home gateway' },
    };
  }
  const agentUserId = await ctx.links.agentUserIdFor(household.gateways);
  return {
    outcome: 'ok',
    status: 200,
    body: syncResponse(ctx.requestId, agentUserId, [...household.tvs.values()].map(syncDevice)),
  };
};

export function syncDevice(tv: IndexedTv): SyncDevice {
  const ref = tvRefOf(tv);
  const device: SyncDevice = {
    id: tv.thingId,
    type: 'action.devices.types.TV',
    traits: TV_TRAITS.map((t) => t.name),
    name: {
      name: clip(tv.deviceName, TEXT_MAX),
      defaultNames: [clip([tv.manufacturer, tv.model, 'TV'].filter(Boolean).join(' '), TEXT_MAX)],
    },
    // Nothing is reported: the device cloud sends no events, and an IR remote reads no state.
    willReportState: false,
    attributes: Object.assign({}, ...TV_TRAITS.map((t) => t.attributes(ref))) as Record<string, unknown>,
    // Handed back with every QUERY and EXECUTE: where to find the TV in the index while the token's
    // gateways are still being listed (household.ts), so the two lookups overlap.
    customData: { gatewayId: tv.gatewayId },
  };
  if (tv.manufacturer || tv.model) {
    device.deviceInfo = {};
    if (tv.manufacturer) device.deviceInfo.manufacturer = clip(tv.manufacturer, TEXT_MAX);
    if (tv.model) device.deviceInfo.model = clip(tv.model, TEXT_MAX);
  }
  return device;
}
