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

/** The TVs setup registered, by the home gateway they sit behind. */
export interface TvDirectory {
  /**
   * Adds (or replaces) the TV in its gateway's index; other TVs of the gateway stay. True when the
   * index did not list the TV before.
   */
  indexTv(tv: IndexedTv & { userId: string }): Promise<boolean>;
  /**
   * Takes the user off the TV's entry, and the TV out of its gateway's index once no user has it;
   * other TVs of the gateway stay. Safe to repeat.
   */
  unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'> & { userId: string }): Promise<void>;
  /** Every TV indexed behind these gateways, in gateway order; one item read per gateway. */
  tvsBehindGateways(gatewayIds: readonly string[]): Promise<IndexedTv[]>;
}

export interface UserStore extends TvDirectory {
  /** One read: the whole record, or undefined for a user never seen. */
  get(userId: string): Promise<UserRecord | undefined>;
  /**
   * Stores the token (creating the record if needed) unless the stored one came with a newer request;
   * `seenAt` (epoch ms) is when the request that carried it was made, now by default; a time more than
   * a few minutes ahead counts as now, and a stored one that far ahead never wins. False when refused.
   * Callers write only when it changed.
   */
  saveAccessToken(userId: string, accessToken: string, seenAt?: number): Promise<boolean>;
  /**
   * Replaces the setup checkpoints of the TV named `tvName`; other TVs' checkpoints stay, those of the
   * last few runs only (the least recently updated beyond them are dropped).
   */
  saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void>;
  /**
   * Adds the finished TV under its name (or rewrites the same TV) and drops the checkpoints of the run
   * that set it up (`setupName`, default its own name). Throws TvNameTaken when another TV of the user
   * has the name.
   */
  saveTv(userId: string, tv: RegisteredTv, setupName?: string): Promise<void>;
  /**
   * Forgets the TV (matched by name and thingId) and, in the same write, remembers it as a removal to
   * finish (UserRecord.removing); false when the user has no such TV.
   */
  removeTv(userId: string, tv: RegisteredTv): Promise<boolean>;
  /** Drops the removal remembered by removeTv, once the gateway index no longer lists the TV for the user. */
  finishRemoval(userId: string, thingId: string): Promise<void>;
  /**
   * The user's valid link code, or a new six-digit one valid for the store's link-code lifetime (at least an hour).
   * Reuses the current code while it has more than a few minutes left.
   */
  issueLinkCode(userId: string, nowSeconds?: number, postalCode?: string): Promise<LinkCode>;
  /** The user a valid, unused code belongs to; undefined for an unknown, expired or used code. */
  findLinkCode(code: string, nowSeconds?: number): Promise<string | undefined>;
  /** Any unexpired code, used or not; undefined for an unknown or expired one. */
  readLinkCode(code: string, nowSeconds?: number): Promise<LinkCodeState | undefined>;
  /** Marks the code used, so it can never be accepted again. */
  consumeLinkCode(code: string): Promise<void>;
  /**
   * Records a voice-started run as running, unless another is running (started less than `staleSeconds`
   * ago): at most one run per request and one at a time per user, decided by one conditional write.
   */
  startVoiceSetup(userId: string, run: VoiceSetup, staleSeconds: number): Promise<VoiceSetupStart>;
  /** The setup function's outcome for the run `requestId` started; nothing when a newer run replaced it. */
  finishVoiceSetup(
    userId: string,
    requestId: string,
    outcome: Pick<VoiceSetup, 'state' | 'choices' | 'failure'>,
  ): Promise<void>;
  /**
   * One setup at a time per user: true when `owner` now holds the lease (free, expired, or already
   * its own) until nowSeconds + ttlSeconds; false while another owner holds it.
   */
  takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean>;
  /** Frees the lease if `owner` still holds it. */
  releaseSetupLease(userId: string, owner: string): Promise<void>;
  /**
   * One setup at a time per home gateway, whichever Alexa user runs it: the users of one device-cloud
   * account (a household) reach the same gateway. As takeSetupLease, on the gateway's `gw#` item.
   */
  takeGatewayLease(gatewayId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean>;
  /** Frees the gateway's lease if `owner` still holds it. */
  releaseGatewayLease(gatewayId: string, owner: string): Promise<void>;
  /**
   * Counts one link-code try in a time window (a number the caller chooses, e.g. epoch minutes / 15),
   * before the code is looked up, so parallel guesses cannot slip past the limit. False (nothing
   * counted) once `limit` tries stand in the window. The count is deleted after `expiresAt`.
   */
  countLinkCodeTry(window: number, limit: number, expiresAt: number): Promise<boolean>;
  /** Takes back a try that turned out to be a right code: only misses stay counted. */
  forgiveLinkCodeTry(window: number): Promise<void>;
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

export interface AlexaGrants {
  /**
   * Stores the grant for the gateway. With `replacing` (a refresh token), only while the stored grant
   * still has that refresh token, so a refresh never overwrites a newer grant; false when refused.
   */
  saveAlexaGrant(gatewayId: string, grant: AlexaGrant, replacing?: string): Promise<boolean>;
  /** The gateway's grant; undefined when none was given or it was forgotten. */
  alexaGrant(gatewayId: string): Promise<AlexaGrant | undefined>;
  /** Drops the tokens, if the stored grant still has this refresh token (a newer grant stays); false otherwise. */
  forgetAlexaGrant(gatewayId: string, refreshToken: string): Promise<boolean>;
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
