// The interface's resource shapes and limits as the emulator reads docs/device-cloud.md, stated here
// and not borrowed from src/cloud, so a misreading in the client cannot hide in the emulator too.

/** A cloud plugin as 4.1 lists it. */
export interface CloudPlugin {
  cloudPluginId: string;
  cloudPluginName: string;
  providerName: string;
  summary: string;
  availableProfile: string;
  icon: string;
  version: string;
  gatewayId: string;
  thingId: string;
  serviceId: string;
  enabled: boolean;
  expirationDate: null;
  authorizeUri: string;
}

export interface Gateway {
  gatewayId: string;
  gatewayName: string;
  gatewayType: string;
  isOnline: boolean;
}

/** A device as the availability search (4.2, with `gatewayList`) or registration (4.3, with `gateway`) answers it. */
export interface Device {
  thingId: string;
  serviceId: string;
  deviceName: string;
  type: string;
  isOnline: boolean;
  config: null;
  scopes: string[];
  gatewayList?: Gateway[];
  gateway?: Gateway;
  nicknameList?: unknown[];
}

/** The `service` object of a TV registered on the remote (4.5). */
export interface TvService {
  serviceId: string;
  scopes: string;
  manufacturer: string;
  version: string;
  type: string;
  deviceId: string;
  makerCode: number;
  typeCode: number;
  typeName: string;
  baseServiceId: string;
  deviceName: string;
}

/** Device Connect's `tuning` (4.8): an enum of the TV's one-touch buttons 1..12. */
export const TUNING_MIN = 1;
export const TUNING_MAX = 12;

export function isTuning(channel: number): boolean {
  return Number.isInteger(channel) && channel >= TUNING_MIN && channel <= TUNING_MAX;
}
