// The shape of one data-driven skill case: who asks, what the world looks like, what is said and sent.
import type { ResponseEnvelope } from 'ask-sdk-model';
import type { DeviceCloudApi } from '../../../src/cloud/api';
import type { Emulator, TvState } from '../../../src/local/emulator';
import type { Outcome } from '../../../src/metrics';
import type { RegisteredTv, UserRecord } from '../../../src/store/types';
import type { UserStore } from '../../../src/store';
import type { ExpectedCall } from '../device-calls';
import type { StoreMethod } from '../wrap-store';
import type { RequestSpec } from './requests';

export interface CaseContext {
  emulator: Emulator;
  /** The locale the case is asked in. */
  locale: string;
  /** The real store (the skill gets it wrapped in a CountingStore). */
  store: UserStore;
  userId: string;
  /** The user's linked token; the emulator knows it unless the user is 'unknown'. */
  token: string;
  /** The user's (first) TV, for users with TVs. */
  tv?: RegisteredTv;
  /** All the user's TVs, in the order the store lists them. */
  tvs: RegisteredTv[];
  /** A real client for the token, for setting the scene. */
  api: DeviceCloudApi;
}

export type Given = (ctx: CaseContext) => Promise<unknown> | unknown;

export interface SkillCase {
  description: string;
  /**
   * 'with-tv' (default): a device-cloud account with a registered TV (off, channel 1, volume 10), the
   * token and the TV in the store. 'with-two-tvs': 'Living room TV' and 'Bedroom TV' on one remote.
   * 'one-tv-record': one TV, in a record as the one-TV code wrote it (a single `tv` attribute).
   * 'linked-no-tv': an account, nothing stored. 'unknown': nothing anywhere.
   */
  user?: 'with-tv' | 'with-two-tvs' | 'one-tv-record' | 'linked-no-tv' | 'unknown';
  /** Scene-setting steps, run in order after the user exists; their device calls are not counted. */
  given?: Given[];
  skill?: {
    budgetMs?: number;
    /** The device-cloud client's per-call timeout; default 1000 ms. */
    timeoutMs?: number;
    skillId?: string;
    clock?: (ctx: CaseContext) => () => number;
  };
  request: RequestSpec;
  expected: Expected;
  /**
   * The same case asked in ja-JP: what is said then (everything else is expected the same). Cases
   * without it run in en-US only.
   */
  ja?: Localised;
  /** Asked only in this locale, and `expected` is in its words (a Japanese-only case). */
  locale?: 'ja-JP';
}

/** The words of a case in another locale; a field left out is not checked there beyond its language. */
export interface Localised {
  speech?: Text;
  reprompt?: Text;
  card?: { title?: Text; content?: Text };
  /** Names said back as the user gave them, in whatever script: the language check skips them. */
  asGiven?: string[];
}

export type Text = string | RegExp;

export interface Expected {
  /**
   * Exactly these device-cloud calls, in order. A function receives the (first) TV's thingId, the
   * speech, and all the user's TVs.
   */
  calls: ExpectedCall[] | ((thingId: string, speech: string, tvs: RegisteredTv[]) => ExpectedCall[]);
  /** Substring (or pattern) of the spoken SSML; omitted only for requests with no speech. */
  speech?: Text;
  reprompt?: Text;
  /** `undefined` means the field must be absent. */
  shouldEndSession: boolean | undefined;
  card?: { type: 'Simple'; title?: Text; content?: Text } | { type: 'LinkAccount' };
  /** The (first) TV afterwards. */
  tv?: Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>;
  /** Each of the user's TVs afterwards, in order. */
  tvs?: Array<Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>>;
  /** The session attributes of the response (exactly), given the user's TVs. */
  sessionAttributes?: (tvs: RegisteredTv[]) => Record<string, unknown> | undefined;
  /** How often the skill called each store method. */
  store?: Partial<Record<StoreMethod, number>>;
  /** The user's record afterwards. */
  record?: (record: UserRecord | undefined, ctx: CaseContext) => void;
  /** Each pattern matches at least one log line. */
  logs?: RegExp[];
  /** The outcome class the request's EMF line and log line report; default ok. */
  outcome?: Outcome;
  /** The command the EMF line reports, where it is not the request's own intent. */
  command?: string;
  /** The invocation fails instead of answering (a refused request). */
  rejects?: RegExp;
  /** Anything else to check, with the response. */
  check?: (ctx: CaseContext, response: ResponseEnvelope) => Promise<void> | void;
}
