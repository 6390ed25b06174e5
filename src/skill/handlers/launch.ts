import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { ask } from '../respond';
import { words } from '../words';

/** "Open tv remote": a short welcome that keeps the session open. */
export const launchHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest',
  handle: (input: HandlerInput): Response => ask(input, words(input).welcome, words(input).welcomeReprompt),
};
