// Which requests drive the TV, and so need a linked user with a TV.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';
import { isUserEvent } from '../screen/device';
import { INTENT, TV_INTENTS, type IntentName, type TvIntent } from './intents';

export function isIntent(input: HandlerInput, name: IntentName): boolean {
  const envelope = input.requestEnvelope;
  return Alexa.getRequestType(envelope) === 'IntentRequest' && Alexa.getIntentName(envelope) === name;
}

/** The TV intent the request is, if it is one. */
export function tvIntentOf(input: HandlerInput): TvIntent | undefined {
  const envelope = input.requestEnvelope;
  if (Alexa.getRequestType(envelope) !== 'IntentRequest') return undefined;
  const name: string = Alexa.getIntentName(envelope);
  return TV_INTENTS.find((tvIntent) => tvIntent === name);
}

export function isTvIntent(input: HandlerInput): boolean {
  return tvIntentOf(input) !== undefined;
}

/** The launch greets only a user who can use the skill; the TV intents and touches on the keypad act for that user. */
export function needsUser(input: HandlerInput): boolean {
  return (
    Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest' ||
    isTvIntent(input) ||
    isUserEvent(input.requestEnvelope) ||
    [INTENT.chooseTv, INTENT.addTv, INTENT.setUpTv, INTENT.forgetTv, INTENT.yes, INTENT.no].some((name) =>
      isIntent(input, name),
    )
  );
}
