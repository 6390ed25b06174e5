// The setup function's public shapes: what it needs, what it reports step by step, what it returns.
import type { DiscoveryReporter } from '../alexa/reporter';
import type { DeviceCloudConnector } from '../cloud/api';
import type { Preset } from '../cloud/types';
import type { Deployment } from '../deployment';
import type { RequestSync } from '../homegraph/sync';
import type { Logger } from '../log';
import type { MetricsSink } from '../metrics';
import type { UserStore } from '../store';

export interface SetupDeps {
  store: UserStore;
  cloud: DeviceCloudConnector;
  logger?: Logger;
  /** Called as each step ends, so the sandbox can show progress while setup runs. */
  onStep?: (step: SetupStepReport) => void;
  /** Epoch ms; Date.now by default. */
  now?: () => number;
  /** The stage and region setup is deployed in, for the rerun command it suggests. */
  deployment?: Deployment;
  /** Receives the run's record for its EMF line (lambda.ts: stdout); none by default. */
  metrics?: MetricsSink;
  /** Tells Alexa of each TV added or forgotten (proactive discovery); absent without the skill's messaging client. */
  reporter?: Pick<DiscoveryReporter, 'added' | 'removed'>;
  /** Asks Google to sync the household after each change (Request Sync); absent without a service-account key. */
  google?: Pick<RequestSync, 'requestSync'>;
}

export type SetupStepId =
  | 'resolve-user'
  | 'take-lease'
  | 'list-plugins'
  | 'find-remote'
  | 'register-remote'
  | 'read-presets'
  | 'choose-preset'
  | 'register-tv-on-remote'
  | 'find-tv'
  | 'register-tv'
  | 'save-tv'
  | 'consume-code'
  | 'remove-tv'
  | 'tell-alexa'
  | 'tell-google';

/** done: this run did it; reused: found already done (by the cloud or a lost checkpoint); skipped: not needed. */
export type SetupOutcome = 'done' | 'skipped' | 'reused';

export interface SetupStepReport {
  step: SetupStepId;
  outcome: SetupOutcome;
  /** What happened, in words (names and thingIds, never a token). */
  detail: string;
}

export interface DeviceRef {
  thingId: string;
  deviceName: string;
}

/** removed: the TV named by removeTv is forgotten (its device-cloud registration stays). */
export type SetupStatus = 'registered' | 'already_registered' | 'choose_preset' | 'choose_remote' | 'removed';

export interface SetupResult {
  status: SetupStatus;
  /** The TV this run set up, found set up, or removed. */
  tv?: DeviceRef;
  /** Every TV the user has after the run, oldest first. */
  tvs?: DeviceRef[];
  remote?: DeviceRef;
  steps: SetupStepReport[];
  /** With status choose_remote (a run started by voice, with several remotes and no remoteName): the remotes. */
  remotes?: DeviceRef[];
  /** With status choose_preset: the TV models the remote offers. */
  presets?: Preset[];
  /** What to do next, in words. */
  next?: string;
}
