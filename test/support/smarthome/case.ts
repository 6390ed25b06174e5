// The shape of one data-driven smart-home case: the world, the directive, what comes back and is sent.
import type { DeviceCloudApi } from '../../../src/cloud/api';
import type { Emulator, TvState } from '../../../src/local/emulator';
import type { Outcome } from '../../../src/metrics';
import type { EventMessage } from '../../../src/alexa/messages';
import type { IndexedTv, UserStore } from '../../../src/store/types';
import type { ExpectedCall } from '../device-calls';
import type { DirectiveSpec } from './directives';

/** The one TV model the case accounts offer, so setup needs no preset choice and labels are known. */
export const TV_PRESET = { deviceId: 'TV-SHARP-0001', manufacturer: 'SHARP', typeName: 'AQUOS', makerCode: 1, typeCode: 1 };

export interface CaseContext {
  emulator: Emulator;
  store: UserStore;
  userId: string;
  /** The account's token; the emulator knows it unless the world is 'unknown'. */
  token: string;
  /** The TV setup registered, for the 'set-up' world. */
  tv?: IndexedTv;
  /** A real client for the token, for setting the scene. */
  api: DeviceCloudApi;
}

export type Given = (ctx: CaseContext) => Promise<unknown> | unknown;

/** A partial message: objects match by the keys given, arrays element by element and in length. */
export type Shape = Record<string, unknown>;

export interface SmartHomeCase {
  description: string;
  /**
   * 'set-up' (default): an account whose TV (SHARP AQUOS preset, "Living room TV") the real setup
   * registered with an access token, so the gateway index lists it; the TV is off, channel 1, volume 10.
   * 'no-tv': an account with nothing registered. 'unknown': a token the device cloud does not know.
   */
  world?: 'set-up' | 'no-tv' | 'unknown';
  /** Channel names the 'set-up' world's setup run chose (its `area` and `channels` fields). */
  channelNames?: { area?: string; channels?: Record<string, number> };
  /** The 'set-up' world's setup run's `volumeStep` (presses for "volume up" with no number). */
  volumeStep?: number;
  given?: Given[];
  handler?: {
    /** The device-cloud client's per-call timeout; default 1000 ms. */
    timeoutMs?: number;
    budgetMs?: number;
    /** Read the index from a table that does not exist. */
    missingTable?: boolean;
  };
  directive: DirectiveSpec;
  expected: {
    /** Matched against the response; the runner also checks the schema, the ids and token secrecy. */
    response: Shape | ((ctx: CaseContext) => Shape);
    /** Exactly these device-cloud calls, in order. A function receives the TV's thingId and the case's context. */
    calls: ExpectedCall[] | ((thingId: string, ctx: CaseContext) => ExpectedCall[]);
    tv?: Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>;
    /** Reads of the gateway index; default 0 (what every control directive must cost). */
    tableReads?: number;
    /** Each pattern matches at least one log line. */
    logs?: RegExp[];
    /** The outcome class the directive's EMF line and log line report; default ok. */
    outcome?: Outcome;
    check?: (ctx: CaseContext, response: EventMessage) => Promise<void> | void;
  };
}
