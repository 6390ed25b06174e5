// Domain refusals: raised before any call, so the caller can explain without the device cloud.
import { CHANNEL_MAX, CHANNEL_MIN } from './limits';

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
