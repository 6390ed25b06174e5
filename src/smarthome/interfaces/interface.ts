// What one interface module of the door states, as openHAB's alexa/smarthome/ interfaces and Home
// Assistant's capabilities do: the interface it serves (described in src/alexa/interfaces.ts) and its
// directives, each a handler on the one contract of every TV command (src/tv/command.ts): the directive,
// and the TV the endpoint names with its control and the clock. A handler answers the state properties to
// report back, if any.
import type { AlexaInterface } from '../../alexa/interfaces';
import type { ContextProperty, Directive } from '../../alexa/messages';
import type { CommandHandler } from '../../tv/command';
import { SmartHomeError } from '../errors';

export type DirectiveHandler = CommandHandler<Directive, ContextProperty[]>;

export interface InterfaceModule {
  interface: AlexaInterface;
  /** Directive name (without the namespace) to its handler. */
  directives: Readonly<Record<string, DirectiveHandler>>;
}

/** A payload field that must be a whole number, refused as INVALID_VALUE otherwise. */
export function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new SmartHomeError('INVALID_VALUE', `${field} must be a whole number`);
  return value;
}
