// The TV as the product sees it: power, channel and volume with limits and step counts, what each
// command did, and the refusals raised before any call. It knows nothing of Alexa; every failure of the
// device cloud stays a DeviceCloudError.
import { isDeviceCloudError, type DeviceCloudError } from '../cloud/errors';
import type { DeviceCloudConnector, TvControlApi } from '../cloud/api';
import { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber, type ChannelDirection, type VolumeDirection } from '../cloud/types';
import type { Outcome } from '../metrics';
import { Refusal, type CountedError } from '../outcome';

export { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber };

/**
 * Most IR presses one command sends (channel or volume steps). A longer run is refused before its first
 * press, so a command is done whole or not at all, and a misheard "fifty" sends nothing. Two fewer than
 * `npm run bench:presses` finds fit in the budget (each press may take the client's whole timeout), leaving
 * room for a table read and a slower Lambda; the bench fails if this ever exceeds what fits, and
 * docs/cold-start.md has its figures.
 */
export const MAX_STEPS = 36;
/** Steps sent when the user names no count (volume: unless the TV's own `volumeStep` says otherwise). */
export const DEFAULT_STEPS = 1;
/**
 * The most a TV's `volumeStep` may be: the presses "volume up" with no number sends. TVs differ (one
 * press is 1 of 100 on some, 1 of 30 on others), so setup sets it per TV; a small number, as a default.
 */
export const VOLUME_STEP_MAX = 5;

export function isVolumeStep(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= VOLUME_STEP_MAX;
}

/** What a command did, in terms the caller can put into words. */
export interface PowerOutcome {
  /** The TV reported it was already in the wanted state (Device Connect "illegal device state"). */
  already: boolean;
}

export interface StepOutcome {
  /** Steps this run set out to send. */
  requested: number;
  /** Steps the device cloud confirmed. */
  done: number;
  /** Why the run ended before `requested`: the deadline, or the failure of step `done + 1`. */
  stoppedBy?: 'deadline' | DeviceCloudError;
}

/**
 * A command the TV's rules refuse before any press, so the caller can explain without the device cloud.
 * A door that only needs "refused by rule" tests for this; its words or error code for each rule go by
 * the concrete class.
 */
export abstract class TvRefusal extends Refusal {}

export class ChannelOutOfRange extends TvRefusal {
  readonly min = CHANNEL_MIN;
  readonly max = CHANNEL_MAX;

  constructor(readonly channel: number) {
    super(`channel must be a whole number from ${CHANNEL_MIN} to ${CHANNEL_MAX}, got ${channel}`);
    this.name = 'ChannelOutOfRange';
  }
}

/** A step count that is not a whole number of at least one ("go up zero channels"). */
export class InvalidStepCount extends TvRefusal {
  constructor(readonly count: number) {
    super(`step count must be a whole number of at least 1, got ${count}`);
    this.name = 'InvalidStepCount';
  }
}

/** More steps than one command may send (MAX_STEPS): refused before any press. */
export class TooManySteps extends TvRefusal {
  readonly max = MAX_STEPS;

  constructor(readonly count: number) {
    super(`one command sends at most ${MAX_STEPS} steps, got ${count}`);
    this.name = 'TooManySteps';
  }
}

/**
 * A step run that is not whole: stopped by the deadline (possibly before its first step), or by a failed
 * step after others landed. Never a success: the person would hear "OK" for what was not done.
 */
export class StepsCutShort extends Error implements CountedError {
  constructor(
    readonly done: number,
    readonly requested: number,
    readonly stoppedBy: 'deadline' | DeviceCloudError,
  ) {
    super(
      `${done} of ${requested} steps sent, then ${stoppedBy === 'deadline' ? 'the time the platform allows ran out' : `a step failed (${stoppedBy.kind})`}`,
    );
    this.name = 'StepsCutShort';
  }

  /** Some of it done, or none: only the deadline cuts a run short before its first step (wholeRun throws a failed first step itself). */
  get outcome(): Outcome {
    return this.done > 0 ? 'partial' : 'deadline';
  }
}

/**
 * A run is whole or it is a failure: returns only when every step landed. Nothing moved and a call failed:
 * that failure itself is thrown, since it says why; otherwise StepsCutShort with how far the run got.
 */
export function wholeRun(outcome: StepOutcome): void {
  const { done, requested, stoppedBy } = outcome;
  if (stoppedBy === undefined) return;
  if (done === 0 && stoppedBy !== 'deadline') throw stoppedBy;
  throw new StepsCutShort(done, requested, stoppedBy);
}

/** The platforms wait 8 s for an answer; the device calls must be done a little before that. */
export const DEFAULT_BUDGET_MS = 7000;

/** The deadline of a request that starts now and may spend `budgetMs` on the device cloud. */
export function deadlineFrom(now: () => number, budgetMs: number = DEFAULT_BUDGET_MS): number {
  return now() + budgetMs;
}

export interface TvControlOptions {
  /** The longest one device-cloud call may take (the client's timeout). */
  callTimeoutMs: number;
  /** Epoch ms by which the last call must have ended: no step starts that could end later. None: no limit. */
  deadline?: number;
  now?: () => number;
}

/**
 * The request's control of one TV: the token's API (the client keeps the token in a #private field), the
 * TV's thingId and the request's deadline, so every door's command costs the same calls and stops at the
 * same point.
 */
export function tvControlFor(
  cloud: DeviceCloudConnector,
  token: string,
  thingId: string,
  options: { deadline: number; now?: () => number },
): TvControl {
  return new TvControl(cloud.forToken(token), thingId, {
    callTimeoutMs: cloud.timeoutMs,
    deadline: options.deadline,
    now: options.now,
  });
}

export class TvControl {
  private readonly now: () => number;
  private readonly callTimeoutMs: number;
  private readonly deadline: number | undefined;

  constructor(
    private readonly api: TvControlApi,
    private readonly thingId: string,
    options: TvControlOptions,
  ) {
    this.callTimeoutMs = options.callTimeoutMs;
    this.deadline = options.deadline;
    this.now = options.now ?? Date.now;
  }

  /** An IR remote cannot see the TV: "already on" comes back as an illegal-state error, which is fine. */
  async powerOn(): Promise<PowerOutcome> {
    return this.power(() => this.api.tvPowerOn(this.thingId));
  }

  async powerOff(): Promise<PowerOutcome> {
    return this.power(() => this.api.tvPowerOff(this.thingId));
  }

  /** Throws ChannelOutOfRange, without calling anything, unless 1 <= channel <= 12. */
  async setChannel(channel: number): Promise<void> {
    if (!isChannelNumber(channel)) throw new ChannelOutOfRange(channel);
    await this.api.tvChannel(this.thingId, { tuning: channel });
  }

  stepChannel(direction: ChannelDirection, count: number = DEFAULT_STEPS): Promise<StepOutcome> {
    return this.run(count, () => this.api.tvChannel(this.thingId, { control: direction }));
  }

  stepVolume(direction: VolumeDirection, steps: number = DEFAULT_STEPS): Promise<StepOutcome> {
    return this.run(steps, () => this.api.tvVolume(this.thingId, direction));
  }

  private async power(send: () => Promise<unknown>): Promise<PowerOutcome> {
    try {
      await send();
      return { already: false };
    } catch (e) {
      if (isDeviceCloudError(e, 'device_state')) return { already: true };
      throw e;
    }
  }

  /**
   * Sends one step after another (each IR burst must land before the next), stopping at the deadline.
   * Refuses, before any call, a count that is not a whole number of at least one or is above MAX_STEPS.
   */
  private async run(requested: number, step: () => Promise<unknown>): Promise<StepOutcome> {
    if (!Number.isInteger(requested) || requested < 1) throw new InvalidStepCount(requested);
    if (requested > MAX_STEPS) throw new TooManySteps(requested);
    const outcome: StepOutcome = { requested, done: 0 };
    while (outcome.done < requested) {
      if (this.deadline !== undefined && this.now() + this.callTimeoutMs > this.deadline) {
        outcome.stoppedBy = 'deadline';
        return outcome;
      }
      try {
        await step();
      } catch (e) {
        if (!isDeviceCloudError(e)) throw e;
        outcome.stoppedBy = e;
        return outcome;
      }
      outcome.done += 1;
    }
    return outcome;
  }
}
