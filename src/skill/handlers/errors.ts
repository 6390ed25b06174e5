// Errors that reach the dispatcher: device-cloud failures and domain refusals become sentences;
// anything else is logged (name and message only, through the redacting logger) and apologised for.
import * as Alexa from 'ask-sdk-core';
import type { ErrorHandler, HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { isDeviceCloudError } from '../../cloud/errors';
import type { Logger } from '../../log';
import { ChannelOutOfRange, InvalidStepCount } from '../../tv/errors';
import { answer, close } from '../respond';
import { isIntent } from '../routing';
import { CHANNEL_RANGE, CHANNEL_STEP_COUNT, UNEXPECTED, VOLUME_STEP_COUNT } from '../speech';
import { failureResponse } from './failure-response';

export function deviceCloudErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (_input: HandlerInput, error: Error): boolean => isDeviceCloudError(error),
    handle(input: HandlerInput, error: Error): Response {
      if (!isDeviceCloudError(error)) throw error;
      return failureResponse(input, error, logger);
    },
  };
}

export const domainErrorHandler: ErrorHandler = {
  canHandle: (_input: HandlerInput, error: Error): boolean =>
    error instanceof ChannelOutOfRange || error instanceof InvalidStepCount,
  handle(input: HandlerInput, error: Error): Response {
    if (error instanceof ChannelOutOfRange) return answer(input, CHANNEL_RANGE);
    const channels = isIntent(input, 'NextChannelIntent') || isIntent(input, 'PreviousChannelIntent');
    return answer(input, channels ? CHANNEL_STEP_COUNT : VOLUME_STEP_COUNT);
  },
};

export function unexpectedErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (): boolean => true,
    handle(input: HandlerInput, error: Error): Response {
      const envelope = input.requestEnvelope;
      logger.error('unexpected skill error', {
        requestType: Alexa.getRequestType(envelope),
        intent: Alexa.getRequestType(envelope) === 'IntentRequest' ? Alexa.getIntentName(envelope) : undefined,
        error: { name: error.name, message: error.message },
      });
      return close(input, UNEXPECTED);
    },
  };
}
