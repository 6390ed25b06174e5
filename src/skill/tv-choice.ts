// Which of the user's TVs a command is for: the one named in the `tv` slot, else the only one, else the
// one used last in this session; otherwise the skill asks "Which TV?" on the command's own intent
// (handlers/choose-tv.ts), and the answer comes back as that intent with the TV named.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';
import type { RegisteredTv } from '../store/types';
import { normalForm } from '../text';
import { nameCore, namesNothing } from '../tv/names';
import { SLOT } from './intents';

export type TvChoice =
  | { kind: 'chosen'; tv: RegisteredTv }
  /** Several TVs, none named, none used yet in this session. */
  | { kind: 'ask' }
  /** A name that is none of the user's TVs. */
  | { kind: 'unknown'; spoken: string };

/** Session attribute: the TV used last. */
const LAST_TV = 'tv';

/** What the skill calls a TV: "bedroom" for "Bedroom TV", the whole name when that is all there is. */
export function shortName(tv: RegisteredTv): string {
  return nameCore(tv.deviceName) || tv.deviceName;
}

export function findTv(tvs: RegisteredTv[], spoken: string): RegisteredTv | undefined {
  const core = nameCore(spoken);
  return tvs.find((tv) => nameCore(tv.deviceName) === core) ?? tvs.find((tv) => normalForm(tv.deviceName) === normalForm(spoken));
}

/** The TV a TV intent is for. With one TV nothing changes: a name it does not have still means it. */
export function chooseTv(input: HandlerInput, tvs: RegisteredTv[]): TvChoice {
  const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim();
  // "umm" at "Which TV?" names no TV: the question again, not "I don't know a TV called umm".
  if (spoken !== undefined && nameCore(spoken) !== '' && !namesNothing(spoken)) {
    const named = findTv(tvs, spoken);
    if (named) return { kind: 'chosen', tv: named };
    return tvs.length === 1 ? { kind: 'chosen', tv: tvs[0] } : { kind: 'unknown', spoken };
  }
  if (tvs.length === 1) return { kind: 'chosen', tv: tvs[0] };
  const used = usedTv(input, tvs);
  return used ? { kind: 'chosen', tv: used } : { kind: 'ask' };
}

/** The TV used last in this session, if it is still one of `tvs`. */
export function usedTv(input: HandlerInput, tvs: readonly RegisteredTv[]): RegisteredTv | undefined {
  const last = sessionAttribute(input, LAST_TV);
  return typeof last === 'string' ? tvs.find((tv) => tv.thingId === last) : undefined;
}

/** Later commands of this session without a name go to this TV. */
export function rememberTv(input: HandlerInput, tv: RegisteredTv): void {
  setSessionAttribute(input, LAST_TV, tv.thingId);
}

function sessionAttribute(input: HandlerInput, key: string): unknown {
  return input.requestEnvelope.session ? input.attributesManager.getSessionAttributes()[key] : undefined;
}

function setSessionAttribute(input: HandlerInput, key: string, value: unknown): void {
  if (!input.requestEnvelope.session) return;
  const attributes = { ...input.attributesManager.getSessionAttributes() };
  if (value === undefined) delete attributes[key];
  else attributes[key] = value;
  input.attributesManager.setSessionAttributes(attributes);
}
