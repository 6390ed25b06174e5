// What a trait module states: its name in SYNC, its attributes for one TV, and its commands. Each module
// maps the TV's capabilities (src/tv/capabilities.ts) onto one of Google's traits, as Home Assistant's
// google_assistant/trait.py does class by class.
import type { IndexedTv } from '../../store/types';
import type { TvControl } from '../../tv/control';
import { GoogleError } from '../errors';

/** What a command runs with: the TV as setup indexed it, and its control (bound to the request's deadline). */
export interface CommandContext {
  tv: IndexedTv;
  control: TvControl;
}

/** Runs one command; resolves when the TV did all of it, throws (errors.ts turns it into a code) otherwise. */
export type CommandHandler = (params: Record<string, unknown>, ctx: CommandContext) => Promise<void>;

export interface Trait {
  /** action.devices.traits.<Name> */
  name: string;
  attributes(tv: IndexedTv): Record<string, unknown>;
  /** By full command name: action.devices.commands.<name>. */
  commands: Readonly<Record<string, CommandHandler>>;
}

/**
 * A relative command's count (relativeChannelChange, relativeSteps): a whole number whose sign says the
 * direction ("negative for 'decrease'"). Anything else is a malformed request.
 */
export function signedCount(params: Record<string, unknown>, name: string): { down: boolean; count: number } {
  const value = params[name];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new GoogleError('protocolError', `params.${name} must be a whole number`);
  return { down: value < 0, count: Math.abs(value) };
}
