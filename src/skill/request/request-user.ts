// Who is asking, as resolved once per request (resolve-user.ts) and kept in the request attributes: the
// user, their TVs, the TV the command is for, and the TV control bound to it.
import type { HandlerInput } from 'ask-sdk-core';
import type { RegisteredTv } from '../../store/types';
import { readChannelNames, type ChannelNames } from '../../tv/channels';
import { nameCore } from '../../tv/names';
import type { TvControl } from '../../tv/control';

export const REQUEST_USER = 'tvRemote.requestUser';

/** The TV a command is for (`tv`, when one could be told), or why none could be. */
export type TargetTv =
  | { kind: 'chosen'; tv: RegisteredTv }
  /** Several TVs, none named, none used yet in this session. */
  | { kind: 'ask'; tv?: undefined }
  /** A name that is none of the user's TVs. */
  | { kind: 'unknown'; spoken: string; tv?: undefined };

export class RequestUser {
  constructor(
    readonly userId: string,
    /** True when a token was found, in the request or (as a fallback) in the store. */
    readonly linked: boolean,
    /** The user's TVs, oldest first; empty until setup has finished one. */
    readonly tvs: RegisteredTv[],
    /** For TV intents and touches of a user with TVs: which TV the command is for, or why none could be told. */
    readonly target: TargetTv | undefined,
    /** Bound to the token and the chosen TV; absent otherwise. Holds the token privately. */
    readonly control: TvControl | undefined,
    /** Epoch ms by which the last device-cloud call must end. */
    readonly deadline: number,
  ) {}

  /** The TV the command is for, when one could be told. */
  get tv(): RegisteredTv | undefined {
    return this.target?.tv;
  }
}

/** The user resolved by the interceptor, or undefined for requests that need none. */
export function findRequestUser(input: HandlerInput): RequestUser | undefined {
  const value: unknown = input.attributesManager.getRequestAttributes()[REQUEST_USER];
  return value instanceof RequestUser ? value : undefined;
}

/** For handlers behind the gate and the TV choice: the chosen TV's control, the deadline, its channel names. */
export function requireTv(input: HandlerInput): {
  control: TvControl;
  deadline: number;
  channels?: ChannelNames;
  volumeStep?: number;
} {
  const user = findRequestUser(input);
  if (!user?.control) throw new Error('TV handler reached without a linked user and a chosen TV');
  const { tv } = user;
  return {
    control: user.control,
    deadline: user.deadline,
    channels: readChannelNames(tv?.channels),
    volumeStep: tv?.volumeStep,
  };
}

/** The chosen TV's name as spoken, when the user has several TVs to tell apart; else undefined. */
export function spokenTv(input: HandlerInput): string | undefined {
  const user = findRequestUser(input);
  const core = user?.tv && user.tvs.length > 1 ? nameCore(user.tv.deviceName) : '';
  return core === '' ? undefined : core;
}
