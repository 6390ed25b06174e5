// The one-time setup flow (docs/device-cloud.md section 1), resumable: every registration is followed by
// a checkpoint, and a rerun skips what the checkpoints or the cloud show as done.
import { randomUUID } from 'node:crypto';
import { silentLogger } from '../log';
import { BROADCAST_AREAS, type ChannelNames } from '../tv/channels';
import type { RegisteredRemote, RegisteredTv } from '../store/types';
import type { SetupContext } from './context';
import { parseSetupEvent, type SetupEvent } from './event';
import { SetupInputError, SetupStepError } from './errors';
import { choosePresetHint } from './presets';
import { ensureRemote, findRemote, listGateways } from './remote';
import { StepRecorder } from './steps';
import { ensureTvOnRemote, findTv, registerTv } from './tv';
import type { DeviceRef, SetupDeps, SetupResult } from './types';
import { chooseToken, readUser, resolveUser, type SetupUser } from './user';

/**
 * Longer than the setup Lambda may run (90 s), so a live run never loses its lease; a crashed run
 * blocks the user's next setup for at most this long.
 */
export const SETUP_LEASE_SECONDS = 120;

export async function runSetup(deps: SetupDeps, event: unknown): Promise<SetupResult> {
  const logger = deps.logger ?? silentLogger;
  const steps = new StepRecorder(logger, deps.onStep);
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000);
  try {
    const input = parseSetupEvent(event);
    const user = await steps.attempt('resolve-user', () => resolveUser(deps.store, input, nowSeconds));
    // One run per user at a time: without it, two runs with different names register two TVs.
    const owner = randomUUID();
    const leased = await steps.attempt('take-lease', () => deps.store.takeSetupLease(user.userId, owner, nowSeconds, SETUP_LEASE_SECONDS));
    if (!leased) {
      throw new SetupStepError('take-lease', 'another setup for this Alexa user is running right now; nothing was changed. ' +
        `Wait for it to finish (at most ${SETUP_LEASE_SECONDS / 60} minutes), then run setup again to see the result`);
    }
    try {
      return await leasedRun(deps, steps, input, user);
    } finally {
      await deps.store.releaseSetupLease(user.userId, owner).catch((e: unknown) => {
        // The lease expires on its own; the run's outcome stands.
        logger.warn('could not release the setup lease', { userId: user.userId, error: e instanceof Error ? e.message : 'unknown failure' });
      });
    }
  } catch (e) {
    const fields = e instanceof SetupStepError ? { step: e.step, kind: e.kind, endpoint: e.endpoint }
      : e instanceof SetupInputError ? { field: e.field } : {};
    logger.error('setup failed', { ...fields, error: e instanceof Error ? e.message : 'unknown failure' });
    throw e;
  }
}

/** The run proper, under the user's lease: the record is read only now, so a run that just ended is seen. */
async function leasedRun(deps: SetupDeps, steps: StepRecorder, input: SetupEvent, user: SetupUser): Promise<SetupResult> {
  const record = await steps.attempt('resolve-user', () => readUser(deps.store, user, input.code));
  const ids = { userId: user.userId };

  if (record?.tv !== undefined) {
    const { channels } = input;
    // A TV set up before: a rerun with an area or names changes only how its channels are named.
    const tv: RegisteredTv = channels ? { ...record.tv, channels } : record.tv;
    steps.record('resolve-user', 'done', `user already has TV '${tv.deviceName}' (${tv.thingId})`, { ...ids, tvThingId: tv.thingId });
    // A TV saved before the gateway index existed (or whose index write failed) gets it now.
    await steps.attempt('save-tv', async () => {
      if (channels) await deps.store.saveTv(user.userId, tv);
      await deps.store.indexTv({ ...tv, userId: user.userId });
    });
    steps.record('save-tv', channels ? 'done' : 'reused', channels
      ? `channel names of TV '${tv.deviceName}' set to ${describeChannelNames(channels)}, for voice commands and smart-home discovery`
      : `TV '${tv.deviceName}' is listed for smart-home discovery on gateway ${tv.gatewayId}`, { ...ids, tvThingId: tv.thingId });
    return {
      status: 'already_registered',
      tv: ref(tv),
      remote: record.setup?.remote && ref(record.setup.remote),
      steps: steps.reports,
      next: channels
        ? 'The TV was already set up; its channel names are updated. Ask Alexa for a channel by name.'
        : 'Nothing to do: the TV is set up. Ask Alexa to turn it on.',
    };
  }
  const token = chooseToken(input, record);
  steps.scrubSecret(token);
  steps.record('resolve-user', 'done', `setting up for user ${user.userId} with the ${input.accessToken !== undefined ? 'given' : 'stored'} access token`, ids);

  const ctx: SetupContext = {
    store: deps.store,
    api: deps.cloud.forToken(token),
    steps,
    input,
    userId: user.userId,
    progress: { ...record?.setup },
  };
  const found = await findRemote(ctx, await listGateways(ctx));
  const remote = await ensureRemote(ctx, found);
  const onRemote = await ensureTvOnRemote(ctx, remote, found);
  if ('choose' in onRemote) {
    return { status: 'choose_preset', remote: ref(remote), presets: onRemote.choose, steps: steps.reports, next: choosePresetHint(input, onRemote.choose, deps.deployment) };
  }
  const registered = await registerTv(ctx, remote, onRemote.tv, await findTv(ctx, remote, onRemote.tv, found));
  const tv: RegisteredTv = input.channels ? { ...registered, channels: input.channels } : registered;
  await steps.attempt('save-tv', async () => {
    await deps.store.saveTv(user.userId, tv);
    await deps.store.indexTv({ ...tv, ...onRemote.tv.labels, userId: user.userId });
  });
  steps.record('save-tv', 'done', `saved TV '${tv.deviceName}' (${tv.thingId}) for voice commands and smart-home discovery` +
    (input.channels ? `, channels named by ${describeChannelNames(input.channels)}` : ''), { ...ids, tvThingId: tv.thingId });
  if (input.code !== undefined) await consumeCode(deps, steps, input.code);
  return {
    status: 'registered',
    tv: ref(tv),
    remote: ref(remote),
    steps: steps.reports,
    next: `Setup is complete: ask Alexa to turn on '${tv.deviceName}'.`,
  };
}

/** Only after success, so a failed run can be rerun with the same code; a failure here is not fatal. */
async function consumeCode(deps: SetupDeps, steps: StepRecorder, code: string): Promise<void> {
  try {
    await deps.store.consumeLinkCode(code);
    steps.record('consume-code', 'done', 'the link code is used up');
  } catch (e) {
    steps.record('consume-code', 'skipped', `the link code could not be marked used (${e instanceof Error ? e.name : 'error'}); it expires on its own`);
  }
}

function describeChannelNames(names: ChannelNames): string {
  const parts: string[] = [];
  if (names.area) parts.push(`area ${names.area} (${BROADCAST_AREAS[names.area].label})`);
  if (names.map) parts.push(`own names ${Object.keys(names.map).join(', ')}`);
  return parts.join(' and ');
}

function ref(device: RegisteredRemote | RegisteredTv): DeviceRef {
  return { thingId: device.thingId, deviceName: device.deviceName };
}
