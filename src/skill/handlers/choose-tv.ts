// Which TV, when the user has several: asking for it, and taking the answer or a TV's name alone.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { RegisteredTv } from '../../store/types';
import { nameCore } from '../../tv/names';
import { CHOOSE_TV_INTENT, SLOT } from '../intents';
import { askWhichTv, put } from './conversation';
import { findRequestUser } from '../request-user';
import { ask } from '../respond';
import { isIntent, isTvIntent } from '../routing';
import { words } from '../words';
import { findTv, rememberTv, shortName } from '../tv-choice';

const spokenNames = (tvs: RegisteredTv[]): string[] => tvs.map(shortName);

/**
 * A TV command whose TV is not clear: "Which TV?", asked with Dialog.ElicitSlot on the command's own
 * intent, its other slots kept, and pending until answered (conversation.ts). Alexa hears the answer
 * with the `tv` slot's samples ("the bedroom") and sends the same intent with the TV named (Amazon,
 * "Dialog Interface Reference": ElicitSlot, updatedIntent).
 */
export const askWhichTvHandler: RequestHandler = {
  canHandle(input: HandlerInput): boolean {
    const kind = findRequestUser(input)?.choice?.kind;
    return isTvIntent(input) && (kind === 'ask' || kind === 'unknown');
  },
  handle(input: HandlerInput): Response {
    const user = findRequestUser(input);
    const names = spokenNames(user?.tvs ?? []);
    const choice = user?.choice;
    return askWhichTv(input, names, choice?.kind === 'unknown' ? words(input).tvs.unknown(choice.spoken, names) : undefined);
  },
};

/** "Use the bedroom TV": that TV for the rest of the session (one TV: it, whatever the name). */
export const chooseTvHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, CHOOSE_TV_INTENT),
  handle(input: HandlerInput): Response {
    const tvs = findRequestUser(input)?.tvs ?? [];
    const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim() ?? '';
    const tv = findTv(tvs, spoken) ?? (tvs.length === 1 ? tvs[0] : undefined);
    const names = spokenNames(tvs);
    const w = words(input).tvs;
    if (tv === undefined) return put(input, { ask: 'whichTv', intent: CHOOSE_TV_INTENT, kept: {}, names }, spoken === '' ? undefined : w.unknown(spoken, names));
    rememberTv(input, tv);
    return ask(input, w.chosen(nameCore(tv.deviceName)), w.chosenReprompt);
  },
};
