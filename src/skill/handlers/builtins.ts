// Alexa's built-in intents and the end of a session; none of them needs the user or the TV.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response, SessionEndedRequest } from 'ask-sdk-model';
import type { Logger } from '../../log';
import { ask, close } from '../response/respond';
import { isIntent } from '../request/routing';
import { words } from '../words';
import { INTENT } from '../request/intents';

export const helpHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.help),
  handle: (input: HandlerInput): Response => ask(input, words(input).help, words(input).helpReprompt),
};

export const stopHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.stop) || isIntent(input, INTENT.cancel),
  handle: (input: HandlerInput): Response => close(input, words(input).goodbye),
};

/** "Go home" on a screen device leaves the skill. */
export const navigateHomeHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.navigateHome),
  handle: (input: HandlerInput): Response => close(input, words(input).goodbye),
};

export const fallbackHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.fallback),
  handle: (input: HandlerInput): Response => ask(input, words(input).fallback, words(input).fallbackReprompt),
};

/**
 * An intent no handler serves (a newer interaction model, or a built-in we did not declare): the
 * fallback words, not an error. Registered after every intent handler.
 */
export function unknownIntentHandler(logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === 'IntentRequest',
    handle(input: HandlerInput): Response {
      logger.info('unknown intent', { intent: Alexa.getIntentName(input.requestEnvelope) });
      return ask(input, words(input).fallback, words(input).fallbackReprompt);
    },
  };
}

/**
 * Alexa allows no speech here; an empty response acknowledges the end. When Alexa ended the session
 * because of an error (e.g. a response it could not accept), that error is only visible here.
 */
export function sessionEndedHandler(logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === 'SessionEndedRequest',
    handle(input: HandlerInput): Response {
      const request = input.requestEnvelope.request as SessionEndedRequest;
      if (request.reason === 'ERROR') {
        logger.warn('Alexa ended the session with an error', {
          errorType: request.error?.type,
          errorMessage: request.error?.message,
        });
      }
      return input.responseBuilder.getResponse();
    },
  };
}
