// A setup run started by voice and followed on the user's record: started at most once for a request
// (the conditional write decides, so an Alexa retry or a "yes" on a second Echo starts nothing new), the
// setup function triggered (setup-trigger.ts), and the record read until the run ends or the request
// must answer. What comes next is returned, for the conversation to say or ask.
import type { HandlerInput } from 'ask-sdk-core';
import type { Logger } from '../../log';
import type { VoiceSetup } from '../../store/types';
import type { UserStore } from '../../store';
import { prefectureById } from '../../tv/areas';
import { sayWhileWorking } from '../services/progressive';
import type { RequestUser } from '../request/request-user';
import type { SetupTrigger } from '../services/setup-trigger';
import type { Words } from '../words';
import type { Question, RunPlan } from './question';

export interface VoiceRunDeps {
  store: UserStore;
  trigger: SetupTrigger;
  now: () => number;
  logger: Logger;
}

/** A run that never recorded its end (its Lambda died) stops blocking the next after this long. */
export const VOICE_RUN_STALE_SECONDS = 150;
/** How often the record is read while a run goes on. */
const POLL_MS = 300;
/** The answer leaves this long before the request's deadline, whatever the run does. */
const ANSWER_MARGIN_MS = 1000;

/** The last words (the conversation ends), or the next question. */
export type Next = { end: string } | { ask: Question };

/**
 * Starts the run for this request, plays "looking…" while the first run of a conversation goes on, and
 * follows it. A run already going for the same TV (a "yes" on a second Echo) is followed, not started again.
 */
export async function startRun(
  deps: VoiceRunDeps,
  input: HandlerInput,
  user: RequestUser,
  w: Words,
  plan: RunPlan,
): Promise<Next> {
  const requestId = input.requestEnvelope.request.requestId;
  const started = await deps.store.setups.startVoiceSetup(
    user.userId,
    {
      requestId,
      kind: plan.kind,
      tvName: plan.tvName,
      state: 'running',
      startedAt: Math.floor(deps.now() / 1000),
    },
    VOICE_RUN_STALE_SECONDS,
  );
  if (started === 'busy') {
    const going = (await deps.store.links.get(user.userId))?.voiceSetup;
    if (going?.state === 'running' && going.kind === plan.kind && going.tvName === plan.tvName)
      return follow(deps, user, w, plan, going.requestId, false);
    return { end: w.voiceSetup.failed.busy };
  }
  if (started === 'started') {
    try {
      await deps.trigger.start({
        userId: user.userId,
        voiceRun: requestId,
        ...(plan.kind === 'remove' ? { removeTv: plan.tvName } : { tvName: plan.tvName }),
        ...(plan.area && { area: plan.area }),
        ...(plan.tvPresetId && { tvPresetId: plan.tvPresetId }),
        ...(plan.remoteName && { remoteName: plan.remoteName }),
      });
    } catch (e) {
      deps.logger.error('could not start the setup function', {
        userId: user.userId,
        error: e instanceof Error ? e.message : 'unknown failure',
      });
      await deps.store.setups.finishVoiceSetup(user.userId, requestId, { state: 'failed', failure: 'other' });
      return { end: w.voiceSetup.notStarted[plan.kind] };
    }
  }
  // The model or remote chosen continues the same setup: "looking for your TV" was said already.
  const continuing = plan.tvPresetId !== undefined || plan.remoteName !== undefined;
  if (!continuing)
    void sayWhileWorking(
      input.requestEnvelope,
      plan.kind === 'remove' ? w.voiceSetup.forgetting : w.voiceSetup.looking,
    );
  return follow(deps, user, w, plan, requestId, true);
}

/** Reads the run until it ends or the request must answer; how it ended, or the next question. */
export async function follow(
  deps: VoiceRunDeps,
  user: RequestUser,
  w: Words,
  plan: RunPlan,
  requestId: string,
  mine: boolean,
): Promise<Next> {
  const run = await watch(deps, user, requestId);
  switch (run?.state) {
    case 'ready':
      return { end: w.voiceSetup.ready(plan.tvName, plan.area === undefined ? undefined : prefectureById(plan.area)) };
    case 'removed':
      return { end: mine ? w.voiceSetup.forgotten(plan.tvName) : w.voiceSetup.alreadyForgotten(plan.tvName) };
    case 'choose_preset':
      return { ask: { ask: 'model', plan, choices: run.choices ?? [] } };
    case 'choose_remote':
      return { ask: { ask: 'remote', plan, choices: run.choices ?? [] } };
    case 'failed':
      return { end: w.voiceSetup.failed[run.failure ?? 'other'] };
    default:
      // Still running (or its record is not there yet): the next turn checks again.
      return { ask: { ask: 'wait', plan, requestId } };
  }
}

async function watch(deps: VoiceRunDeps, user: RequestUser, requestId: string): Promise<VoiceSetup | undefined> {
  for (;;) {
    const run = (await deps.store.links.get(user.userId))?.voiceSetup;
    const mine = run?.requestId === requestId ? run : undefined;
    if (mine && mine.state !== 'running') return mine;
    if (deps.now() + POLL_MS + ANSWER_MARGIN_MS > user.deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
