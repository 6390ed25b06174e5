// The setup flow (docs/device-cloud.md section 1) for one TV at a time, resumable: every registration is
// followed by a checkpoint kept under the TV's name, and a rerun skips what the checkpoints or the cloud
// show as done. A run with a new tvName adds another TV; `removeTv` forgets one.
import { randomUUID } from 'node:crypto';
import { silentLogger } from '../log';
import { commandLogFields, meterCommand, renameCommand } from '../metrics';
import { outcomeOf } from '../outcome';
import { postalCodeDigits, prefectureOfPostalCode } from '../tv/areas';
import { TvNameTaken, tvNameKey, type RegisteredDevice, type RegisteredTv } from '../store/types';
import { writtenPostalCode } from '../text';
import { nameCore } from '../tv/names';
import type { SetupContext } from './context';
import { parseSetupEvent, type SetupEvent } from './event';
import { SetupInputError, SetupStepError } from './errors';
import { sameName } from './names';
import { choosePresetHint } from './presets';
import { ensureRemote, findRemote, listGateways } from './remote';
import { tellAlexa } from './alexa-reports';
import { readChannelNames } from '../tv/channels';
import {
  alreadySetUpNext,
  areaNote,
  chooseRemoteNext,
  describeChannelNames,
  describeVolumeStep,
  names,
  refusals,
  registeredNext,
  removedNext,
} from './answers';
import { tellGoogle } from './google-sync';
import { StepRecorder } from './steps';
import { DEFAULT_TV_NAME, ensureTvOnRemote, findTv, registerTv } from './tv';
import type { DeviceRef, SetupDeps, SetupResult } from './types';
import { chooseToken, readUser, resolveUser, type SetupUser } from './user';

/**
 * Longer than the setup Lambda may run (90 s), so a live run never loses its lease; a crashed run
 * blocks the user's next setup for at most this long.
 */
export const SETUP_LEASE_SECONDS = 120;

export async function runSetup(deps: SetupDeps, event: unknown): Promise<SetupResult> {
  const logger = deps.logger ?? silentLogger;
  // Counted as Setup until the event reads as a removal (a refused event stays a Setup run).
  return meterCommand(
    'setup',
    'Setup',
    async (meter) => {
      try {
        return await setupRun(deps, event);
      } catch (e) {
        meter.outcome = outcomeOf(e);
        throw e;
      }
    },
    (record) => {
      // The run's closing line, after any 'setup failed': what its EMF line says.
      logger.info('setup finished', commandLogFields(record));
      deps.metrics?.(record);
    },
  );
}

/** The run itself: a failure is logged with what it names, and thrown. */
async function setupRun(deps: SetupDeps, event: unknown): Promise<SetupResult> {
  const logger = deps.logger ?? silentLogger;
  const steps = new StepRecorder(logger, deps.onStep);
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000);
  try {
    const input = parseSetupEvent(event);
    if (input.removeTv !== undefined) renameCommand('RemoveTv');
    const user = await steps.attempt('resolve-user', () => resolveUser(deps.store, input, nowSeconds));
    // One run per user at a time: without it, two runs with different names register two TVs.
    const owner = randomUUID();
    const leased = await steps.attempt('take-lease', () =>
      deps.store.setups.takeSetupLease(user.userId, owner, nowSeconds, SETUP_LEASE_SECONDS),
    );
    if (!leased) {
      throw new SetupStepError('take-lease', refusals.userLeaseTaken(SETUP_LEASE_SECONDS / 60));
    }
    try {
      return await leasedRun(deps, steps, input, user, { owner, nowSeconds });
    } finally {
      await release(deps, () => deps.store.setups.releaseSetupLease(user.userId, owner), { userId: user.userId });
    }
  } catch (e) {
    const fields =
      e instanceof SetupStepError
        ? { step: e.step, kind: e.kind, endpoint: e.endpoint }
        : e instanceof SetupInputError
          ? { field: e.field }
          : {};
    logger.error('setup failed', { ...fields, error: e instanceof Error ? e.message : 'unknown failure' });
    throw e;
  }
}

/** A lease this run holds: by its owner id, taken at nowSeconds. */
interface RunLease {
  owner: string;
  nowSeconds: number;
}

/** A lease expires on its own: a failure to release one is logged, and the run's outcome stands. */
async function release(
  deps: SetupDeps,
  work: () => Promise<void>,
  ids: { userId?: string; gatewayId?: string },
): Promise<void> {
  await work().catch((e: unknown) => {
    (deps.logger ?? silentLogger).warn('could not release the setup lease', {
      ...ids,
      error: e instanceof Error ? e.message : 'unknown failure',
    });
  });
}

/** The run proper, under the user's lease: the record is read only now, so a run that just ended is seen. */
async function leasedRun(
  deps: SetupDeps,
  steps: StepRecorder,
  input: SetupEvent,
  user: SetupUser,
  lease: RunLease,
): Promise<SetupResult> {
  const record = await steps.attempt('resolve-user', () => readUser(deps.store.links, user));
  const tvs = record?.tvs ?? [];
  const finished = await finishRemovals(deps, steps, user.userId, record?.removing ?? []);
  if (input.removeTv !== undefined) return await removeTv(deps, steps, user, tvs, input, finished);

  const setupName = input.tvName ?? DEFAULT_TV_NAME;
  const progress = record?.setups?.[tvNameKey(setupName)];
  // A named TV the user has, or (for a run naming none) any TV once no first-TV run is unfinished.
  const existing =
    input.tvName !== undefined
      ? tvs.find((tv) => sameName(tv.deviceName, setupName))
      : progress === undefined
        ? tvs[0]
        : undefined;
  if (existing !== undefined) return await alreadySetUp(deps, steps, user, input, existing, tvs);
  refuseUsedCode(user);
  // Alexa tells TVs apart by what is said: "Bedroom" and "Bedroom TV" would be the same TV to it.
  const alike =
    input.tvName === undefined ? undefined : tvs.find((tv) => nameCore(tv.deviceName) === nameCore(setupName));
  if (alike !== undefined) {
    throw new SetupInputError('tvName', refusals.soundsAlike(setupName, alike.deviceName));
  }

  const token = chooseToken(input, record);
  steps.scrubSecret(token);
  steps.record(
    'resolve-user',
    'done',
    `setting up ${input.tvName === undefined ? 'a TV' : `TV '${input.tvName}'`} for user ${user.userId} ` +
      `with the ${input.accessToken !== undefined ? 'given' : 'stored'} access token`,
    { userId: user.userId },
  );

  const ctx: SetupContext = {
    store: deps.store,
    api: deps.cloud.forToken(token),
    steps,
    input,
    userId: user.userId,
    setupName,
    tvs,
    progress: { ...progress },
  };
  const gateways = await listGateways(ctx);
  const leased = await takeGatewayLeases(deps, steps, gateways, lease);
  try {
    return await setUpOnGateways(deps, ctx, user, gateways);
  } finally {
    await releaseGatewayLeases(deps, leased, lease);
  }
}

/**
 * One run per home gateway at a time, whichever Alexa user runs it: users sharing a device-cloud account
 * would otherwise register its remote or a TV twice. Every listed gateway (the search below may act on
 * any), in one order so two runs meet at the first; taken before the search, so what it sees stays
 * true. A refusal frees what this run took and changes nothing.
 */
async function takeGatewayLeases(
  deps: SetupDeps,
  steps: StepRecorder,
  gateways: string[],
  lease: RunLease,
): Promise<string[]> {
  const taken: string[] = [];
  try {
    for (const gatewayId of [...gateways].sort()) {
      if (
        !(await steps.attempt('take-lease', () =>
          deps.store.setups.takeGatewayLease(gatewayId, lease.owner, lease.nowSeconds, SETUP_LEASE_SECONDS),
        ))
      ) {
        throw new SetupStepError('take-lease', refusals.gatewayLeaseTaken(gatewayId, SETUP_LEASE_SECONDS / 60));
      }
      taken.push(gatewayId);
    }
    return taken;
  } catch (e) {
    await releaseGatewayLeases(deps, taken, lease);
    throw e;
  }
}

async function releaseGatewayLeases(deps: SetupDeps, gateways: string[], lease: RunLease): Promise<void> {
  for (const gatewayId of gateways)
    await release(deps, () => deps.store.setups.releaseGatewayLease(gatewayId, lease.owner), { gatewayId });
}

/** Registration proper, under the leases of the account's gateways. */
async function setUpOnGateways(
  deps: SetupDeps,
  ctx: SetupContext,
  user: SetupUser,
  gateways: string[],
): Promise<SetupResult> {
  const { steps, input, tvs, setupName } = ctx;
  const found = await findRemote(ctx, gateways);
  if ('choose' in found) {
    return {
      status: 'choose_remote',
      remotes: found.choose,
      tvs: tvs.map(ref),
      steps: steps.reports,
      next: chooseRemoteNext(found.choose),
    };
  }
  // The user's TVs keep their names even where this run's search did not reach them.
  for (const tv of tvs) found.names.add(tv.deviceName, tv.thingId);
  const remote = await ensureRemote(ctx, found);
  const onRemote = await ensureTvOnRemote(ctx, remote, found);
  if ('choose' in onRemote) {
    return {
      status: 'choose_preset',
      remote: ref(remote),
      presets: onRemote.choose,
      tvs: tvs.map(ref),
      steps: steps.reports,
      next: choosePresetHint(input, onRemote.choose, deps.deployment),
    };
  }
  const registered = await registerTv(ctx, remote, onRemote.tv, await findTv(ctx, remote, onRemote.tv, found));
  // No area given: the prefecture of the Echo the link code was asked on, when the skill could read it.
  const fromEcho = input.channels?.area === undefined ? echoArea(user.postalCode) : undefined;
  const channels = fromEcho ? { ...input.channels, area: fromEcho.id } : input.channels;
  const tv: RegisteredTv = {
    ...registered,
    ...(channels && { channels }),
    ...(input.volumeStep !== undefined && { volumeStep: input.volumeStep }),
  };
  const indexed = { ...tv, ...onRemote.tv.labels, userId: user.userId };
  await steps.attempt('save-tv', async () => {
    await saveTv(deps, user.userId, tv, setupName);
    await deps.store.tvs.indexTv(indexed);
  });
  steps.record(
    'save-tv',
    'done',
    `saved TV '${tv.deviceName}' (${tv.thingId}) for voice commands and smart-home discovery` +
      (channels ? `, channels named by ${describeChannelNames(channels)}` : '') +
      (tv.volumeStep === undefined ? '' : `, ${describeVolumeStep(tv.volumeStep)}`),
    { userId: user.userId, tvThingId: tv.thingId },
  );
  if (input.code !== undefined) await consumeCode(deps, steps, input.code);
  const alexa = await tellAlexa(deps, steps, 'added', indexed);
  await tellGoogle(deps, steps, indexed, gateways);
  const all = [...tvs, tv];
  return {
    status: 'registered',
    tv: ref(tv),
    tvs: all.map(ref),
    remote: ref(remote),
    steps: steps.reports,
    next: registeredNext(all, tv) + areaNote(channels, fromEcho) + alexa,
  };
}

/** The prefecture of the Echo's postal code, if the link code carries one that is in use. */
function echoArea(postalCode: string | undefined): { id: string; postalCode: string } | undefined {
  const digits = postalCode === undefined ? undefined : postalCodeDigits(postalCode);
  const prefecture = digits === undefined ? undefined : prefectureOfPostalCode(digits);
  return prefecture && digits ? { id: prefecture.id, postalCode: writtenPostalCode(digits) } : undefined;
}

/**
 * A used code only reports what its run set up: adding or forgetting a TV, or renaming its channels,
 * takes a fresh one.
 */
function refuseUsedCode(user: SetupUser, doing = ''): void {
  if (user.codeUsed) {
    throw new SetupInputError('code', refusals.usedCode(doing));
  }
}

/**
 * A rerun for a TV that is set up: reported, with no device-cloud call (an area or channel names given
 * are saved for it). The TVs it reports are indexed for smart-home discovery again, so one saved before
 * the index existed (or whose index write failed) gets listed now.
 */
async function alreadySetUp(
  deps: SetupDeps,
  steps: StepRecorder,
  user: SetupUser,
  input: SetupEvent,
  tv: RegisteredTv,
  tvs: RegisteredTv[],
): Promise<SetupResult> {
  // What the run gives replaces that part only: own names given keep the prefecture (perhaps the Echo's), and the reverse.
  const channels = input.channels && { ...readChannelNames(tv.channels), ...input.channels };
  const { volumeStep } = input;
  // What the rerun changes on the TV: its channel names, its volume step, or nothing.
  const changes = [
    ...(channels ? [`channel names of TV '${tv.deviceName}' set to ${describeChannelNames(channels)}`] : []),
    ...(volumeStep === undefined ? [] : [`TV '${tv.deviceName}': ${describeVolumeStep(volumeStep)}`]),
  ];
  const changed = changes.length > 0;
  const { userId } = user;
  if (changed && input.tvName === undefined && tvs.length > 1) {
    throw new SetupInputError('tvName', refusals.whichTvToChange(tvs, channels ? 'channel names' : 'volume step'));
  }
  if (changed)
    refuseUsedCode(
      user,
      channels ? ', and a used code cannot change channel names' : ', and a used code cannot change a TV',
    );
  steps.record(
    'resolve-user',
    'done',
    input.tvName === undefined
      ? `user already has ${tvs.length === 1 ? 'a TV' : `${tvs.length} TVs`} (${names(tvs)})`
      : `user already has TV '${tv.deviceName}' (${tv.thingId})`,
    { userId, tvThingId: tv.thingId },
  );
  // A rerun with an area, own names or a volume step changes only that on that TV.
  const updated: RegisteredTv = changed
    ? { ...tv, ...(channels && { channels }), ...(volumeStep !== undefined && { volumeStep }) }
    : tv;
  const repaired: RegisteredTv[] = [];
  for (const reported of input.tvName === undefined ? tvs : [tv]) {
    const current = reported.thingId === tv.thingId ? updated : reported;
    // A used code writes nothing, not even the index repair.
    if (!user.codeUsed) {
      await steps.attempt('save-tv', async () => {
        if (changed && current === updated) await saveTv(deps, userId, updated, updated.deviceName);
        if (await deps.store.tvs.indexTv({ ...current, userId })) repaired.push(current);
      });
    }
    steps.record(
      'save-tv',
      changed && current === updated ? 'done' : 'reused',
      changed && current === updated
        ? `${changes.join('; ')}, for voice commands and smart-home discovery`
        : `TV '${current.deviceName}' is listed for smart-home discovery on gateway ${current.gatewayId}`,
      { userId, tvThingId: current.thingId },
    );
  }
  // New channel names or a volume step change the endpoint's cookie: Alexa's copy of it is replaced too.
  // A TV the index lacked was never reported either (its run stopped before): Alexa is told of it now.
  let alexa = changed ? await tellAlexa(deps, steps, 'updated', { ...updated, userId }) : '';
  for (const added of repaired.filter((t) => t !== updated || !changed))
    alexa += await tellAlexa(deps, steps, 'added', { ...added, userId });
  if (changed || repaired.length > 0) await tellGoogle(deps, steps, { ...updated, userId });
  return {
    status: 'already_registered',
    tv: ref(updated),
    tvs: tvs.map(ref),
    steps: steps.reports,
    next:
      alreadySetUpNext(tv, tvs, input.tvName !== undefined, {
        ...(channels && { channels }),
        ...(volumeStep !== undefined && { volumeStep }),
      }) + alexa,
  };
}

/**
 * Forgets a TV, for voice commands and for smart-home discovery. The interface has no call that deletes
 * a registration, so the device cloud keeps it; setting the TV up again under its name takes that
 * registration back.
 */
async function removeTv(
  deps: SetupDeps,
  steps: StepRecorder,
  user: SetupUser,
  tvs: RegisteredTv[],
  input: SetupEvent,
  finished: FinishedRemoval[],
): Promise<SetupResult> {
  const name = input.removeTv ?? '';
  const tv = tvs.find((t) => sameName(t.deviceName, name));
  // Or the rerun of a removal that stopped part way, which this run has just finished (and told Alexa of).
  const rerun = tv === undefined ? finished.find((f) => sameName(f.tv.deviceName, name)) : undefined;
  const gone = tv ?? rerun?.tv;
  if (gone === undefined) {
    throw new SetupInputError('removeTv', refusals.notATv(name, tvs));
  }
  if (tv !== undefined) {
    refuseUsedCode(user);
    const removed = await steps.attempt('remove-tv', async () => {
      const forgotten = await deps.store.tvs.removeTv(user.userId, tv);
      // Smart-home discovery no longer lists it either (for this user; others who have it keep it).
      await forgetInIndex(deps, user.userId, tv);
      return forgotten;
    });
    steps.record(
      'remove-tv',
      removed ? 'done' : 'skipped',
      removed
        ? `forgot TV '${tv.deviceName}' (${tv.thingId})`
        : `TV '${tv.deviceName}' (${tv.thingId}) was already forgotten`,
      { userId: user.userId, tvThingId: tv.thingId },
    );
  }
  const left = tvs.filter((t) => t.thingId !== gone.thingId);
  const alexa = rerun?.alexa ?? (await tellAlexa(deps, steps, 'removed', { ...gone, userId: user.userId }));
  if (tv !== undefined) await tellGoogle(deps, steps, { ...gone, userId: user.userId });
  return {
    status: 'removed',
    tv: ref(gone),
    tvs: left.map(ref),
    steps: steps.reports,
    next: removedNext(gone, left) + alexa,
  };
}

/** The gateway index no longer lists the TV for this user; then the record stops remembering the removal. */
async function forgetInIndex(deps: SetupDeps, userId: string, tv: RegisteredTv): Promise<void> {
  await deps.store.tvs.unindexTv({ gatewayId: tv.gatewayId, thingId: tv.thingId, userId });
  await deps.store.tvs.finishRemoval(userId, tv.thingId);
}

/** A removal this run finished, and what telling Alexa of it adds to the answer. */
interface FinishedRemoval {
  tv: RegisteredTv;
  alexa: string;
}

/**
 * Removals an earlier run began and did not finish (the index update failed): finished first, by any
 * run of the user, so discovery stops listing the TV, and Alexa is told (the run that began it stopped
 * before that).
 */
async function finishRemovals(
  deps: SetupDeps,
  steps: StepRecorder,
  userId: string,
  removing: RegisteredTv[],
): Promise<FinishedRemoval[]> {
  const finished: FinishedRemoval[] = [];
  for (const tv of removing) {
    await steps.attempt('remove-tv', () => forgetInIndex(deps, userId, tv));
    steps.record(
      'remove-tv',
      'done',
      `finished forgetting TV '${tv.deviceName}' (${tv.thingId}): smart-home discovery no longer lists it`,
      { userId, tvThingId: tv.thingId },
    );
    finished.push({ tv, alexa: await tellAlexa(deps, steps, 'removed', { ...tv, userId }) });
    await tellGoogle(deps, steps, { ...tv, userId });
  }
  return finished;
}

async function saveTv(deps: SetupDeps, userId: string, tv: RegisteredTv, setupName: string): Promise<void> {
  try {
    await deps.store.tvs.saveTv(userId, tv, setupName);
  } catch (e) {
    // Names are checked against the user's TVs before registering; this is a concurrent run's TV.
    if (e instanceof TvNameTaken) throw new SetupStepError('save-tv', refusals.nameTakenMeanwhile(tv.deviceName));
    throw e;
  }
}

/** Only after success, so a failed run can be rerun with the same code; a failure here is not fatal. */
async function consumeCode(deps: SetupDeps, steps: StepRecorder, code: string): Promise<void> {
  try {
    await deps.store.linkCodes.consumeLinkCode(code);
    steps.record('consume-code', 'done', 'the link code is used up');
  } catch (e) {
    steps.record(
      'consume-code',
      'skipped',
      `the link code could not be marked used (${e instanceof Error ? e.name : 'error'}); it expires on its own`,
    );
  }
}

function ref(device: RegisteredDevice): DeviceRef {
  return { thingId: device.thingId, deviceName: device.deviceName };
}
