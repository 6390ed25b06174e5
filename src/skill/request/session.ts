// The session's attributes, which Alexa sends back with the next request of the session: read and
// written here only. Outside a session (a one-shot's answer ends it) nothing is kept.
import type { HandlerInput } from 'ask-sdk-core';
import type { RegisteredTv } from '../../store/types';

export function sessionAttribute(input: HandlerInput, key: string): unknown {
  return input.requestEnvelope.session ? input.attributesManager.getSessionAttributes()[key] : undefined;
}

/** `undefined` removes the attribute. */
export function setSessionAttribute(input: HandlerInput, key: string, value: unknown): void {
  if (!input.requestEnvelope.session) return;
  const attributes = { ...input.attributesManager.getSessionAttributes() };
  if (value === undefined) delete attributes[key];
  else attributes[key] = value;
  input.attributesManager.setSessionAttributes(attributes);
}

/** Session attribute: the TV used last. */
const LAST_TV = 'tv';

/** The TV used last in this session, if it is still one of `tvs`. */
export function usedTv(input: HandlerInput, tvs: readonly RegisteredTv[]): RegisteredTv | undefined {
  const last = sessionAttribute(input, LAST_TV);
  return typeof last === 'string' ? tvs.find((tv) => tv.thingId === last) : undefined;
}

/** Later commands of this session without a name go to this TV. */
export function rememberTv(input: HandlerInput, tv: RegisteredTv): void {
  setSessionAttribute(input, LAST_TV, tv.thingId);
}
