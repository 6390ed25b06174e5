// The shape of one data-driven skill case: who asks, what the world looks like, what is said and sent.
import type { ResponseEnvelope } from 'ask-sdk-model';
import type { DeviceCloudApi } from '../../../src/cloud/api';
import type { Deployment } from '../../../src/deployment';
import type { Emulator, TvState } from '../../../src/local/emulator';
import type { RegisteredTv, UserRecord, UserStore } from '../../../src/store/types';
import type { ExpectedCall } from './calls';
import type { StoreMethod } from './counting-store';
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
  /** The user's TV, for 'with-tv' users. */
  tv?: RegisteredTv;
  /** A real client for the token, for setting the scene. */
  api: DeviceCloudApi;
}

export type Given = (ctx: CaseContext) => Promise<unknown> | unknown;

export interface SkillCase {
  description: string;
  /**
   * 'with-tv' (default): a device-cloud account with a registered TV (off, channel 1, volume 10), the
   * token and the TV in the store. 'linked-no-tv': an account, nothing stored. 'unknown': nothing anywhere.
   */
  user?: 'with-tv' | 'linked-no-tv' | 'unknown';
  /** Scene-setting steps, run in order after the user exists; their device calls are not counted. */
  given?: Given[];
  skill?: {
    budgetMs?: number;
    /** The device-cloud client's per-call timeout; default 1000 ms. */
    timeoutMs?: number;
    skillId?: string;
    deployment?: Deployment;
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
  /** Exactly these device-cloud calls, in order. A function receives the TV's thingId and the speech. */
  calls: ExpectedCall[] | ((thingId: string, speech: string) => ExpectedCall[]);
  /** Substring (or pattern) of the spoken SSML; omitted only for requests with no speech. */
  speech?: Text;
  reprompt?: Text;
  /** `undefined` means the field must be absent. */
  shouldEndSession: boolean | undefined;
  card?: { type: 'Simple'; title?: Text; content?: Text } | { type: 'LinkAccount' };
  /** The TV afterwards. */
  tv?: Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>;
  /** How often the skill called each store method. */
  store?: Partial<Record<StoreMethod, number>>;
  /** The user's record afterwards. */
  record?: (record: UserRecord | undefined, ctx: CaseContext) => void;
  /** Each pattern matches at least one log line. */
  logs?: RegExp[];
  /** The invocation fails instead of answering (a refused request). */
  rejects?: RegExp;
  /** Anything else to check, with the response. */
  check?: (ctx: CaseContext, response: ResponseEnvelope) => Promise<void> | void;
}

