// The item shapes in the user table and their tolerant readers: unknown attributes are ignored and a
// malformed map reads as absent, so an item written by an older or newer version never breaks a request.
// The keys and maps: docs/architecture.md#items-file.
import { asRecord, nonEmptyText } from '../json';
import { ONE_TV_ERA, withOneTvEraTv } from './legacy';
import {
  tvNameKey,
  type AlexaGrant,
  type IndexedTv,
  type LinkCode,
  type RegisteredDevice,
  type RegisteredTv,
  type SetupProgress,
  type StoredChannelNames,
  type TvOnRemote,
  type UserRecord,
  type VoiceSetup,
} from './types';

/** A user's record by id; an empty id is a caller's bug, never a key. */
export function userKey(userId: string): { pk: string } {
  if (!userId) throw new Error('userId must not be empty');
  return { pk: `user#${userId}` };
}
const LINK_CODE = /^\d{6}$/;

/** A link code is six digits: the `code#` key and the user's `linkCode` hold nothing else. */
export function isLinkCode(code: string): boolean {
  return LINK_CODE.test(code);
}

export const codeKey = (code: string): { pk: string } => ({ pk: `code#${code}` });
/** Link codes tried in one window of time, by anyone: a guess names no user, so the count is global. */
export const codeTriesKey = (window: number): { pk: string } => ({ pk: `codetries#${window}` });
export const gatewayKey = (gatewayId: string): { pk: string } => ({ pk: `gw#${gatewayId}` });
/** Alexa's event grant for the customer behind a gateway (see AlexaGrant). */
export const grantKey = (gatewayId: string): { pk: string } => ({ pk: `grant#${gatewayId}` });

type Item = Record<string, unknown>;

export interface LinkCodeItem {
  userId: string;
  expiresAt: number;
  used: boolean;
  postalCode?: string;
}

export function readUserRecord(userId: string, item: Item): UserRecord {
  const record: UserRecord = { userId };
  const accessToken = nonEmptyText(item['accessToken']);
  const tvs = withOneTvEraTv(readTvs(item['tvs']), readRegisteredTv(item[ONE_TV_ERA.tv]));
  const setups = readSetups(item['tvSetups']);
  const linkCode = readLinkCode(item['linkCode']);
  const removing = Object.values(asRecord(item['tvRemovals']) ?? {}).flatMap((v) => readRegisteredTv(v) ?? []);
  if (accessToken) record.accessToken = accessToken;
  if (removing.length > 0) record.removing = removing;
  if (tvs.length > 0) record.tvs = tvs;
  if (setups) record.setups = setups;
  if (linkCode) record.linkCode = linkCode;
  const voice = readVoiceSetup(item['voiceSetup']);
  if (voice) record.voiceSetup = voice;
  return record;
}

const VOICE_STATES = ['running', 'ready', 'choose_preset', 'choose_remote', 'removed', 'failed'] as const;
const VOICE_FAILURES = ['no_remote', 'offline', 'relink', 'busy', 'name', 'other'] as const;

function readVoiceSetup(value: unknown): VoiceSetup | undefined {
  const m = asRecord(value);
  const requestId = nonEmptyText(m?.['requestId']);
  const tvName = nonEmptyText(m?.['tvName']);
  const kind = m?.['kind'] === 'add' || m?.['kind'] === 'remove' ? m['kind'] : undefined;
  const state = VOICE_STATES.find((s) => s === m?.['state']);
  const startedAt = seconds(m?.['startedAt']);
  if (!requestId || !tvName || !kind || !state || startedAt === undefined) return undefined;
  const run: VoiceSetup = { requestId, kind, tvName, state, startedAt };
  const choices = Array.isArray(m?.['choices'])
    ? (m['choices'] as unknown[]).flatMap((p) => {
        const id = nonEmptyText(asRecord(p)?.['id']);
        const label = nonEmptyText(asRecord(p)?.['label']);
        return id && label ? [{ id, label }] : [];
      })
    : [];
  if (choices.length > 0) run.choices = choices;
  const failure = VOICE_FAILURES.find((f) => f === m?.['failure']);
  if (failure) run.failure = failure;
  return run;
}

/** The named fields of `from` that are not undefined: what gets written is exactly the contract. */
function known<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

/** Only the known fields, without undefined ones. */
export function voiceSetup(run: VoiceSetup): VoiceSetup {
  const out: VoiceSetup = known(run, ['requestId', 'kind', 'tvName', 'state', 'startedAt', 'failure']);
  if (run.choices) out.choices = run.choices.map((p) => known(p, ['id', 'label']));
  return out;
}

/** The map's TVs oldest first. */
function readTvs(mapValue: unknown): RegisteredTv[] {
  const entries = Object.values(asRecord(mapValue) ?? {}).flatMap((value) => {
    const tv = readRegisteredTv(value);
    return tv ? [{ tv, addedAt: nonEmptyText(asRecord(value)?.['addedAt']) ?? '' }] : [];
  });
  entries.sort(
    (a, b) =>
      a.addedAt.localeCompare(b.addedAt) || tvNameKey(a.tv.deviceName).localeCompare(tvNameKey(b.tv.deviceName)),
  );
  return entries.map((e) => e.tv);
}

function readSetups(value: unknown): Record<string, SetupProgress> | undefined {
  const m = asRecord(value);
  if (!m) return undefined;
  const setups: Record<string, SetupProgress> = {};
  for (const [key, progress] of Object.entries(m)) {
    const read = readSetupProgress(progress);
    if (read) setups[key] = read;
  }
  return Object.keys(setups).length > 0 ? setups : undefined;
}

export function readLinkCodeItem(item: Item): LinkCodeItem | undefined {
  const userId = nonEmptyText(item['userId']);
  const expiresAt = seconds(item['expiresAt']);
  if (!userId || expiresAt === undefined) return undefined;
  const postalCode = nonEmptyText(item['postalCode']);
  return {
    userId,
    expiresAt,
    used: item['usedAt'] !== undefined && item['usedAt'] !== null,
    ...(postalCode ? { postalCode } : {}),
  };
}

/** The TVs of a gateway item's `tvs` map; entries that do not read as a TV are left out. */
export function readGatewayTvs(item: Item): IndexedTv[] {
  const tvs = asRecord(item['tvs']);
  if (!tvs) return [];
  const out: IndexedTv[] = [];
  for (const value of Object.values(tvs)) {
    const tv = readRegisteredTv(value);
    if (!tv) continue;
    out.push(
      indexedTv({
        ...tv,
        userId: nonEmptyText(asRecord(value)?.['userId']),
        manufacturer: nonEmptyText(asRecord(value)?.['manufacturer']),
        model: nonEmptyText(asRecord(value)?.['model']),
      }),
    );
  }
  return out;
}

/** Only the known fields, without undefined ones. */
export function indexedTv(tv: IndexedTv): IndexedTv {
  const out: IndexedTv = registeredTv(tv);
  if (tv.userId) out.userId = tv.userId;
  if (tv.manufacturer) out.manufacturer = tv.manufacturer;
  if (tv.model) out.model = tv.model;
  return out;
}

function readRegisteredTv(value: unknown): RegisteredTv | undefined {
  const device = readRegisteredDevice(value);
  if (!device) return undefined;
  const tv: RegisteredTv = device;
  const channels = storedChannelNames(asRecord(value)?.['channels']);
  const presetId = nonEmptyText(asRecord(value)?.['presetId']);
  if (channels) tv.channels = channels;
  if (presetId) tv.presetId = presetId;
  const volumeStep = asRecord(value)?.['volumeStep'];
  if (typeof volumeStep === 'number' && Number.isInteger(volumeStep) && volumeStep > 0) tv.volumeStep = volumeStep;
  return tv;
}

/** Carried as stored, the two parts only: the domain (src/tv/channels.ts) reads and validates them. */
function storedChannelNames(value: unknown): StoredChannelNames | undefined {
  const m = asRecord(value);
  if (m === undefined || (m['area'] === undefined && m['map'] === undefined)) return undefined;
  const out: StoredChannelNames = {};
  if (m['area'] !== undefined) out.area = m['area'];
  if (m['map'] !== undefined) out.map = m['map'];
  return out;
}

function readRegisteredDevice(value: unknown): RegisteredDevice | undefined {
  const m = asRecord(value);
  const thingId = nonEmptyText(m?.['thingId']);
  const serviceId = nonEmptyText(m?.['serviceId']);
  const deviceName = nonEmptyText(m?.['deviceName']);
  const gatewayId = nonEmptyText(m?.['gatewayId']);
  return thingId && serviceId && deviceName && gatewayId ? { thingId, serviceId, deviceName, gatewayId } : undefined;
}

function readTvOnRemote(value: unknown): TvOnRemote | undefined {
  const m = asRecord(value);
  const serviceId = nonEmptyText(m?.['serviceId']);
  const deviceId = nonEmptyText(m?.['deviceId']);
  const deviceName = nonEmptyText(m?.['deviceName']);
  return serviceId && deviceId && deviceName ? { serviceId, deviceId, deviceName } : undefined;
}

function readSetupProgress(value: unknown): SetupProgress | undefined {
  const m = asRecord(value);
  return m
    ? setupProgress({
        gatewayId: nonEmptyText(m['gatewayId']),
        remote: readRegisteredDevice(m['remote']),
        tvOnRemote: readTvOnRemote(m['tvOnRemote']),
        startedAt: nonEmptyText(m['startedAt']),
        updatedAt: nonEmptyText(m['updatedAt']),
      })
    : undefined;
}

function readLinkCode(value: unknown): LinkCode | undefined {
  const m = asRecord(value);
  const code = nonEmptyText(m?.['code']);
  const expiresAt = seconds(m?.['expiresAt']);
  return code && isLinkCode(code) && expiresAt !== undefined ? { code, expiresAt } : undefined;
}

/** Only the known fields, without undefined ones: what gets written is exactly the contract. */
export function setupProgress(p: SetupProgress): SetupProgress {
  const out: SetupProgress = known(p, ['gatewayId', 'startedAt', 'updatedAt']);
  if (p.remote) out.remote = known(p.remote, ['thingId', 'serviceId', 'deviceName', 'gatewayId']);
  if (p.tvOnRemote) out.tvOnRemote = known(p.tvOnRemote, ['serviceId', 'deviceId', 'deviceName']);
  return out;
}

export function registeredTv(d: RegisteredTv): RegisteredTv {
  const tv: RegisteredTv = known(d, ['thingId', 'serviceId', 'deviceName', 'gatewayId', 'volumeStep']);
  if (d.channels?.area !== undefined || d.channels?.map !== undefined) tv.channels = known(d.channels, ['area', 'map']);
  if (d.presetId) tv.presetId = d.presetId;
  return tv;
}

/** A TV as stored in the `tvs` map: the contract fields and when it was added (for the order). */
export function tvEntry(tv: RegisteredTv, addedAt: string): RegisteredTv & { addedAt: string } {
  return { ...registeredTv(tv), addedAt };
}

function seconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A grant item's tokens; undefined when forgotten or malformed. */
export function readAlexaGrant(item: Item): AlexaGrant | undefined {
  const region = item['region'];
  const accessToken = nonEmptyText(item['accessToken']);
  const refreshToken = nonEmptyText(item['refreshToken']);
  const expiresAt = item['accessTokenExpiresAt'];
  if (
    (region !== 'NA' && region !== 'EU' && region !== 'FE') ||
    !accessToken ||
    !refreshToken ||
    typeof expiresAt !== 'number'
  )
    return undefined;
  return { region, accessToken, refreshToken, accessTokenExpiresAt: expiresAt };
}
