// What a trait module states: its name in SYNC, its attributes for one TV, and its commands. Each module
// maps the TV's capabilities (src/tv/capabilities.ts) onto one of Google's traits, as Home Assistant's
// google_assistant/trait.py does class by class.
import type { CommandHandler, TvRef } from '../../tv/command';
import { GoogleError } from '../errors';

/** Runs one command with its params; resolves when the TV did all of it, throws (errors.ts gives the code) otherwise. */
export type TraitCommand = CommandHandler<Record<string, unknown>, void>;

export interface Trait {
  /** action.devices.traits.<Name> */
  name: string;
  attributes(tv: TvRef): Record<string, unknown>;
  /** By full command name: action.devices.commands.<name>. */
  commands: Readonly<Record<string, TraitCommand>>;
}

/**
 * A relative command's count (relativeChannelChange, relativeSteps): a whole number whose sign says the
 * direction ("negative for 'decrease'"). Anything else is a malformed request.
 */
export function signedCount(params: Record<string, unknown>, name: string): { down: boolean; count: number } {
  const value = params[name];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new GoogleError('protocolError', `params.${name} must be a whole number`);
  return { down: value < 0, count: Math.abs(value) };
}
