// Steps 1-3 of the flow: list the cloud plugins, find the IR learning remote behind a gateway, and
// register it once.
import type { Device } from '../cloud/types';
import type { DeviceRef } from './types';
import type { RegisteredRemote } from '../store/types';
import { checkpoint, type SetupContext } from './context';
import { isIrRemote } from './devices';
import { SetupStepError } from './errors';
import { TakenNames, sameName } from './names';
import { registerOnce } from './register-once';

export const DEFAULT_REMOTE_NAME = 'IR Remote';

export interface FoundRemote {
  gatewayId: string;
  device: Device;
  /** The availability search of that gateway, as seen before any registration of this run. */
  devices: Device[];
  /** Every device of every gateway searched: the names already in use. */
  names: TakenNames;
}

/** Gateway ids of the enabled cloud plugins, the checkpoint's gateway first. */
export async function listGateways(ctx: SetupContext): Promise<string[]> {
  const plugins = await ctx.steps.attempt('list-plugins', () => ctx.api.listCloudPlugins());
  const ids = plugins
    .filter((p) => p.enabled !== false && typeof p.gatewayId === 'string' && p.gatewayId !== '')
    .map((p) => p.gatewayId);
  const preferred = ctx.progress.remote?.gatewayId ?? ctx.progress.gatewayId;
  const gateways = [...new Set(preferred !== undefined && ids.includes(preferred) ? [preferred, ...ids] : ids)];
  if (gateways.length === 0) {
    throw new SetupStepError(
      'list-plugins',
      plugins.length === 0
        ? 'the account has no cloud plugin; add the IR learning remote in the device cloud app first'
        : "no cloud plugin of the account is enabled; enable the IR learning remote's plugin in the device cloud app",
    );
  }
  ctx.steps.record(
    'list-plugins',
    'done',
    `${gateways.length} gateway(s) with an enabled cloud plugin: ${gateways.join(', ')}`,
  );
  return gateways;
}

/**
 * The remote to use: the checkpoint's remote when still listed, else the one listed under remoteName
 * (a home with a remote per room names the room's), else the first online one, else the first one at
 * all. Searches gateways in order and stops as soon as the choice is certain. A run started by voice
 * with no remoteName asks instead when several remotes are online ({ choose }): the person knows which
 * room's remote faces the TV, the first one found may not.
 */
export async function findRemote(
  ctx: SetupContext,
  gateways: string[],
): Promise<FoundRemote | { choose: DeviceRef[] }> {
  const wanted = ctx.progress.remote;
  const named = ctx.input.remoteName;
  const all: Device[] = [];
  let firstOnline: Omit<FoundRemote, 'names'> | undefined;
  let firstAny: Omit<FoundRemote, 'names'> | undefined;
  let firstNamed: Omit<FoundRemote, 'names'> | undefined;
  let unreachable: SetupStepError | undefined;
  const askIfSeveral = ctx.input.voiceRun !== undefined && wanted === undefined && named === undefined;
  const online: DeviceRef[] = [];

  for (const gatewayId of gateways) {
    let devices: Device[];
    try {
      devices = await ctx.steps.attempt('find-remote', () => ctx.api.searchAvailableDevices(gatewayId));
    } catch (e) {
      // One offline gateway among several may not hold the remote; the checkpoint's gateway must answer.
      const mayHoldWanted = wanted !== undefined && wanted.gatewayId === gatewayId;
      if (e instanceof SetupStepError && e.kind === 'offline' && gateways.length > 1 && !mayHoldWanted) {
        unreachable ??= e;
        continue;
      }
      throw e;
    }
    all.push(...devices);
    const remotes = devices.filter(isIrRemote);
    const same = wanted && remotes.find((d) => d.thingId === wanted.thingId);
    if (same)
      return done(ctx, { gatewayId, device: same, devices, names: new TakenNames(all) }, 'the remote of the last run');
    const byName = named === undefined ? undefined : remotes.find((d) => sameName(d.deviceName, named));
    if (byName) firstNamed ??= { gatewayId, device: byName, devices };
    if (byName && wanted === undefined) break;
    const up = remotes.filter((d) => d.isOnline !== false);
    online.push(...up.map((d) => ({ thingId: d.thingId, deviceName: d.deviceName })));
    if (up[0]) firstOnline ??= { gatewayId, device: up[0], devices };
    if (remotes[0]) firstAny ??= { gatewayId, device: remotes[0], devices };
    if (up[0] && wanted === undefined && named === undefined && !askIfSeveral) break;
  }
  if (askIfSeveral && online.length > 1) {
    ctx.steps.record(
      'find-remote',
      'done',
      `${online.length} IR remotes are online (${online.map((r) => `'${r.deviceName}'`).join(', ')}); asking which one`,
    );
    return { choose: online };
  }

  const chosen = firstNamed ?? firstOnline ?? firstAny;
  if (!chosen) {
    throw (
      unreachable ??
      new SetupStepError(
        'find-remote',
        `no IR learning remote is listed on gateway(s) ${gateways.join(', ')}; set the remote up in the device cloud app first`,
      )
    );
  }
  if (wanted !== undefined) {
    // The checkpoint names a remote that is gone: its TV checkpoint is void too.
    ctx.progress = { startedAt: ctx.progress.startedAt };
  }
  const why =
    chosen === firstNamed
      ? `the one named '${named}'`
      : chosen.device.isOnline === false
        ? 'offline, the only one found'
        : 'online';
  return done(ctx, { ...chosen, names: new TakenNames(all) }, why);
}

function done(ctx: SetupContext, found: FoundRemote, why: string): FoundRemote {
  const d = found.device;
  ctx.steps.record(
    'find-remote',
    'done',
    `IR remote '${d.deviceName}' (${d.thingId}) on gateway ${found.gatewayId}, ${why}`,
    { gatewayId: found.gatewayId, remoteThingId: d.thingId },
  );
  return found;
}

/** Registers the remote unless the checkpoint says it is; "duplicate" for our thingId counts as done. */
export async function ensureRemote(ctx: SetupContext, found: FoundRemote): Promise<RegisteredRemote> {
  const { gatewayId, device } = found;
  const ids = { gatewayId, remoteThingId: device.thingId };
  const saved = ctx.progress.remote;
  if (saved !== undefined && saved.thingId === device.thingId) {
    ctx.steps.record(
      'register-remote',
      'skipped',
      `IR remote '${saved.deviceName}' was registered by an earlier run`,
      ids,
    );
    found.names.add(saved.deviceName, saved.thingId);
    return saved;
  }
  // A remoteName that picked this remote by its name keeps the name as registered, whatever its case.
  const requested =
    ctx.input.remoteName !== undefined && sameName(ctx.input.remoteName, device.deviceName)
      ? device.deviceName
      : ctx.input.remoteName;
  const deviceName = found.names.choose(
    'remoteName',
    requested,
    device.deviceName,
    DEFAULT_REMOTE_NAME,
    device.thingId,
  );
  const remote: RegisteredRemote = { thingId: device.thingId, serviceId: device.serviceId, deviceName, gatewayId };
  // The search listed the remote under its old name; the TV must not take the new one.
  found.names.add(deviceName, device.thingId);
  const outcome = await ctx.steps.attempt('register-remote', async () => {
    const already = await registerOnce(() =>
      ctx.api.registerDevice({ gatewayId, thingId: device.thingId, deviceName }),
    );
    await checkpoint(ctx, { gatewayId, remote });
    return already ? 'reused' : 'done';
  });
  ctx.steps.record(
    'register-remote',
    outcome,
    outcome === 'done'
      ? `registered the IR remote as '${deviceName}' (${device.thingId})`
      : `the IR remote (${device.thingId}) was already registered`,
    ids,
  );
  return remote;
}
