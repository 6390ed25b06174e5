// Which TV, when the user has several: asking for it, and taking the answer or a TV's name alone.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { IntentRequest, Response } from 'ask-sdk-model';
import type { RegisteredTv } from '../../store/types';
import { nameCore } from '../../tv/names';
import { CHOOSE_TV_INTENT, SLOT } from '../intents';
import { findRequestUser } from '../request-user';
import { ask } from '../respond';
import { isIntent, isTvIntent } from '../routing';
import { words } from '../words';
import { findTv, rememberTv, shortName } from '../tv-choice';

const spokenNames = (tvs: RegisteredTv[]): string[] => tvs.map(shortName);

/**
 * A TV command whose TV is not clear: ask with Dialog.ElicitSlot on the command's own intent, its other
 * slots kept. Alexa hears the answer with the `tv` slot's samples ("the bedroom") and sends the same
 * intent with the TV named (Amazon, "Dialog Interface Reference": ElicitSlot, updatedIntent).
 */
export const askWhichTvHandler: RequestHandler = {
  canHandle(input: HandlerInput): boolean {
    const kind = findRequestUser(input)?.choice?.kind;
    return isTvIntent(input) && (kind === 'ask' || kind === 'unknown');
  },
  handle(input: HandlerInput): Response {
    const user = findRequestUser(input);
    const names = spokenNames(user?.tvs ?? []);
    const w = words(input).tvs;
    const choice = user?.choice;
    const speech = choice?.kind === 'unknown' ? w.unknown(choice.spoken, names) : w.which(names);
    const { intent } = input.requestEnvelope.request as IntentRequest;
    const slots = { ...intent.slots, [SLOT.tv]: { name: SLOT.tv, confirmationStatus: 'NONE' as const } };
    return input.responseBuilder.speak(speech).reprompt(w.which(names))
      .addElicitSlotDirective(SLOT.tv, { name: intent.name, confirmationStatus: 'NONE', slots }).getResponse();
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
    if (tv === undefined) return ask(input, w.unknown(spoken, names), w.which(names));
    rememberTv(input, tv);
    return ask(input, w.chosen(nameCore(tv.deviceName)), w.chosenReprompt);
  },
};
