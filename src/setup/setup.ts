// The one-time setup flow (device-cloud-api.md section 1), resumable: every registration is followed by
// a checkpoint, and a rerun skips what the checkpoints or the cloud show as done.
import { silentLogger } from '../log';
import type { RegisteredRemote, RegisteredTv } from '../store/types';
import type { SetupContext } from './context';
import { parseSetupEvent } from './event';
import { SetupInputError, SetupStepError } from './errors';
import { choosePresetHint } from './presets';
import { ensureRemote, findRemote, listGateways } from './remote';
import { StepRecorder } from './steps';
import { ensureTvOnRemote, findTv, registerTv } from './tv';
import type { DeviceRef, SetupDeps, SetupResult } from './types';
import { chooseToken, resolveUser } from './user';

export async function runSetup(deps: SetupDeps, event: unknown): Promise<SetupResult> {
  const logger = deps.logger ?? silentLogger;
  const steps = new StepRecorder(logger, deps.onStep);
  try {
    const input = parseSetupEvent(event);
    const user = await steps.attempt('resolve-user', () => resolveUser(deps.store, input));
    const ids = { userId: user.userId };

    if (user.record?.tv !== undefined) {
      const tv = user.record.tv;
      steps.record('resolve-user', 'done', `user already has TV '${tv.deviceName}' (${tv.thingId})`, { ...ids, tvThingId: tv.thingId });
      // A TV saved before the gateway index existed (or whose index write failed) gets it now.
      await steps.attempt('save-tv', () => deps.store.indexTv({ ...tv, userId: user.userId }));
      steps.record('save-tv', 'reused', `TV '${tv.deviceName}' is listed for smart-home discovery on gateway ${tv.gatewayId}`, { ...ids, tvThingId: tv.thingId });
      return {
        status: 'already_registered',
        tv: ref(tv),
        remote: user.record.setup?.remote && ref(user.record.setup.remote),
        steps: steps.reports,
        next: 'Nothing to do: the TV is set up. Ask Alexa to turn it on.',
      };
    }
    const token = chooseToken(input, user);
    steps.scrubSecret(token);
    steps.record('resolve-user', 'done', `setting up for user ${user.userId} with the ${input.accessToken !== undefined ? 'given' : 'stored'} access token`, ids);

    const ctx: SetupContext = {
      store: deps.store,
      api: deps.cloud.forToken(token),
      steps,
      input,
      userId: user.userId,
      progress: { ...user.record?.setup },
    };
    const found = await findRemote(ctx, await listGateways(ctx));
    const remote = await ensureRemote(ctx, found);
    const onRemote = await ensureTvOnRemote(ctx, remote, found);
    if ('choose' in onRemote) {
      return { status: 'choose_preset', remote: ref(remote), presets: onRemote.choose, steps: steps.reports, next: choosePresetHint(input, onRemote.choose) };
    }
    const tv = await registerTv(ctx, remote, onRemote.tv, await findTv(ctx, remote, onRemote.tv, found));
    await steps.attempt('save-tv', async () => {
      await deps.store.saveTv(user.userId, tv);
      await deps.store.indexTv({ ...tv, ...onRemote.tv.labels, userId: user.userId });
    });
    steps.record('save-tv', 'done', `saved TV '${tv.deviceName}' (${tv.thingId}) for voice commands and smart-home discovery`, { ...ids, tvThingId: tv.thingId });
    if (input.code !== undefined) await consumeCode(deps, steps, input.code);
    return {
      status: 'registered',
      tv: ref(tv),
      remote: ref(remote),
      steps: steps.reports,
      next: `Setup is complete: ask Alexa to turn on '${tv.deviceName}'.`,
    };
  } catch (e) {
    const fields = e instanceof SetupStepError ? { step: e.step, kind: e.kind, endpoint: e.endpoint }
      : e instanceof SetupInputError ? { field: e.field } : {};
    logger.error('setup failed', { ...fields, error: e instanceof Error ? e.message : 'unknown failure' });
    throw e;
  }
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

function ref(device: RegisteredRemote | RegisteredTv): DeviceRef {
  return { thingId: device.thingId, deviceName: device.deviceName };
}
