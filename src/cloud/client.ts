// The device-cloud client over HTTP: one method per endpoint, exact methods, paths and body types.
import type {
  ChannelChange,
  DeviceCloudApi,
  DeviceCloudConfig,
  DeviceCloudConnector,
  RegisterDeviceRequest,
  RegisterTvRequest,
} from './api';
import { DEFAULT_TIMEOUT_MS } from './connection';
import { isRecord, type JsonObject } from '../json';
import { countDeviceCall } from '../metrics';
import { DeviceCloudError } from './errors';
import { HttpTransport, type HttpCall } from './http';
import { readPresets } from './presets';
import type { CloudPlugin, Device, DeviceEnvelope, Preset, TvService, VolumeDirection } from './types';

export class DeviceCloud implements DeviceCloudConnector {
  private readonly transport: HttpTransport;

  constructor(config: DeviceCloudConfig) {
    this.transport = new HttpTransport(config.baseUrl, config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  get timeoutMs(): number {
    return this.transport.timeoutMs;
  }

  forToken(accessToken: string): DeviceCloudApi {
    return new TokenBoundClient(this.transport, accessToken);
  }
}

class TokenBoundClient implements DeviceCloudApi {
  // A #private field: neither util.inspect nor JSON.stringify shows it, so logging the client is safe.
  readonly #token: string;

  constructor(
    private readonly transport: HttpTransport,
    accessToken: string,
  ) {
    this.#token = accessToken;
  }

  /** Every endpoint's one HTTP call, counted against the command in progress (src/metrics.ts). */
  private call(call: HttpCall): Promise<JsonObject> {
    countDeviceCall();
    return this.transport.send(this.#token, call);
  }

  async listCloudPlugins(): Promise<CloudPlugin[]> {
    const endpoint = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
    return listField<CloudPlugin>(await this.call(endpoint), 'cloudPluginList', endpoint);
  }

  async searchAvailableDevices(gatewayId: string): Promise<Device[]> {
    const endpoint = { method: 'GET', path: '/management/v2/me/devices/availabilities' } as const;
    const body = await this.call({ ...endpoint, query: { gatewayId } });
    return listField<Device>(body, 'deviceList', endpoint).map(normaliseDevice);
  }

  async registerDevice(request: RegisterDeviceRequest): Promise<Device[]> {
    const endpoint = { method: 'POST', path: '/management/v2/me/devices' } as const;
    const body = await this.call({
      ...endpoint,
      body: { gatewayId: request.gatewayId, thingId: request.thingId, deviceName: request.deviceName },
    });
    return listField<Device>(body, 'deviceList', endpoint).map(normaliseDevice);
  }

  async getPresets(remoteThingId: string): Promise<Preset[]> {
    const body = await this.call({
      method: 'GET',
      path: '/device/v2/device/preset',
      query: { thingId: remoteThingId },
      headers: { accept: 'application/json' },
      bareArrayOk: true,
    });
    return readPresets(body);
  }

  async registerTv(request: RegisterTvRequest): Promise<TvService> {
    const endpoint = { method: 'POST', path: '/device/v2/device' } as const;
    const body = await this.call({
      ...endpoint,
      body: { thingId: request.thingId, deviceId: request.deviceId, deviceName: request.deviceName },
    });
    const service = body.service;
    if (!isRecord(service) || typeof service.serviceId !== 'string') {
      throw malformed(endpoint, 'response has no service');
    }
    return service as unknown as TvService;
  }

  async tvPowerOn(thingId: string): Promise<DeviceEnvelope> {
    return envelope(await this.call({ method: 'PUT', path: '/device/v2/tv/', body: { thingId } }));
  }

  async tvChannel(thingId: string, change: ChannelChange): Promise<DeviceEnvelope> {
    const body: Record<string, string> =
      'tuning' in change ? { thingId, tuning: String(change.tuning) } : { thingId, control: change.control };
    return envelope(await this.call({ method: 'PUT', path: '/device/v2/tv/channel/', body }));
  }

  async tvVolume(thingId: string, control: VolumeDirection): Promise<DeviceEnvelope> {
    return envelope(await this.call({ method: 'PUT', path: '/device/v2/tv/volume/', body: { thingId, control } }));
  }

  async tvPowerOff(thingId: string): Promise<DeviceEnvelope> {
    return envelope(await this.call({ method: 'DELETE', path: '/device/v2/tv/', query: { thingId } }));
  }
}

function malformed(endpoint: { method: string; path: string }, serviceMessage: string): DeviceCloudError {
  return new DeviceCloudError('malformed', {
    endpoint: `${endpoint.method} ${endpoint.path}`,
    status: 200,
    result: 0,
    serviceMessage,
  });
}

function listField<T>(body: JsonObject, field: string, endpoint: { method: string; path: string }): T[] {
  const list = body[field];
  if (!Array.isArray(list)) throw malformed(endpoint, `response has no ${field}`);
  return list.filter(isRecord) as unknown as T[];
}

/** Scopes are an array of strings by the document; read a comma-separated string tolerantly too. */
function normaliseDevice(d: Device): Device {
  const scopes: unknown = d.scopes;
  const list = Array.isArray(scopes)
    ? scopes.filter((s): s is string => typeof s === 'string')
    : typeof scopes === 'string'
      ? scopes
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  return { ...d, scopes: list };
}

function envelope(body: JsonObject): DeviceEnvelope {
  const out: DeviceEnvelope = { result: 0 };
  if (typeof body.product === 'string') out.product = body.product;
  if (typeof body.statusCode === 'string') out.statusCode = body.statusCode;
  if (typeof body.version === 'string') out.version = body.version;
  return out;
}
