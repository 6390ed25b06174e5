// How a response ends, decided in one place: inside a session (`session.new` false) a command keeps the
// microphone open with "Anything else?"; a one-shot ends the session. Why: docs/architecture.md#respond-file.
import type { HandlerInput } from 'ask-sdk-core';
import type { Response, Slot } from 'ask-sdk-model';
import type { IntentName } from '../request/intents';
import { isTouch, touchAnswer } from '../screen/answer';
import { words } from '../words';

export function insideSession(input: HandlerInput): boolean {
  return input.requestEnvelope.session?.new === false;
}

/** The answer to a command: one-shots end, commands inside a session ask for more; a touch keeps the screen. */
export function answer(input: HandlerInput, speech: string): Response {
  if (isTouch(input)) return touchAnswer(input, speech, false);
  const builder = input.responseBuilder;
  if (insideSession(input)) {
    const w = words(input);
    return builder.speak(w.then(speech, w.anythingElse)).reprompt(w.anythingElse).getResponse();
  }
  return builder.speak(speech).withShouldEndSession(true).getResponse();
}

/** A command that failed or was refused: said as any answer is, and on a screen also spoken. */
export function answerFailure(input: HandlerInput, speech: string): Response {
  return isTouch(input) ? touchAnswer(input, speech, true) : answer(input, speech);
}

/** A question: the session stays open whatever came before. */
export function ask(input: HandlerInput, speech: string, reprompt: string): Response {
  return input.responseBuilder.speak(speech).reprompt(reprompt).getResponse();
}

/** The last word: the session ends (after a touch, the keypad stays and shows it). */
export function close(input: HandlerInput, speech: string): Response {
  if (isTouch(input)) return touchAnswer(input, speech, true);
  return input.responseBuilder.speak(speech).withShouldEndSession(true).getResponse();
}

/**
 * Dialog.ElicitSlot for `slot` of `intent`, the intent's other slots `kept` with their values: Alexa hears
 * the answer with the slot's own samples and sends the intent again with it filled (Amazon, "Dialog
 * Interface Reference": ElicitSlot, updatedIntent). The caller's question says what is asked.
 */
export function elicitSlot(input: HandlerInput, intent: IntentName, slot: string, kept: Record<string, string>): void {
  const slots = Object.fromEntries<Slot>([
    ...Object.entries(kept)
      .filter(([name]) => name !== slot)
      .map(([name, value]): [string, Slot] => [name, { name, value, confirmationStatus: 'NONE' }]),
    [slot, { name: slot, confirmationStatus: 'NONE' }],
  ]);
  input.responseBuilder.addElicitSlotDirective(slot, { name: intent, confirmationStatus: 'NONE', slots });
}

/** The user must (re)link the account; the card in the Alexa app starts that. */
export function linkAccount(input: HandlerInput, speech: string): Response {
  return input.responseBuilder.speak(speech).withLinkAccountCard().withShouldEndSession(true).getResponse();
}
