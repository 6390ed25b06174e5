// Number slots as Alexa fills them: digits, "?" for a number it heard but could not read, or nothing.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';

/** The slot's whole number, or undefined when it is empty or unreadable. */
export function numberSlot(input: HandlerInput, slot: string): number | undefined {
  const raw = Alexa.getSlotValue(input.requestEnvelope, slot)?.trim();
  if (raw === undefined || !/^-?\d+$/.test(raw)) return undefined;
  return Number(raw);
}
