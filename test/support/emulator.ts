// Test helpers around the device-cloud emulator: start one with an account and a real client bound
// to it, drive a complete TV registration through its HTTP interface, or send a hand-made request.
import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { DeviceCloudApi } from '../../src/cloud/api';
import { DeviceCloud } from '../../src/cloud/client';
import { isChannelNumber, type Tuning, type TvService } from '../../src/cloud/types';
import { startEmulator, type AccountOptions, type Emulator } from '../../src/local/emulator';
import type { RegisteredRemote, RegisteredTv } from '../../src/store/types';
import { useFixture } from './fixture';

export interface TestEmulator {
  emulator: Emulator;
  /** A client connected to the emulator. */
  cloud: DeviceCloud;
  /** A fresh account's token, already added. */
  token: string;
  /** `cloud.forToken(token)`. */
  api: DeviceCloudApi;
  close(): Promise<void>;
}

export interface TestEmulatorOptions {
  /** The client's per-call timeout; default the client's own. */
  timeoutMs?: number;
  account?: AccountOptions;
}

/** A token no other test uses, so accounts never share state. */
/** A channel button for calling the client directly, as TvControl.setChannel checks it. */
export function button(channel: number): Tuning {
  if (!isChannelNumber(channel)) throw new RangeError(`no channel button ${channel}`);
  return channel;
}

export function newToken(): string {
  const token = `test-token-${randomUUID()}`;
  // Kept for the log check of test/support/secrets-in-logs.ts.
  (globalThis as { rememberSecret?: (s: string) => void }).rememberSecret?.(token);
  return token;
}

export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await startEmulator();
  const token = newToken();
  emulator.addAccount(token, options.account);
  const cloud = new DeviceCloud({ baseUrl: emulator.url, timeoutMs: options.timeoutMs });
  return { emulator, cloud, token, api: cloud.forToken(token), close: () => emulator.close() };
}

export interface DemoTvOptions {
  remoteName?: string;
  tvName?: string;
  /** Preset deviceId; default the first preset the cloud lists. */
  deviceId?: string;
  /** 'on': switched on through the real client once registered (an emulated TV that is off ignores channel and volume keys). */
  power?: 'on' | 'off';
}

export interface DemoTv {
  remote: RegisteredRemote;
  tv: RegisteredTv;
  /** What registering the TV on the remote returned. */
  service: TvService;
}

/**
 * Drives the whole registration of section 1 (steps 1-6) over the emulator's HTTP interface with the
 * real client, adding the account first if needed. The TV starts off (unless `power` is 'on'), on
 * channel 1, volume 10.
 */
export async function registerDemoTv(emulator: Emulator, token: string, options: DemoTvOptions = {}): Promise<DemoTv> {
  emulator.addAccount(token);
  const api = new DeviceCloud({ baseUrl: emulator.url }).forToken(token);
  const remoteName = options.remoteName ?? 'Living room remote';
  const tvName = options.tvName ?? 'Living room TV';

  const [plugin] = await api.listCloudPlugins();
  const { gatewayId } = plugin;
  const found = await api.searchAvailableDevices(gatewayId);
  const listedRemote = found.find((d) => d.scopes.includes('remotecontroller'));
  if (!listedRemote) throw new Error('the availability search listed no IR remote');
  const [remoteDevice] = await api.registerDevice({ gatewayId, thingId: listedRemote.thingId, deviceName: remoteName });

  const remote = {
    thingId: remoteDevice.thingId,
    serviceId: remoteDevice.serviceId,
    deviceName: remoteDevice.deviceName,
    gatewayId,
  };
  return addDemoTv(emulator, token, remote, { tvName, deviceId: options.deviceId, power: options.power });
}

/** Steps 4-6 only: one more TV on a remote registerDemoTv registered. */
export async function addDemoTv(
  emulator: Emulator,
  token: string,
  remote: RegisteredRemote,
  options: Omit<DemoTvOptions, 'remoteName'> = {},
): Promise<DemoTv> {
  const api = new DeviceCloud({ baseUrl: emulator.url }).forToken(token);
  const tvName = options.tvName ?? 'Living room TV';
  const deviceId = options.deviceId ?? (await api.getPresets(remote.thingId))[0]?.deviceId;
  if (!deviceId) throw new Error('the preset list is empty');
  const service = await api.registerTv({ thingId: remote.thingId, deviceId, deviceName: tvName });

  const { gatewayId } = remote;
  const listedTv = (await api.searchAvailableDevices(gatewayId)).find((d) => d.serviceId === service.serviceId);
  if (!listedTv) throw new Error('the registered TV did not appear in the availability search');
  const [tvDevice] = await api.registerDevice({ gatewayId, thingId: listedTv.thingId, deviceName: tvName });
  if (options.power === 'on') await api.tvPowerOn(tvDevice.thingId);

  return {
    remote,
    tv: { thingId: tvDevice.thingId, serviceId: tvDevice.serviceId, deviceName: tvDevice.deviceName, gatewayId },
    service,
  };
}

export interface RawRequest {
  method: string;
  /** Path and query, sent exactly as given. */
  path: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as is; no content-type is added. */
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body when it was JSON. */
  json: unknown;
}

/** One request over a fresh connection with exactly the given headers (for the emulator's wire checks). */
export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const headers: OutgoingHttpHeaders = { ...request.headers };
  // Node frames a GET body only with an explicit length; without it the body would read as a second request.
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A raw JSON request carrying the bearer token and content-type, as a well-behaved client sends it. */
export function sendJson(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<RawResponse> {
  const headers: OutgoingHttpHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return sendRaw(baseUrl, { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * Registers the hooks of a test file or describe block: one emulator started before its tests, its
 * faults cleared after each, closed after them all. Read `.emulator` inside tests.
 */
export function useEmulator(): { readonly emulator: Emulator } {
  const emulator = useFixture('the emulator', {
    start: () => startEmulator(),
    close: (e) => e.close(),
    afterEach: (e) => e.clearFaults(),
  });
  return {
    get emulator() {
      return emulator();
    },
  };
}
