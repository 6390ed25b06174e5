// The device-cloud interface as the rest of the code sees it: one method per endpoint (sections 4.1-4.9),
// bound to one user's access token. Implemented over HTTP by `DeviceCloud` in client.ts.
import type {
  ChannelDirection,
  CloudPlugin,
  Device,
  DeviceEnvelope,
  Preset,
  Tuning,
  TvService,
  VolumeDirection,
} from './types';

export interface RegisterDeviceRequest {
  gatewayId: string;
  thingId: string;
  deviceName: string;
}

export interface RegisterTvRequest {
  /** The remote's thingId. */
  thingId: string;
  /** Preset device identifier of the TV model. */
  deviceId: string;
  deviceName: string;
}

/** Either select a channel button or step one channel; never both. */
export type ChannelChange = { tuning: Tuning } | { control: ChannelDirection };

export interface DeviceCloudApi {
  /** 4.1 GET /management/v2/me/cloudPlugins */
  listCloudPlugins(): Promise<CloudPlugin[]>;
  /** 4.2 GET /management/v2/me/devices/availabilities?gatewayId= */
  searchAvailableDevices(gatewayId: string): Promise<Device[]>;
  /** 4.3 POST /management/v2/me/devices */
  registerDevice(request: RegisterDeviceRequest): Promise<Device[]>;
  /** 4.4 GET /device/v2/device/preset?thingId= (the remote's thingId); read tolerantly. */
  getPresets(remoteThingId: string): Promise<Preset[]>;
  /** 4.5 POST /device/v2/device */
  registerTv(request: RegisterTvRequest): Promise<TvService>;
  /** 4.6 PUT /device/v2/tv/ */
  tvPowerOn(thingId: string): Promise<DeviceEnvelope>;
  /** 4.7 PUT /device/v2/tv/channel/ */
  tvChannel(thingId: string, change: ChannelChange): Promise<DeviceEnvelope>;
  /** 4.8 PUT /device/v2/tv/volume/ */
  tvVolume(thingId: string, control: VolumeDirection): Promise<DeviceEnvelope>;
  /** 4.9 DELETE /device/v2/tv/?thingId= */
  tvPowerOff(thingId: string): Promise<DeviceEnvelope>;
}

/** The TV-control subset, all that the TV domain service needs. */
export type TvControlApi = Pick<DeviceCloudApi, 'tvPowerOn' | 'tvChannel' | 'tvVolume' | 'tvPowerOff'>;

export interface DeviceCloudConfig {
  /** DEVICE_CLOUD_BASE_URL, e.g. https://dsymphony.com (a path prefix is kept). */
  baseUrl: string;
  /** Per-call timeout; default 3000 ms so a voice request answers inside Alexa's 8 s. */
  timeoutMs?: number;
}

/** Makes a token-bound API; shared across requests so its keep-alive connections are reused. */
export interface DeviceCloudConnector {
  readonly timeoutMs: number;
  forToken(accessToken: string): DeviceCloudApi;
}
