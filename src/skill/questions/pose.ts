// How a question is put: its words, the slot it elicits, and the question kept pending in the session
// (session-codec.ts) until it is answered or cancelled.
import type { HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { elicitSlot } from '../response/respond';
import type { Asking, Question } from './question';
import { setQuestion } from './session-codec';

/** The permission whose consent card the prefecture question sends (skill/skill.json declares it). */
const ADDRESS_PERMISSION = 'alexa::devices:all:address:country_and_postal_code:read';

/** Asks `q` as `asking` says and keeps it pending. `speech` replaces its first words (a "Sorry, …" before it). */
export function pose(input: HandlerInput, q: Question, asking: Asking, speech?: string, consentCard = false): Response {
  setQuestion(input, q);
  const builder = input.responseBuilder.speak(speech ?? asking.speech).reprompt(asking.reprompt);
  if (consentCard) builder.withAskForPermissionsConsentCard([ADDRESS_PERMISSION]);
  if (asking.elicit) elicitSlot(input, asking.elicit.intent, asking.elicit.slot, asking.elicit.kept);
  return builder.getResponse();
}
