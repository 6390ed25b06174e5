// The TV as the product sees it: power, channel and volume with limits and step counts.
// It knows nothing of Alexa; every failure of the device cloud stays a DeviceCloudError.
import { isDeviceCloudError } from '../cloud/errors';
import type { TvControlApi } from '../cloud/api';
import type { ChannelDirection, VolumeDirection } from '../cloud/types';
import { ChannelOutOfRange, InvalidStepCount } from './errors';
import { DEFAULT_STEPS, isChannelNumber, MAX_CHANNEL_STEPS, MAX_VOLUME_STEPS } from './limits';
import type { PowerOutcome, StepOutcome } from './outcomes';

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
