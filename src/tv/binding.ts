// The binding of an access token and a TV to a TvControl, with the deadline of the request it serves.
// Both doors (custom skill, smart home) bind the same way, so a voice command costs the same calls
// and stops at the same point whichever door it came through.
import type { DeviceCloudConnector } from '../cloud/api';
import { TvControl } from './control';

/** Alexa waits 8 s for an answer; the device calls must be done a little before that. */
export const DEFAULT_BUDGET_MS = 7000;

export interface BoundTv {
  /** Holds the token privately (the client keeps it in a #private field). */
  control: TvControl;
  /** Epoch ms by which the last device-cloud call must have ended. */
  deadline: number;
}

export interface BindOptions {
  /** Epoch ms by which the last call must end; usually `deadlineFrom(now, budget)` at the request's start. */
  deadline: number;
  now?: () => number;
}

export function bindTv(cloud: DeviceCloudConnector, token: string, thingId: string, options: BindOptions): BoundTv {
  const control = new TvControl(cloud.forToken(token), thingId, { callTimeoutMs: cloud.timeoutMs, now: options.now });
  return { control, deadline: options.deadline };
}

/** The deadline of a request that starts now and may spend `budgetMs` on the device cloud. */
export function deadlineFrom(now: () => number, budgetMs: number = DEFAULT_BUDGET_MS): number {
  return now() + budgetMs;
}
