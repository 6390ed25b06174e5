// Which requests drive the TV, and so need a linked user with a TV.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';
import { isUserEvent } from './screen/device';
import { ADD_TV_INTENT, CHOOSE_TV_INTENT, FORGET_TV_INTENT, NO_INTENT, SET_UP_TV_INTENT, TV_INTENTS, YES_INTENT } from './intents';

export function isIntent(input: HandlerInput, name: string): boolean {
  const envelope = input.requestEnvelope;
  return Alexa.getRequestType(envelope) === 'IntentRequest' && Alexa.getIntentName(envelope) === name;
}

export function isTvIntent(input: HandlerInput): boolean {
  const envelope = input.requestEnvelope;
  if (Alexa.getRequestType(envelope) !== 'IntentRequest') return false;
  const name: string = Alexa.getIntentName(envelope);
  return (TV_INTENTS as readonly string[]).includes(name);
}

/** The launch greets only a user who can use the skill; the TV intents and touches on the remote act for that user. */
export function needsUser(input: HandlerInput): boolean {
  return Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest' || isTvIntent(input) || isUserEvent(input.requestEnvelope)
    || [CHOOSE_TV_INTENT, ADD_TV_INTENT, SET_UP_TV_INTENT, FORGET_TV_INTENT, YES_INTENT, NO_INTENT].some((name) => isIntent(input, name));
}
