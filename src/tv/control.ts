// The TV as the product sees it: power, channel and volume with limits and step counts, what each
// command did, and the refusals raised before any call. It knows nothing of Alexa; every failure of the
// device cloud stays a DeviceCloudError.
import { isDeviceCloudError, type DeviceCloudError } from '../cloud/errors';
import type { TvControlApi } from '../cloud/api';
import { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber, type ChannelDirection, type VolumeDirection } from '../cloud/types';

export { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber };

// How far one voice command may move the TV. Caps keep a misheard "fifty" from sending fifty IR
// bursts, and keep a whole run inside Alexa's answer window.
/** Most channel steps one "next/previous channel" command sends. */
export const MAX_CHANNEL_STEPS = 5;
/** Most volume steps one "volume up/down" command sends. */
export const MAX_VOLUME_STEPS = 10;
/** Steps sent when the user names no count. */
export const DEFAULT_STEPS = 1;

/** What a command did, in terms the caller can put into words. */
export interface PowerOutcome {
  /** The TV reported it was already in the wanted state (Device Connect "illegal device state"). */
  already: boolean;
}

export interface StepOutcome {
  /** What the caller asked for (DEFAULT_STEPS when it named none). */
  asked: number;
  /** Steps this run set out to send: `asked`, capped at the limit. */
  requested: number;
  /** Steps the device cloud confirmed. */
  done: number;
  /** True when `asked` was above the limit. */
  capped: boolean;
  /** Why the run ended before `requested`: the deadline, or the failure of step `done + 1`. */
  stoppedBy?: 'deadline' | DeviceCloudError;
}

// Refusals raised before any call, so the caller can explain without the device cloud.
export class ChannelOutOfRange extends Error {
  readonly min = CHANNEL_MIN;
  readonly max = CHANNEL_MAX;

  constructor(readonly channel: number) {
    super(`channel must be a whole number from ${CHANNEL_MIN} to ${CHANNEL_MAX}, got ${channel}`);
    this.name = 'ChannelOutOfRange';
  }
}

/** A step count that is not a whole number of at least one ("go up zero channels"). */
export class InvalidStepCount extends Error {
  constructor(readonly count: number) {
    super(`step count must be a whole number of at least 1, got ${count}`);
    this.name = 'InvalidStepCount';
  }
}

export interface TvControlOptions {
  /** The longest one device-cloud call may take (the client's timeout). */
  callTimeoutMs: number;
  now?: () => number;
}

export interface StepOptions {
  /** Epoch ms by which the last call must have ended; no call starts that could end later. */
  deadline?: number;
}

export class TvControl {
  private readonly now: () => number;
  private readonly callTimeoutMs: number;

  constructor(private readonly api: TvControlApi, private readonly thingId: string, options: TvControlOptions) {
    this.callTimeoutMs = options.callTimeoutMs;
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

  stepChannel(direction: ChannelDirection, count: number = DEFAULT_STEPS, options: StepOptions = {}): Promise<StepOutcome> {
    return this.run(count, MAX_CHANNEL_STEPS, options, () => this.api.tvChannel(this.thingId, { control: direction }));
  }

  stepVolume(direction: VolumeDirection, steps: number = DEFAULT_STEPS, options: StepOptions = {}): Promise<StepOutcome> {
    return this.run(steps, MAX_VOLUME_STEPS, options, () => this.api.tvVolume(this.thingId, direction));
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

  /** Sends one step after another (each IR burst must land before the next), stopping at the deadline. */
  private async run(asked: number, limit: number, options: StepOptions, step: () => Promise<unknown>): Promise<StepOutcome> {
    if (!Number.isInteger(asked) || asked < 1) throw new InvalidStepCount(asked);
    const requested = Math.min(asked, limit);
    const outcome: StepOutcome = { asked, requested, done: 0, capped: asked > limit };
    while (outcome.done < requested) {
      if (options.deadline !== undefined && this.now() + this.callTimeoutMs > options.deadline) {
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
