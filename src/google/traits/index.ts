// The traits a TV declares, in SYNC order, and every command any of them serves. Google's Television guide
// (https://developers.home.google.com/cloud-to-cloud/guides/tv) lists AppSelector, InputSelector, MediaState
// and TransportControl as required "if applicable"; an IR remote with one-touch buttons serves none of them,
// so none is declared, and their commands are answered functionNotSupported as the guide asks.
import { channel } from './channel';
import { onOff } from './onoff';
import type { Trait, TraitCommand } from './trait';
import { volume } from './volume';

export const TV_TRAITS: readonly Trait[] = [onOff, volume, channel];

/** Every command by its full name: the route table of EXECUTE. */
export const COMMANDS: ReadonlyMap<string, TraitCommand> = new Map(
  TV_TRAITS.flatMap((t) => Object.entries(t.commands)),
);

export type { Trait, TraitCommand } from './trait';
