// What one Alexa interface module states, as openHAB's and Home Assistant's do: its capability in the
// TV's discovery description (endpoint.ts, shared by Discover and AddOrUpdateReport), the languages
// Alexa maps speech to it in, and the directives it answers. The smart-home door (src/smarthome/app.ts)
// routes by the modules' directives; nothing else lists them.
import type { Logger } from '../../log';
import { Refusal } from '../../outcome';
import type { TvControl } from '../../tv/control';
import type { ContextProperty, Directive, ErrorPayload, ErrorType } from '../messages';

export interface Capability {
  type: 'AlexaInterface';
  interface: string;
  version: '3';
  properties?: {
    supported: { name: string }[];
    proactivelyReported: boolean;
    retrievable: boolean;
  };
}

export interface ControlContext {
  /** The TV of the directive's endpoint, bound to its token and the directive's deadline. */
  control: TvControl;
  logger: Logger;
  now: () => number;
}

/** What a control directive did: the state properties to report back, if any. */
export type ControlHandler = (directive: Directive, ctx: ControlContext) => Promise<ContextProperty[]>;

export interface AlexaInterface {
  /** Alexa.PowerController and the like. */
  name: string;
  /** The locales Alexa maps speech to it in ("List of Alexa Interfaces and Supported Languages"). */
  languages: readonly string[];
  /** Its entry in discovery; absent for an interface only kept for directives of TVs discovered before. */
  capability?: Capability;
  /** Directive name (without the namespace) to its handler. */
  directives: Readonly<Record<string, ControlHandler>>;
}

/**
 * The discovery capability of an interface with one property. Never proactively reported: the device cloud
 * sends no events, so nothing notices a change made with the TV's own remote.
 */
function capabilityOf(name: string, property: string, retrievable: boolean): Capability {
  return { type: 'AlexaInterface', interface: name, version: '3', properties: { supported: [{ name: property }], proactivelyReported: false, retrievable } };
}

/**
 * An interface the TV declares in discovery, with the one property it carries, retrievable only where
 * the TV's capability (src/tv/capabilities.ts) says it can be read.
 */
export function declared(
  name: string,
  property: string,
  tv: { readonly readable: boolean },
  directives: AlexaInterface['directives'],
  languages: readonly string[] = EVERY_TV_LANGUAGE,
): AlexaInterface {
  return { name, languages, capability: capabilityOf(name, property, tv.readable), directives };
}

/** The locales Amazon lists for PowerController, ChannelController and EndpointHealth alike. */
export const EVERY_TV_LANGUAGE: readonly string[] = [
  'ar-SA', 'de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'es-US', 'fr-CA', 'fr-FR',
  'hi-IN', 'it-IT', 'ja-JP', 'pt-BR',
];

/** A refusal the smart-home door decides itself (bad directive, unknown endpoint, unsupported request). */
export class SmartHomeError extends Refusal {
  constructor(readonly type: ErrorType, message: string, readonly extra: Omit<ErrorPayload, 'type' | 'message'> = {}) {
    super(message);
    this.name = 'SmartHomeError';
  }
}

/** The state we just set: what the IR remote sent, not what the TV reports (it cannot report). */
export function property(namespace: string, name: string, value: unknown, now: number): ContextProperty {
  return { namespace, name, value, timeOfSample: new Date(now).toISOString(), uncertaintyInMilliseconds: 0 };
}

/** A payload field that must be a whole number, refused as INVALID_VALUE otherwise. */
export function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new SmartHomeError('INVALID_VALUE', `${field} must be a whole number`);
  return value;
}

