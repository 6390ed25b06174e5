// Resource shapes of the device cloud (docs/device-cloud.md, section 2).
// Fields the document marks "not shown" are typed `unknown` and never relied on.

/** Extra fields on device-control and device-registration responses. */
export interface DeviceEnvelope {
  result: number;
  product?: string;
  statusCode?: string;
  version?: string;
}

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
  expirationDate: unknown;
  authorizeUri: string;
}

export interface Gateway {
  gatewayId: string;
  gatewayName: string;
  gatewayType: string;
  isOnline: boolean;
}

/** A device as listed by the availability search (with `gatewayList`) or returned by registration (with `gateway`). */
export interface Device {
  thingId: string;
  serviceId: string;
  deviceName: string;
  type: string;
  isOnline: boolean;
  config: unknown;
  scopes: string[];
  gatewayList?: Gateway[];
  gateway?: Gateway;
  nicknameList?: unknown[];
}

/** The `service` object returned when a TV is registered on the remote. */
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

/** One entry of the preset list; only `deviceId` is certain, labels are kept when present. */
export interface Preset {
  deviceId: string;
  manufacturer?: string;
  typeName?: string;
  deviceName?: string;
  /** The model's own name, from the first field that names it (presets.ts, MODEL_FIELDS). */
  modelName?: string;
  makerCode?: number;
  typeCode?: number;
}

export type ChannelDirection = 'next' | 'previous';
export type VolumeDirection = 'up' | 'down';

/** Channel numbers the `tuning` parameter accepts (section 8). */
export const CHANNEL_MIN = 1;
export const CHANNEL_MAX = 12;

/** The one channel rule: a whole number from CHANNEL_MIN to CHANNEL_MAX. */
export function isChannelNumber(channel: unknown): channel is Tuning {
  return typeof channel === 'number' && Number.isInteger(channel) && channel >= CHANNEL_MIN && channel <= CHANNEL_MAX;
}

/**
 * A channel button the `tuning` parameter accepts. Only isChannelNumber makes one, so the client sends
 * what the domain checked (TvControl.setChannel, the one check) and checks nothing again.
 */
export type Tuning = number & { readonly tuning: unique symbol };
