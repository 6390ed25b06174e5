// The session's attributes, which Alexa sends back with the next request of the session: read and
// written here only. Outside a session (a one-shot's answer ends it) nothing is kept.
import type { HandlerInput } from 'ask-sdk-core';

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
