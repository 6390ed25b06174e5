// Errors that reach the dispatcher: device-cloud failures and domain refusals become sentences;
// anything else is logged (name and message only, through the redacting logger) and apologised for.
import type { ErrorHandler, HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { isDeviceCloudError } from '../../cloud/errors';
import { isStoreError } from '../../store/errors';
import type { Logger } from '../../log';
import { ChannelOutOfRange, InvalidStepCount } from '../../tv/errors';
import { answer, close } from '../respond';
import { isIntent } from '../routing';
import { requestTypeOf } from '../envelope';
import { CHANNEL_RANGE, CHANNEL_STEP_COUNT, STORE_UNAVAILABLE, UNEXPECTED, VOLUME_STEP_COUNT } from '../speech';
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

/** The table is slow or unreachable: a warning (it is not our bug) and words that say to retry. */
export function storeErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (_input: HandlerInput, error: Error): boolean => isStoreError(error),
    handle(input: HandlerInput, error: Error): Response {
      logger.warn('user table call failed', { requestType: requestTypeOf(input.requestEnvelope), error: error.message });
      return close(input, STORE_UNAVAILABLE);
    },
  };
}

export function unexpectedErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (): boolean => true,
    handle(input: HandlerInput, error: Error): Response {
      const envelope = input.requestEnvelope;
      // Read tolerantly: this runs for whatever went wrong, a damaged envelope included.
      const requestType = requestTypeOf(envelope);
      const intent = requestType === 'IntentRequest' ? (envelope.request as { intent?: { name?: unknown } }).intent?.name : undefined;
      logger.error('unexpected skill error', {
        requestType,
        intent: typeof intent === 'string' ? intent : undefined,
        error: { name: error.name, message: error.message },
      });
      return close(input, UNEXPECTED);
    },
  };
}
