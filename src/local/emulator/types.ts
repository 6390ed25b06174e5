// The emulator's public shapes: how tests and the sandbox start it, seed it, read it and break it.
import type { CloudPlugin, Device, Gateway } from './resources';

export interface EmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Start from a state saved by `snapshot()` instead of an empty cloud. */
  restore?: CloudSnapshot;
}

/** One TV model the preset list offers; `deviceId` is what POST /device/v2/device takes. */
export interface PresetSeed {
  deviceId: string;
  manufacturer: string;
  typeName: string;
  /** The model's own name, as the device cloud names it, when the preset has one. */
  deviceName?: string;
  makerCode: number;
  typeCode: number;
}

export interface AccountOptions {
  /** Default true. */
  gatewayOnline?: boolean;
  /** Default DEFAULT_PRESETS (three TVs). */
  presets?: PresetSeed[];
  /** IR learning remotes behind the gateway, one per room; default 1. The second lists as "IR learning remote 2". */
  remotes?: number;
  /** The token expires this long after it is added (refused with errorCode 12); default never. */
  tokenLifetimeMs?: number;
}

export interface RotateOptions {
  /** How long the old token keeps working after the new one is issued; default 0 (at once). */
  graceMs?: number;
  /** The new token's lifetime; default never expires. */
  lifetimeMs?: number;
}

export interface TvState {
  thingId: string;
  /** The name registered under (4.3), else the name given on the remote (4.5). */
  deviceName: string;
  power: 'on' | 'off';
  channel: number;
  volume: number;
}

/** One interface call as it arrived; headers are left out so the token is never kept. */
export interface RecordedCall {
  method: string;
  /** Path without the query string, exactly as sent (trailing slashes kept). */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body, the raw text when it was not JSON, undefined when empty. */
  body: unknown;
  /** HTTP status answered; 0 when the connection was dropped. */
  status: number;
}

export interface Fault {
  /** Which calls it applies to (exact match; omitted = any). */
  method?: string;
  path?: string;
  /** How many matching calls to let through untouched before it hits, default 0. */
  after?: number;
  /** How many matching calls it hits, default 1. */
  times?: number;
  /** Delay before answering (combined with the rest or alone). */
  latencyMs?: number;
  /** Replace the answer; `rawBody` is sent as text (non-JSON). */
  status?: number;
  body?: unknown;
  rawBody?: string;
  /** Answer with this engine result / Device Connect errorCode in the usual error shape. */
  result?: number;
  errorCode?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** With a status (429, 503): the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

export interface Emulator {
  /** Base URL, http://127.0.0.1:PORT. */
  readonly url: string;
  close(): Promise<void>;
  /** Idempotent: a cloud plugin, its gateway and an unregistered IR learning remote. */
  addAccount(token: string, options?: AccountOptions): void;
  setGatewayOnline(token: string, online: boolean): void;
  /**
   * What the OAuth refresh does: the account gets `newToken`, and the old one is refused as expired
   * (errorCode 12) once the grace period is over. Throws for an unknown or expired old token.
   */
  rotateToken(oldToken: string, newToken: string, options?: RotateOptions): void;
  /** From now on the token is refused as expired. */
  expireToken(token: string): void;
  tvState(thingId: string): TvState | undefined;
  /** Every TV registered on one of the account's remotes (4.5), in order of registration. */
  tvs(token: string): TvState[];
  /** Devices registered under a name (4.3), in the registration response's form. */
  registeredDevices(token: string): Device[];
  /** Every interface call, in order (never the token). */
  readonly calls: RecordedCall[];
  clearCalls(): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  /** Accounts, devices and TV states as JSON (calls and faults are not part of it). */
  snapshot(): CloudSnapshot;
}

// The cloud's records, kept by state.ts and saved whole in a snapshot.
export interface TvPart {
  remoteThingId: string;
  power: 'on' | 'off';
  channel: number;
  volume: number;
}

export interface DeviceRecord {
  thingId: string;
  serviceId: string;
  /** The name the availability search shows until the device is registered under another. */
  listedName: string;
  /** Set by 4.3; only then may device calls address it. */
  registeredName?: string;
  scopes: string[];
  remote?: RemotePart;
  tv?: TvPart;
}

export interface RemotePart {
  /** The <id> in the remote's serviceId. */
  number: number;
  /** TVs registered on this remote so far; numbers the TV serviceIds. */
  tvCount: number;
}

export interface Account {
  plugin: CloudPlugin;
  gateway: Gateway;
  presets: PresetSeed[];
  devices: DeviceRecord[];
}

/** The whole emulated cloud as plain JSON, so the sandbox can keep it beside its persisted DynamoDB. */
export interface CloudSnapshot {
  version: 1;
  nextNumber: number;
  /** A rotated account appears under each of its tokens (the same object). */
  accounts: Array<[token: string, account: Account]>;
  /** Epoch ms from which a token is refused as expired; absent in snapshots from before rotation. */
  tokenExpiries?: Array<[token: string, expiresAt: number]>;
}
