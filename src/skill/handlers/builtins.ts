// Alexa's built-in intents and the end of a session; none of them needs the user or the TV.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { ask, close } from '../respond';
import { isIntent } from '../routing';
import { FALLBACK, FALLBACK_REPROMPT, GOODBYE, HELP, HELP_REPROMPT } from '../speech';

export const helpHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'AMAZON.HelpIntent'),
  handle: (input: HandlerInput): Response => ask(input, HELP, HELP_REPROMPT),
};

export const stopHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean =>
    isIntent(input, 'AMAZON.StopIntent') || isIntent(input, 'AMAZON.CancelIntent'),
  handle: (input: HandlerInput): Response => close(input, GOODBYE),
};

/** "Go home" on a screen device leaves the skill. */
export const navigateHomeHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'AMAZON.NavigateHomeIntent'),
  handle: (input: HandlerInput): Response => close(input, GOODBYE),
};

export const fallbackHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'AMAZON.FallbackIntent'),
  handle: (input: HandlerInput): Response => ask(input, FALLBACK, FALLBACK_REPROMPT),
};

/** Alexa allows no speech here; an empty response acknowledges the end. */
export const sessionEndedHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === 'SessionEndedRequest',
  handle: (input: HandlerInput): Response => input.responseBuilder.getResponse(),
};
