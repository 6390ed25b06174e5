// A run the custom skill started by voice (event field `voiceRun`): whatever way it ends, its outcome is
// written on the user's record, where the conversation reads it. Runs from a terminal record nothing.
import { asRecord, parseJson } from '../json';
import { silentLogger } from '../log';
import type { VoiceSetup, VoiceSetupFailure } from '../store/types';
import { SetupInputError, SetupStepError } from './errors';
import { runSetup } from './setup';
import type { SetupDeps, SetupResult } from './types';

export async function runSetupEvent(deps: SetupDeps, event: unknown): Promise<SetupResult> {
  const run = voiceRunOf(event);
  if (run === undefined) return runSetup(deps, event);
  try {
    const result = await runSetup(deps, event);
    await record(deps, run, runStateOf(result));
    return result;
  } catch (e) {
    await record(deps, run, { state: 'failed', failure: failureOf(e) });
    throw e;
  }
}

/** The user and request of a voice run; runSetup validates the event itself. */
function voiceRunOf(event: unknown): { userId: string; requestId: string } | undefined {
  const obj = asRecord(typeof event === 'string' ? parseJson(event) : event);
  const userId = obj?.['userId'];
  const requestId = obj?.['voiceRun'];
  return typeof userId === 'string' && typeof requestId === 'string' ? { userId, requestId } : undefined;
}

function runStateOf(result: SetupResult): Pick<VoiceSetup, 'state' | 'choices'> {
  switch (result.status) {
    case 'registered':
    case 'already_registered':
      return { state: 'ready' };
    case 'removed':
      return { state: 'removed' };
    case 'choose_preset':
      return {
        state: 'choose_preset',
        choices: (result.presets ?? []).map((p) => ({ id: p.deviceId, label: presetLabel(p) })),
      };
    case 'choose_remote':
      return {
        state: 'choose_remote',
        choices: (result.remotes ?? []).map((r) => ({ id: r.thingId, label: r.deviceName })),
      };
  }
}

function presetLabel(p: { manufacturer?: string; typeName?: string; deviceId: string }): string {
  return [p.manufacturer, p.typeName].filter(Boolean).join(' ') || p.deviceId;
}

/** The failure in the conversation's terms: each has its own words (src/skill/words). */
function failureOf(e: unknown): VoiceSetupFailure {
  if (e instanceof SetupInputError) return e.field === 'tvName' ? 'name' : 'other';
  if (!(e instanceof SetupStepError)) return 'other';
  if (e.step === 'take-lease') return 'busy';
  if (e.kind === 'unauthorized') return 'relink';
  if (e.kind === 'offline') return 'offline';
  if (e.step === 'find-remote' || e.step === 'list-plugins') return 'no_remote';
  return 'other';
}

/** A lost record leaves the run `running` until it goes stale; the run itself stands. */
async function record(
  deps: SetupDeps,
  run: { userId: string; requestId: string },
  outcome: Pick<VoiceSetup, 'state' | 'choices' | 'failure'>,
): Promise<void> {
  await deps.store.setups.finishVoiceSetup(run.userId, run.requestId, outcome).catch((e: unknown) => {
    (deps.logger ?? silentLogger).warn('could not record the voice setup outcome', {
      userId: run.userId,
      state: outcome.state,
      error: e instanceof Error ? e.message : 'unknown failure',
    });
  });
}
