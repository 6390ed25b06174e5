// Which TV, when the user has several: asking for it, and taking the answer or a TV's name alone.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { RegisteredTv } from '../../store/types';
import { nameCore } from '../../tv/names';
import { CHOOSE_TV_INTENT, SLOT } from '../intents';
import { findRequestUser } from '../request-user';
import { ask } from '../respond';
import { isIntent, isTvIntent } from '../routing';
import { words } from '../words';
import { findTv, keepPendingCommand, rememberTv, shortName } from '../tv-choice';

const spokenNames = (tvs: RegisteredTv[]): string[] => tvs.map(shortName);

/** A TV command whose TV is not clear: ask, keeping the command for the answer to complete. */
export const askWhichTvHandler: RequestHandler = {
  canHandle(input: HandlerInput): boolean {
    const kind = findRequestUser(input)?.choice?.kind;
    return isTvIntent(input) && (kind === 'ask' || kind === 'unknown');
  },
  handle(input: HandlerInput): Response {
    const user = findRequestUser(input);
    const names = spokenNames(user?.tvs ?? []);
    const w = words(input).tvs;
    keepPendingCommand(input);
    const choice = user?.choice;
    const speech = choice?.kind === 'unknown' ? w.unknown(choice.spoken, names) : w.which(names);
    return ask(input, speech, w.which(names));
  },
};

/** A TV's name alone, with no command waiting: that TV for the rest of the session (one TV: it, whatever the name). */
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
