// "Which TV?": which of the user's TVs a command is for (named, the only one, the one used last in the
// session), and the question when that is not clear. How it is asked: docs/architecture.md#which-tv-file.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { IntentRequest, Response } from 'ask-sdk-model';
import type { RegisteredTv } from '../../store/types';
import { normalForm } from '../../text';
import { nameCore, namesNothing } from '../../tv/names';
import { answerCore, placeNamed } from './choices';
import { pose } from './pose';
import type { Asking, QuestionOf } from './question';
import { INTENT, SLOT, type IntentName } from '../request/intents';
import { findRequestUser, type TargetTv } from '../request/request-user';
import { ask } from '../response/respond';
import { isIntent, isTvIntent, tvIntentOf } from '../request/routing';
import { rememberTv, usedTv } from '../request/session';
import { words, type Words } from '../words';

type WhichTv = QuestionOf<'whichTv'>;

/** What the skill calls a TV: "bedroom" for "Bedroom TV", the whole name when that is all there is. */
export function shortName(tv: RegisteredTv): string {
  return nameCore(tv.deviceName) || tv.deviceName;
}

/**
 * The TV the words name: by its name, with or without the words people put around it ("the bedroom one
 * please", 「寝室の方で」), else by its place in the list "Which TV?" reads ("the second one", 「1つ目」),
 * which is the order of `tvs`, else by the first words of one name alone ("living" for "living room"). A
 * name wins over a place: a TV may be called "Second TV".
 */
export function findTv(tvs: readonly RegisteredTv[], spoken: string): RegisteredTv | undefined {
  const core = nameCore(spoken);
  const heard = nameCore(answerCore(spoken));
  const place = placeNamed(spoken, tvs.length);
  const starting = heard === '' ? [] : tvs.filter((tv) => nameCore(tv.deviceName).startsWith(`${heard} `));
  return (
    tvs.find((tv) => nameCore(tv.deviceName) === core) ??
    tvs.find((tv) => normalForm(tv.deviceName) === normalForm(spoken)) ??
    tvs.find((tv) => nameCore(tv.deviceName) === heard) ??
    (place === undefined ? undefined : tvs[place - 1]) ??
    (starting.length === 1 ? starting[0] : undefined)
  );
}

/**
 * The TV a TV intent is for, which later commands of the session without a name then go to. With one TV
 * nothing changes: a name it does not have still means it.
 */
export function targetTv(input: HandlerInput, tvs: RegisteredTv[]): TargetTv {
  const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim();
  // "umm" at "Which TV?" names no TV: the question again, not "I don't know a TV called umm".
  if (spoken !== undefined && nameCore(spoken) !== '' && !namesNothing(spoken)) {
    const named = findTv(tvs, spoken) ?? (tvs.length === 1 ? tvs[0] : undefined);
    return named ? chosenTv(input, tvs, named) : { kind: 'unknown', spoken };
  }
  const used = tvs.length === 1 ? tvs[0] : usedTv(input, tvs);
  return used ? chosenTv(input, tvs, used) : { kind: 'ask' };
}

/** `tv` chosen among `tvs`, and with several, remembered for the session's later commands without a name. */
export function chosenTv(input: HandlerInput, tvs: readonly RegisteredTv[], tv: RegisteredTv): TargetTv {
  // With one TV the session needs no memory of it.
  if (tvs.length > 1) rememberTv(input, tv);
  return { kind: 'chosen', tv };
}

/** How "Which TV?" is put: the TV slot elicited on the intent it is for, its other slots kept. */
export function whichTvAsking(w: Words, q: WhichTv): Asking {
  return {
    speech: w.tvs.which(q.names),
    reprompt: w.tvs.which(q.names),
    elicit: { intent: q.intent, slot: SLOT.tv, kept: q.kept },
  };
}

/**
 * Requests the skill's other handlers serve as the answer: the command again with its TV named (the
 * answer as Alexa sends it), or any other TV command, which replaces the question and asks its own
 * "Which TV?" if it names none.
 */
export function answersWhichTv(input: HandlerInput, q: WhichTv): boolean {
  return isTvIntent(input) || (isIntent(input, q.intent) && hasSlot(input, SLOT.tv));
}

/** "Which TV?" for `intent`; after a name that is none of the TVs (`spoken`), says so first. */
export function askWhichTv(
  input: HandlerInput,
  intent: IntentName,
  kept: Record<string, string>,
  tvs: readonly RegisteredTv[],
  spoken = '',
): Response {
  const w = words(input);
  const q: WhichTv = { ask: 'whichTv', intent, kept, names: tvs.map(shortName) };
  return pose(input, q, whichTvAsking(w, q), spoken === '' ? undefined : w.tvs.unknown(spoken, q.names));
}

/** A TV command whose TV is not clear: "Which TV?" on the command's own intent, its other slots kept. */
export const askWhichTvHandler: RequestHandler = {
  canHandle(input: HandlerInput): boolean {
    const kind = findRequestUser(input)?.target?.kind;
    return isTvIntent(input) && (kind === 'ask' || kind === 'unknown');
  },
  handle(input: HandlerInput): Response {
    const user = findRequestUser(input);
    const command = tvIntentOf(input);
    if (command === undefined) throw new Error('"Which TV?" reached without a TV intent');
    const { intent } = input.requestEnvelope.request as IntentRequest;
    const kept = Object.fromEntries(
      Object.values(intent.slots ?? {}).flatMap((s) => (s.value && s.name !== SLOT.tv ? [[s.name, s.value]] : [])),
    );
    const target = user?.target;
    return askWhichTv(input, command, kept, user?.tvs ?? [], target?.kind === 'unknown' ? target.spoken : '');
  },
};

/** "Use the bedroom TV": that TV for the rest of the session (one TV: it, whatever the name). */
export const chooseTvHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.chooseTv),
  handle(input: HandlerInput): Response {
    const tvs = findRequestUser(input)?.tvs ?? [];
    const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim() ?? '';
    const tv = findTv(tvs, spoken) ?? (tvs.length === 1 ? tvs[0] : undefined);
    if (tv === undefined) return askWhichTv(input, INTENT.chooseTv, {}, tvs, spoken);
    const w = words(input).tvs;
    rememberTv(input, tv);
    return ask(input, w.chosen(nameCore(tv.deviceName)), w.chosenReprompt);
  },
};

/** Only an IntentRequest has slots: a SessionEndedRequest may arrive while any question is pending. */
function hasSlot(input: HandlerInput, slot: string): boolean {
  if (Alexa.getRequestType(input.requestEnvelope) !== 'IntentRequest') return false;
  return (Alexa.getSlotValue(input.requestEnvelope, slot)?.trim() ?? '') !== '';
}
