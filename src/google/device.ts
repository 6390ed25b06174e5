// A TV as Google's SYNC describes it (https://developers.home.google.com/cloud-to-cloud/intents/sync):
// action.devices.types.TV with the traits of traits/index.ts, each trait's attributes merged. The device id
// is the TV's thingId: "unique for the user and for the developer" and "immutable for the device".
import type { IndexedTv } from '../store/types';
import { clip } from '../text';
import type { SyncDevice } from './messages';
import { TV_TRAITS } from './traits';

/** Names and labels shown in the Google Home app, clipped as the Alexa door clips its own. */
const TEXT_MAX = 128;

export function syncDevice(tv: IndexedTv): SyncDevice {
  const name = clip(tv.deviceName, TEXT_MAX);
  const device: SyncDevice = {
    id: tv.thingId,
    type: 'action.devices.types.TV',
    traits: TV_TRAITS.map((t) => t.name),
    name: { name, defaultNames: [clip([tv.manufacturer, tv.model, 'TV'].filter(Boolean).join(' '), TEXT_MAX)] },
    // Nothing is reported: the device cloud sends no events, and an IR remote reads no state.
    willReportState: false,
    attributes: Object.assign({}, ...TV_TRAITS.map((t) => t.attributes(tv))) as Record<string, unknown>,
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

