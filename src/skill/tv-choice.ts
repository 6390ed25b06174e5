// Which of the user's TVs a command is for: the one named in the `tv` slot, else the only one, else the
// one used last in this session; otherwise the skill asks "Which TV?" and keeps the command in the
// session, so that the answer ("the bedroom") completes it.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestInterceptor } from 'ask-sdk-core';
import type { IntentRequest, Slot } from 'ask-sdk-model';
import { asRecord, isRecord } from '../json';
import { renameCommand } from '../metrics';
import type { RegisteredTv } from '../store/types';
import { normalForm } from '../text';
import { nameCore } from '../tv/names';
import { CHOOSE_TV_INTENT, SLOT, TV_INTENTS } from './intents';
import { isIntent } from './routing';

export type TvChoice =
  | { kind: 'chosen'; tv: RegisteredTv }
  /** Several TVs, none named, none used yet in this session. */
  | { kind: 'ask' }
  /** A name that is none of the user's TVs. */
  | { kind: 'unknown'; spoken: string };

/** Session attributes: the TV used last, and the command waiting for the answer to "Which TV?". */
const LAST_TV = 'tv';
const PENDING = 'pendingCommand';

interface PendingCommand {
  intent: string;
  /** The slots the command was spoken with, by name (never the TV's). */
  slots: Record<string, string>;
}

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
  if (spoken !== undefined && nameCore(spoken) !== '') {
    const named = findTv(tvs, spoken);
    if (named) return { kind: 'chosen', tv: named };
    return tvs.length === 1 ? { kind: 'chosen', tv: tvs[0] } : { kind: 'unknown', spoken };
  }
  if (tvs.length === 1) return { kind: 'chosen', tv: tvs[0] };
  const last = sessionAttribute(input, LAST_TV);
  const used = typeof last === 'string' ? tvs.find((tv) => tv.thingId === last) : undefined;
  return used ? { kind: 'chosen', tv: used } : { kind: 'ask' };
}

/** Later commands of this session without a name go to this TV. */
export function rememberTv(input: HandlerInput, tv: RegisteredTv): void {
  setSessionAttribute(input, LAST_TV, tv.thingId);
}

/** Keeps the TV intent being answered with "Which TV?" in the session, for the answer to complete. */
export function keepPendingCommand(input: HandlerInput): void {
  const request = input.requestEnvelope.request as IntentRequest;
  const slots: Record<string, string> = {};
  for (const [name, slot] of Object.entries(request.intent.slots ?? {})) {
    if (name !== SLOT.tv && typeof slot.value === 'string') slots[name] = slot.value;
  }
  setSessionAttribute(input, PENDING, { intent: request.intent.name, slots } satisfies PendingCommand);
}

/**
 * Runs first: an answer naming a TV (ChooseTvIntent) while a command waits becomes that command with
 * the TV's name in its `tv` slot, so the command's own handler completes it; any other request
 * forgets the waiting command.
 */
export const pendingCommandInterceptor: RequestInterceptor = {
  process(input: HandlerInput): void {
    if (!input.requestEnvelope.session) return;
    const kept = sessionAttribute(input, PENDING);
    if (kept === undefined) return;
    setSessionAttribute(input, PENDING, undefined);
    const pending = readPending(kept);
    if (pending === undefined || !isIntent(input, CHOOSE_TV_INTENT)) return;
    const request = input.requestEnvelope.request as IntentRequest;
    const slots: Record<string, Slot> = {};
    for (const [name, value] of Object.entries(pending.slots)) slots[name] = { name, value, confirmationStatus: 'NONE' };
    const tv = request.intent.slots?.[SLOT.tv];
    if (tv) slots[SLOT.tv] = tv;
    request.intent = { name: pending.intent, confirmationStatus: 'NONE', slots };
    // Counted as the command it completes, not as the answer that named the TV.
    renameCommand(pending.intent);
  },
};

function readPending(value: unknown): PendingCommand | undefined {
  const pending = asRecord(value);
  if (pending === undefined) return undefined;
  const { intent, slots } = pending;
  // Only a TV command is ever kept; anything else in the attribute is not ours to run.
  if (typeof intent !== 'string' || !(TV_INTENTS as readonly string[]).includes(intent) || !isRecord(slots)) return undefined;
  const strings = Object.fromEntries(Object.entries(slots).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { intent, slots: strings };
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
