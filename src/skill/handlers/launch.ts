import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { ask } from '../response/respond';
import { keypadDirective } from '../screen/answer';
import { words } from '../words';

/** "Open tv remote": a short welcome that keeps the session open, and on a screen that shows APL the keypad. */
export const launchHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest',
  handle(input: HandlerInput): Response {
    const w = words(input);
    const keypad = keypadDirective(input, w.screen.ready, false);
    if (keypad) input.responseBuilder.addDirective(keypad);
    return ask(input, w.welcome, w.welcomeReprompt);
  },
};
