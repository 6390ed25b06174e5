// Steps 4-6 of the flow for one TV: register it on the remote (never twice), find the TV device the
// gateway then lists, and register that device under a name. A remote may carry several TVs.
import { tvModel } from '../alexa/endpoint';
import type { Device, Preset, TvService } from '../cloud/types';
import { trimmedText } from '../json';
import type { RegisteredRemote, RegisteredTv, TvOnRemote } from '../store/types';
import { checkpoint, type SetupContext } from './context';
import { findTvDevice, tvsOnRemote } from './devices';
import { SetupStepError } from './errors';
import { TakenNames, sameName } from './names';
import { listPresets, pickPreset, presetLabel } from './presets';
import { registerOnce } from './register-once';
import type { FoundRemote } from './remote';

export const DEFAULT_TV_NAME = 'TV';

/** A TV seen on the remote, as far as this run knows it: from the checkpoint, this run, or the search. */
export type SightedTv = Pick<TvOnRemote, 'deviceName'> &
  Partial<Pick<TvOnRemote, 'serviceId' | 'deviceId'>> & {
    /** The model's labels, known when this run chose the preset. */
    labels?: TvLabels;
  };

export interface TvLabels {
  manufacturer?: string;
  model?: string;
}

export type TvOnRemoteOutcome = { tv: SightedTv } | { choose: Preset[] };

export async function ensureTvOnRemote(
  ctx: SetupContext,
  remote: RegisteredRemote,
  found: FoundRemote,
): Promise<TvOnRemoteOutcome> {
  const ids = { gatewayId: remote.gatewayId, remoteThingId: remote.thingId };
  const saved = ctx.progress.tvOnRemote;
  if (saved !== undefined) {
    ctx.steps.record(
      'register-tv-on-remote',
      'skipped',
      `TV '${saved.deviceName}' (${saved.serviceId}) was registered on the remote by an earlier run`,
      { ...ids, tvServiceId: saved.serviceId },
    );
    return { tv: saved };
  }
  // An earlier run may have registered it and stopped before its checkpoint: the search shows it.
  const listed = unsetTvOnRemote(ctx, found.devices, remote);
  if (listed !== undefined) {
    ctx.steps.record(
      'register-tv-on-remote',
      'reused',
      `TV '${listed.deviceName}' (${listed.serviceId}) is already registered on the remote`,
      { ...ids, tvServiceId: listed.serviceId },
    );
    return { tv: { serviceId: listed.serviceId, deviceName: listed.deviceName } };
  }

  const presets = await ctx.steps.attempt('read-presets', () => ctx.api.getPresets(remote.thingId));
  ctx.steps.record('read-presets', 'done', `${presets.length} TV preset(s): ${listPresets(presets)}`, ids);
  const preset = pickPreset(presets, ctx.input.tvPresetId);
  if (preset === undefined) {
    ctx.steps.record(
      'choose-preset',
      'skipped',
      `${presets.length} presets offered and none named: rerun with tvPresetId`,
      ids,
    );
    return { choose: presets };
  }
  ctx.steps.record(
    'choose-preset',
    'done',
    ctx.input.tvPresetId !== undefined
      ? `using the requested preset ${presetLabel(preset)}`
      : `using the only preset ${presetLabel(preset)}`,
  );

  const deviceName = found.names.choose('tvName', ctx.input.tvName, undefined, DEFAULT_TV_NAME);
  let answered: Partial<Record<keyof TvService, unknown>> = {};
  const tv = await ctx.steps.attempt('register-tv-on-remote', async () => {
    const service = await ctx.api.registerTv({ thingId: remote.thingId, deviceId: preset.deviceId, deviceName });
    answered = service;
    const onRemote: TvOnRemote = {
      serviceId: service.serviceId,
      deviceId: typeof service.deviceId === 'string' && service.deviceId !== '' ? service.deviceId : preset.deviceId,
      deviceName: typeof service.deviceName === 'string' && service.deviceName !== '' ? service.deviceName : deviceName,
    };
    await checkpoint(ctx, { gatewayId: remote.gatewayId, remote, tvOnRemote: onRemote });
    return onRemote;
  });
  ctx.steps.record(
    'register-tv-on-remote',
    'done',
    `registered TV '${tv.deviceName}' (${tv.serviceId}) on the remote`,
    { ...ids, tvServiceId: tv.serviceId },
  );
  return { tv: { ...tv, labels: tvLabels(preset, answered, tv) } };
}

/**
 * The maker and the model, from the preset and, where it lacks them, the registration's `service` (its
 * `manufacturer` and `typeName`, interface section 2). The model is the preset's own name, else one built
 * from the maker, the type label and the preset (tvModel), so two presets of one maker differ.
 */
function tvLabels(preset: Preset, service: Partial<Record<keyof TvService, unknown>>, tv: TvOnRemote): TvLabels {
  const manufacturer = preset.manufacturer ?? trimmedText(service.manufacturer);
  const model = tvModel({
    model: preset.modelName,
    manufacturer,
    typeName: preset.typeName ?? trimmedText(service.typeName),
    presetId: tv.deviceId,
    serviceId: tv.serviceId,
  });
  return manufacturer === undefined ? { model } : { manufacturer, model };
}

/**
 * A TV on the remote that none of the user's TVs is: the one named tvName, or, for a run that names
 * none, any (the user's first TV, as the one-TV code did).
 */
function unsetTvOnRemote(ctx: SetupContext, devices: Device[], remote: RegisteredRemote): Device | undefined {
  const owned = (d: Device) => ctx.tvs.some((tv) => tv.serviceId === d.serviceId || tv.thingId === d.thingId);
  const free = tvsOnRemote(devices, remote.serviceId).filter((d) => !owned(d));
  const wanted = ctx.input.tvName;
  return wanted === undefined ? free[0] : free.find((d) => sameName(d.deviceName, wanted));
}

export interface TvDevice {
  device: Device;
  /** The names in use as of the search that found the TV. */
  names: TakenNames;
}

/** The TV's own device in the availability search: the first search if it showed it, else a new one. */
export async function findTv(
  ctx: SetupContext,
  remote: RegisteredRemote,
  tv: SightedTv,
  found: FoundRemote,
): Promise<TvDevice> {
  const early = findTvDevice(found.devices, remote.serviceId, tv);
  if (early !== undefined) {
    ctx.steps.record('find-tv', 'reused', `TV device '${early.deviceName}' (${early.thingId}) was already listed`, {
      gatewayId: remote.gatewayId,
      tvThingId: early.thingId,
    });
    return { device: early, names: found.names };
  }
  const devices = await ctx.steps.attempt('find-tv', () => ctx.api.searchAvailableDevices(remote.gatewayId));
  const device = findTvDevice(devices, remote.serviceId, tv);
  if (device === undefined) {
    throw new SetupStepError(
      'find-tv',
      `the gateway does not list TV '${tv.deviceName}' registered on the remote yet; run setup again in a minute`,
    );
  }
  ctx.steps.record('find-tv', 'done', `found TV device '${device.deviceName}' (${device.thingId})`, {
    gatewayId: remote.gatewayId,
    tvThingId: device.thingId,
  });
  return { device, names: new TakenNames(devices) };
}

/** Registers the TV device under its name; "duplicate" for this thingId counts as done. */
export async function registerTv(
  ctx: SetupContext,
  remote: RegisteredRemote,
  tv: SightedTv,
  found: TvDevice,
): Promise<RegisteredTv> {
  const { device } = found;
  const preferred = device.deviceName !== '' ? device.deviceName : tv.deviceName;
  const deviceName = found.names.choose('tvName', undefined, preferred, DEFAULT_TV_NAME, device.thingId);
  const already = await ctx.steps.attempt('register-tv', () =>
    registerOnce(() => ctx.api.registerDevice({ gatewayId: remote.gatewayId, thingId: device.thingId, deviceName })),
  );
  ctx.steps.record(
    'register-tv',
    already ? 'reused' : 'done',
    already
      ? `the TV device (${device.thingId}) was already registered`
      : `registered the TV as '${deviceName}' (${device.thingId})`,
    { gatewayId: remote.gatewayId, tvThingId: device.thingId },
  );
  const registered: RegisteredTv = {
    thingId: device.thingId,
    serviceId: device.serviceId,
    deviceName,
    gatewayId: remote.gatewayId,
  };
  // The preset is known from this run or its checkpoint; a TV found already on the remote has none.
  if (tv.deviceId) registered.presetId = tv.deviceId;
  return registered;
}
