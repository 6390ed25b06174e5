// The emulated cloud's data, per access token: one cloud plugin, its gateway, the IR learning remote(s)
// behind it and the TVs registered on each remote. Knows no HTTP; refusals are EmulatedFailures.
import { randomUUID } from 'node:crypto';
import { fail } from './failure';
import { DEFAULT_PRESETS, presetType } from './presets';
import type { CloudPlugin, Device, Gateway, TvService } from './resources';
import { isTuning, TUNING_MAX, TUNING_MIN } from './resources';
import type {
  Account,
  AccountOptions,
  CloudSnapshot,
  DeviceRecord,
  PresetSeed,
  RemotePart,
  RotateOptions,
  TvPart,
  TvState,
} from './types';

/** The fixed tag in front of every serviceId. */
export const SERVICE_PREFIX = 'irc';
export const PLUGIN_VERSION = '1.0.3';
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 30;
const TV_START_VOLUME = 10;
const REMOTE_NAME = 'IR learning remote';
const REMOTE_SCOPES = [
  'serviceinformation',
  'illuminance',
  'temperature',
  'humidity',
  'hello',
  'device',
  'remotecontroller',
];
const TV_SCOPES = ['tv', 'serviceinformation', 'hello', 'key'];

export type TokenState = 'valid' | 'expired' | 'unknown';

/** Names compare as the cloud compares them: case and surrounding spaces do not make a name new. */
const sameName = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

export class CloudState {
  private readonly accounts = new Map<string, Account>();
  private readonly owners = new Map<string, Account>();
  private readonly expiries = new Map<string, number>();
  private nextNumber = 10001;

  addAccount(token: string, options: AccountOptions = {}): void {
    const existing = this.accounts.get(token);
    if (existing) {
      if (options.gatewayOnline !== undefined) existing.gateway.isOnline = options.gatewayOnline;
      return;
    }
    const pluginNumber = this.nextNumber++;
    const gatewayId = randomUUID();
    const cloudPluginId = randomUUID();
    const account: Account = {
      plugin: {
        cloudPluginId,
        cloudPluginName: 'IR Learning Remote',
        providerName: 'Device Cloud Emulator',
        summary: 'Drives home appliances through a cloud-hosted infrared learning remote.',
        availableProfile: [...REMOTE_SCOPES, 'tv'].join(','),
        icon: `resources/cloudplugins/${cloudPluginId}/icon.png`,
        version: PLUGIN_VERSION,
        gatewayId,
        thingId: randomUUID(),
        serviceId: `${SERVICE_PREFIX}-plugin-${pluginNumber}`,
        enabled: true,
        expirationDate: null,
        authorizeUri: `cloudplugins/${cloudPluginId}/authorize`,
      },
      gateway: { gatewayId, gatewayName: 'Home gateway', gatewayType: 'hgw', isOnline: options.gatewayOnline ?? true },
      presets: (options.presets ?? DEFAULT_PRESETS).map((p) => ({ ...p })),
      devices: [],
    };
    const remotes = options.remotes ?? 1;
    if (!Number.isInteger(remotes) || remotes < 1) throw new Error('remotes must be a whole number of at least 1');
    for (let i = 1; i <= remotes; i++) {
      const remoteNumber = this.nextNumber++;
      this.addDevice(account, {
        thingId: randomUUID(),
        serviceId: `${SERVICE_PREFIX}-base-${remoteNumber}`,
        listedName: i === 1 ? REMOTE_NAME : `${REMOTE_NAME} ${i}`,
        scopes: REMOTE_SCOPES,
        remote: { number: remoteNumber, tvCount: 0 },
      });
    }
    this.accounts.set(token, account);
    if (options.tokenLifetimeMs !== undefined) this.expiries.set(token, Date.now() + options.tokenLifetimeMs);
  }

  tokenState(token: string): TokenState {
    if (!this.accounts.has(token)) return 'unknown';
    const expiresAt = this.expiries.get(token);
    return expiresAt !== undefined && Date.now() >= expiresAt ? 'expired' : 'valid';
  }

  /** Messages never quote a token. */
  rotateToken(oldToken: string, newToken: string, options: RotateOptions = {}): void {
    const account = this.accounts.get(oldToken);
    if (!account || this.tokenState(oldToken) !== 'valid') throw new Error('the old token is unknown or expired');
    if (typeof newToken !== 'string' || newToken === '' || this.accounts.has(newToken))
      throw new Error('the new token must be a fresh non-empty string');
    const now = Date.now();
    this.accounts.set(newToken, account);
    this.expiries.set(oldToken, now + (options.graceMs ?? 0));
    if (options.lifetimeMs !== undefined) this.expiries.set(newToken, now + options.lifetimeMs);
  }

  expireToken(token: string): void {
    if (!this.accounts.has(token)) throw new Error('no account for that token');
    this.expiries.set(token, Date.now());
  }

  snapshot(): CloudSnapshot {
    return structuredClone({
      version: 1,
      nextNumber: this.nextNumber,
      accounts: [...this.accounts],
      tokenExpiries: [...this.expiries],
    });
  }

  static fromSnapshot(snapshot: CloudSnapshot): CloudState {
    if (snapshot.version !== 1) throw new Error(`unknown emulator snapshot version ${String(snapshot.version)}`);
    const state = new CloudState();
    state.nextNumber = snapshot.nextNumber;
    for (const [token, account] of structuredClone(snapshot.accounts)) {
      state.accounts.set(token, account);
      for (const device of account.devices) state.owners.set(device.thingId, account);
    }
    for (const [token, expiresAt] of snapshot.tokenExpiries ?? []) state.expiries.set(token, expiresAt);
    return state;
  }

  hasAccount(token: string): boolean {
    return this.accounts.has(token);
  }

  /** Throws a plain Error for an unknown token; the message never quotes it. */
  setGatewayOnline(token: string, online: boolean): Gateway {
    const account = this.accounts.get(token);
    if (!account) throw new Error('no account for that token; call addAccount first');
    account.gateway.isOnline = online;
    return { ...account.gateway };
  }

  gatewayOf(token: string): Gateway | undefined {
    const account = this.accounts.get(token);
    return account && { ...account.gateway };
  }

  // --- management (4.1-4.3) ---

  cloudPlugins(token: string): CloudPlugin[] {
    return [{ ...this.account(token).plugin }];
  }

  /**
   * The cloud's record of what sits behind the gateway, answered whether or not the gateway is up: the
   * interface lists each device's and each gateway's `isOnline` here (sections 2 and 4.2; section 3:
   * "only the boolean isOnline on devices and gateways is observable"). A device is as online as the
   * gateway it is reached through. Calls that must reach the gateway (registration, control) still fail.
   */
  searchAvailable(token: string, gatewayId: string): Device[] {
    const account = this.account(token);
    this.knownGateway(account, gatewayId);
    return account.devices.map((d) => ({ ...deviceFields(d, account.gateway), gatewayList: [{ ...account.gateway }] }));
  }

  registerDevice(token: string, gatewayId: string, thingId: string, deviceName: string): Device {
    const account = this.account(token);
    this.reachGateway(account, gatewayId);
    const device = account.devices.find((d) => d.thingId === thingId);
    if (!device) fail('unknown', 'no such device on this gateway');
    if (device.registeredName !== undefined) fail('duplicate', 'device already registered');
    if (deviceName.trim() === '') fail('invalid', 'deviceName must not be empty');
    if (account.devices.some((d) => sameName(d.registeredName, deviceName)))
      fail('duplicate', 'deviceName already in use');
    device.registeredName = deviceName;
    return registered(device, account.gateway);
  }

  // --- device registration (4.4, 4.5) ---

  presets(token: string, remoteThingId: string): PresetSeed[] {
    const account = this.account(token);
    this.remote(account, remoteThingId);
    return account.presets.map((p) => ({ ...p }));
  }

  registerTv(token: string, remoteThingId: string, deviceId: string, deviceName: string): TvService {
    const account = this.account(token);
    const { device: remote, part } = this.remote(account, remoteThingId);
    const preset = account.presets.find((p) => p.deviceId === deviceId);
    if (!preset) fail('invalid', 'unknown preset deviceId');
    if (deviceName.trim() === '') fail('invalid', 'deviceName must not be empty');
    const onRemote = account.devices.filter((d) => d.tv?.remoteThingId === remote.thingId);
    if (onRemote.some((d) => sameName(d.listedName, deviceName)))
      fail('duplicate', 'deviceName already used on this remote');

    part.tvCount += 1;
    const serviceId = `${SERVICE_PREFIX}-remote-${part.number}-${part.tvCount}`;
    this.addDevice(account, {
      thingId: randomUUID(),
      serviceId,
      listedName: deviceName,
      scopes: TV_SCOPES,
      tv: { remoteThingId: remote.thingId, power: 'off', channel: TUNING_MIN, volume: TV_START_VOLUME },
    });
    return {
      serviceId,
      scopes: 'tv',
      manufacturer: preset.manufacturer,
      version: '',
      type: presetType(preset),
      deviceId: preset.deviceId,
      makerCode: preset.makerCode,
      typeCode: preset.typeCode,
      typeName: preset.typeName,
      baseServiceId: remote.serviceId,
      deviceName,
    };
  }

  // --- TV control (4.6-4.9) ---

  powerOn(token: string, thingId: string): void {
    const tv = this.tv(token, thingId);
    if (tv.power === 'on') fail('state', 'the TV is already on');
    tv.power = 'on';
  }

  powerOff(token: string, thingId: string): void {
    const tv = this.tv(token, thingId);
    if (tv.power === 'off') fail('state', 'the TV is already off');
    tv.power = 'off';
  }

  // The remote sends the key whether the TV is on or off (it cannot see the TV), so the call succeeds
  // either way; a TV that is off ignores channel and volume keys, as a real one does.
  tune(token: string, thingId: string, channel: number): void {
    const tv = this.tv(token, thingId);
    if (!isTuning(channel)) fail('invalid', 'tuning out of range');
    if (tv.power === 'on') tv.channel = channel;
  }

  stepChannel(token: string, thingId: string, step: 1 | -1): void {
    const tv = this.tv(token, thingId);
    const span = TUNING_MAX - TUNING_MIN + 1;
    if (tv.power === 'on') tv.channel = ((tv.channel - TUNING_MIN + step + span) % span) + TUNING_MIN;
  }

  stepVolume(token: string, thingId: string, step: 1 | -1): void {
    const tv = this.tv(token, thingId);
    if (tv.power === 'on') tv.volume = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, tv.volume + step));
  }

  // --- inspection ---

  tvState(thingId: string): TvState | undefined {
    const account = this.owners.get(thingId);
    const device = account?.devices.find((d) => d.thingId === thingId);
    return device?.tv && tvStateOf(device, device.tv);
  }

  tvs(token: string): TvState[] {
    const account = this.accounts.get(token);
    if (!account) return [];
    return account.devices.flatMap((d) => (d.tv ? [tvStateOf(d, d.tv)] : []));
  }

  registeredDevices(token: string): Device[] {
    const account = this.accounts.get(token);
    if (!account) return [];
    return account.devices.filter((d) => d.registeredName !== undefined).map((d) => registered(d, account.gateway));
  }

  // --- internals ---

  private account(token: string): Account {
    const account = this.accounts.get(token);
    // The HTTP layer answers 401 before reaching here; this guards direct use.
    if (!account) throw new Error('no account for that token');
    return account;
  }

  private addDevice(account: Account, device: DeviceRecord): void {
    account.devices.push(device);
    this.owners.set(device.thingId, account);
  }

  private knownGateway(account: Account, gatewayId: string): void {
    if (gatewayId !== account.gateway.gatewayId) fail('unknown', 'no such gateway');
  }

  private reachGateway(account: Account, gatewayId: string): void {
    this.knownGateway(account, gatewayId);
    if (!account.gateway.isOnline) fail('offline', 'cannot reach the gateway');
  }

  /** The account's remote, registered under a name, with its gateway online. */
  private remote(account: Account, thingId: string): { device: DeviceRecord; part: RemotePart } {
    const device = account.devices.find((d) => d.thingId === thingId && d.registeredName !== undefined);
    if (!device?.remote) fail('unknown', 'no such remote');
    if (!account.gateway.isOnline) fail('offline', 'timeout talking to the device');
    return { device, part: device.remote };
  }

  /** The account's TV, registered under a name, with its gateway online. */
  private tv(token: string, thingId: string): TvPart {
    const account = this.account(token);
    const device = account.devices.find((d) => d.thingId === thingId && d.registeredName !== undefined);
    if (!device?.tv) fail('unknown', 'no such TV');
    if (!account.gateway.isOnline) fail('offline', 'timeout talking to the device');
    return device.tv;
  }
}

function deviceFields(d: DeviceRecord, gateway: Gateway): Device {
  return {
    thingId: d.thingId,
    serviceId: d.serviceId,
    deviceName: d.registeredName ?? d.listedName,
    type: 'Cloud',
    isOnline: gateway.isOnline,
    config: null,
    scopes: [...d.scopes],
  };
}

function registered(d: DeviceRecord, gateway: Gateway): Device {
  return { ...deviceFields(d, gateway), gateway: { ...gateway }, nicknameList: [] };
}

function tvStateOf(d: DeviceRecord, tv: TvPart): TvState {
  return {
    thingId: d.thingId,
    deviceName: d.registeredName ?? d.listedName,
    power: tv.power,
    channel: tv.channel,
    volume: tv.volume,
  };
}
