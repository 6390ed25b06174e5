// Number slots as Alexa fills them: digits, "?" for a number it heard but could not read, or nothing.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';

/** absent: the user said no number; unreadable: a value that is not a plain whole number ("?", "3.5", "+5"). */
export type NumberSlot = { kind: 'absent' } | { kind: 'unreadable' } | { kind: 'number'; value: number };

export function numberSlot(input: HandlerInput, slot: string): NumberSlot {
  const raw = Alexa.getSlotValue(input.requestEnvelope, slot)?.trim();
  return readNumber(raw);
}

export function readNumber(raw: string | undefined): NumberSlot {
  if (raw === undefined || raw === '') return { kind: 'absent' };
  // Alexa's AMAZON.NUMBER gives plain digits (a leading minus for negatives); anything else was misheard.
  if (!/^-?\d{1,6}$/.test(raw)) return { kind: 'unreadable' };
  return { kind: 'number', value: Number(raw) };
}
