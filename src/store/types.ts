// The record of one Alexa user, keyed by the Alexa userId: the latest linked token seen,
// the user's TVs by name, and the per-TV setup progress that makes setup resumable.
import { normalForm } from '../text';

/** A device registered under a name on a home gateway (POST /management/v2/me/devices). */
export interface RegisteredDevice {
  thingId: string;
  serviceId: string;
  deviceName: string;
  gatewayId: string;
}

/** The IR learning remote. */
export type RegisteredRemote = RegisteredDevice;

/** The TV as registered on the remote (POST /device/v2/device); it has no thingId yet. */
export interface TvOnRemote {
  serviceId: string;
  deviceId: string;
  deviceName: string;
}

/** A TV voice commands drive. */
export interface RegisteredTv extends RegisteredDevice {
  /** How the user names channels; chosen at setup, validated and read by src/tv/channels.ts. */
  channels?: StoredChannelNames;
  /** The preset (TV model) it was registered with on the remote, when the run that did it recorded it. */
  presetId?: string;
  /** Presses "volume up" with no number sends on this TV (1..5, src/tv/control.ts); absent: one. */
  volumeStep?: number;
}

/**
 * A prefecture id (or kanto/kinki/tokai, stored before prefectures) and the user's own name-to-button map,
 * carried as stored: src/tv/channels.ts `readChannelNames` is their one reader, and drops what is not valid.
 */
export interface StoredChannelNames {
  area?: unknown;
  map?: unknown;
}

/** Checkpoints of the setup flow, each written right after the registration it records. */
export interface SetupProgress {
  gatewayId?: string;
  remote?: RegisteredRemote;
  tvOnRemote?: TvOnRemote;
  startedAt?: string;
  updatedAt?: string;
}

/** How a setup run started by voice ended, as the setup function recorded it; `running` until then. */
export type VoiceSetupState = 'running' | 'ready' | 'choose_preset' | 'choose_remote' | 'removed' | 'failed';

/** Why a voice-started run failed, in the terms the conversation has words for. */
export type VoiceSetupFailure = 'no_remote' | 'offline' | 'relink' | 'busy' | 'name' | 'other';

/**
 * The setup run the conversation started (the custom skill starts the setup function; it records the
 * outcome here, where the conversation reads it). One per user: a new run replaces a finished one.
 */
export interface VoiceSetup {
  /** The Alexa request that started it: a retry of that request finds the run and starts none. */
  requestId: string;
  kind: 'add' | 'remove';
  tvName: string;
  state: VoiceSetupState;
  /** Epoch seconds. */
  startedAt: number;
  /** What to choose from, by id and label: choose_preset, the TV models the remote offers; choose_remote, the remotes. */
  choices?: { id: string; label: string }[];
  failure?: VoiceSetupFailure;
}

/** started: this request starts the run; retry: this request started it already; busy: another run is going. */
export type VoiceSetupStart = 'started' | 'retry' | 'busy';

export interface LinkCode {
  code: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** An unexpired link code: whose it is, and whether a setup has used it already. */
export interface LinkCodeState {
  userId: string;
  used: boolean;
  /** The postal code of the Echo the code was asked on, when the user let the skill read it. */
  postalCode?: string;
}

export interface UserRecord {
  userId: string;
  /** The latest access token the skill saw in a request; a fallback for work outside requests. */
  accessToken?: string;
  /**
   * The TVs voice commands drive, oldest first; absent until setup has finished one. Names are unique
   * in their normal form (see tvNameKey). A record of the one-TV code (a single `tv`) reads as one TV.
   */
  tvs?: RegisteredTv[];
  /** Checkpoints of the last few setup runs not finished yet, by the tvNameKey of the TV each run sets up. */
  setups?: Record<string, SetupProgress>;
  /** The current link code shown to this user, reused until it expires. */
  linkCode?: LinkCode;
  /** TVs forgotten whose gateway-index update has not been confirmed yet: the next setup run finishes them. */
  removing?: RegisteredTv[];
  /** The last setup run started by voice, and how it ended. */
  voiceSetup?: VoiceSetup;
}

/**
 * A TV as the gateway index lists it (item `gw#<gatewayId>`): enough to expose it to Alexa without
 * reading the user's record, found from nothing but the gateways a token reaches.
 */
export interface IndexedTv extends RegisteredTv {
  /**
   * The Alexa user the latest setup ran for (an operator-chosen id when setup ran with an access token).
   * Other users of the same device-cloud account may have the TV too: the index keeps them all. Absent
   * once every Alexa user who had the TV left (their data deleted) while Google still reaches it.
   */
  userId?: string;
  /** Preset labels of the TV model, when setup read them. */
  manufacturer?: string;
  model?: string;
}

/**
 * Alexa's permission to send events (AddOrUpdateReport, DeleteReport) for a customer: the Login with
 * Amazon tokens AcceptGrant's code was exchanged for. Kept per home gateway (item `grant#<gatewayId>`),
 * since the gateway is what a smart-home token and a setup run both know; the latest grant wins.
 */
export interface AlexaGrant {
  /** The customer's Alexa region (where the grant arrived), which decides the event gateway. */
  region: 'NA' | 'EU' | 'FE';
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  accessTokenExpiresAt: number;
}

/**
 * Two TV names are the same name when their keys are equal: the one normal form of names (width, case,
 * invisible controls, apostrophes and punctuation do not count; see src/text.ts).
 */
export function tvNameKey(name: string): string {
  return normalForm(name);
}

/** Another TV of the user already has this name. */
export class TvNameTaken extends Error {
  override readonly name = 'TvNameTaken';

  constructor(readonly deviceName: string) {
    super(`the user already has another TV named '${deviceName}'`);
  }
}
