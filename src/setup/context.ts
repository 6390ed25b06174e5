// What every step of one setup run shares, and the checkpoint write that makes the run resumable.
import type { DeviceCloudApi } from '../cloud/api';
import type { RegisteredTv, SetupProgress } from '../store/types';
import type { UserStore } from '../store';
import type { SetupEvent } from './event';
import type { StepRecorder } from './steps';

export interface SetupContext {
  readonly store: UserStore;
  readonly api: DeviceCloudApi;
  readonly steps: StepRecorder;
  readonly input: SetupEvent;
  readonly userId: string;
  /** The name this run's checkpoints are kept under: the tvName asked for, else the default name. */
  readonly setupName: string;
  /** The TVs the user already has (this run sets up another). */
  readonly tvs: RegisteredTv[];
  /** The checkpoints as last written (or as read at the start). */
  progress: SetupProgress;
}

/** Replaces the checkpoints; called right after the registration they record. */
export async function checkpoint(
  ctx: SetupContext,
  next: Pick<SetupProgress, 'gatewayId' | 'remote' | 'tvOnRemote'>,
): Promise<void> {
  const now = new Date().toISOString();
  const progress: SetupProgress = { startedAt: ctx.progress.startedAt ?? now, updatedAt: now };
  // Only defined fields: the store marshals the object as is.
  if (next.gatewayId !== undefined) progress.gatewayId = next.gatewayId;
  if (next.remote !== undefined) progress.remote = next.remote;
  if (next.tvOnRemote !== undefined) progress.tvOnRemote = next.tvOnRemote;
  await ctx.store.setups.saveSetupProgress(ctx.userId, ctx.setupName, progress);
  ctx.progress = progress;
}
