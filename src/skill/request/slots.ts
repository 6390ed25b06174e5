// Slots as Alexa fills them. Numbers: digits, "?" for a number it heard but could not read, or nothing.
// Channel names: the words heard, and the catalogue value entity resolution matched them to, if any.
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

export interface HeardName {
  /** What the user said, to repeat back when it is unknown. */
  heard: string;
  /** Names to look up, best first: the matched catalogue value, then the words heard. */
  candidates: string[];
}

export function channelNameSlot(input: HandlerInput, slot: string): HeardName | undefined {
  const filled = filledSlot(input, slot);
  return filled && { heard: filled.words, candidates: [...filled.matched.map((m) => m.name), filled.words] };
}

/** A custom slot as Alexa filled it: the words heard, and the id of the catalogue entry they resolved to. */
export interface ResolvedSlot {
  words: string;
  /** From `resolutionsPerAuthority` (status ER_SUCCESS_MATCH); absent when nothing in the catalogue matched. */
  id?: string;
}

export function resolvedSlot(input: HandlerInput, slot: string): ResolvedSlot | undefined {
  const filled = filledSlot(input, slot);
  const id = filled?.matched.map((m) => m.id).find((v) => typeof v === 'string' && v !== '');
  return filled && (id === undefined ? { words: filled.words } : { words: filled.words, id });
}

/** The words in a slot and the catalogue entries entity resolution matched them to (Amazon, "Entity Resolution"). */
function filledSlot(
  input: HandlerInput,
  slot: string,
): { words: string; matched: { name: string; id: string }[] } | undefined {
  const filled = Alexa.getSlot(input.requestEnvelope, slot);
  const words = filled?.value?.trim();
  if (!words) return undefined;
  const matched = (filled?.resolutions?.resolutionsPerAuthority ?? [])
    .filter((r) => r.status.code === 'ER_SUCCESS_MATCH')
    .flatMap((r) => (r.values ?? []).map((v) => v.value));
  return { words, matched };
}
