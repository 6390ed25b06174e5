// The one place where the skill turns errors into words: device-cloud failures (with a LinkAccount card
// when the token was refused), domain refusals, and anything unexpected. The sentences themselves are
// in the locale files (words/); this module only decides which one, and logs without the token.
import type { ErrorHandler, HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { isDeviceCloudError, type DeviceCloudError, type DeviceCloudErrorKind } from '../../cloud/errors';
import type { Logger } from '../../log';
import { settleCommand } from '../../metrics';
import { isStoreError } from '../../store/errors';
import { StationElsewhere, UnknownChannelName } from '../../tv/channels';
import { ChannelOutOfRange, TooManySteps, TvRefusal } from '../../tv/control';
import { requestTypeOf } from '../request/envelope';
import { answerFailure, close, linkAccount } from './respond';
import { isIntent } from '../request/routing';
import { words, type FailureWord } from '../words';
import { INTENT, SLOT } from '../request/intents';
import { channelNameSlot } from '../request/slots';

/** The sentence for each device-cloud failure kind; `unauthorized` also asks to relink (a LinkAccount card). */
const CLOUD_FAILURE_WORD: Record<DeviceCloudErrorKind, FailureWord> = {
  unauthorized: 'relinkAccount',
  offline: 'offline',
  timeout: 'timeout',
  unavailable: 'unavailable',
  malformed: 'unavailable',
  invalid_parameter: 'invalidParameter',
  not_found: 'notFound',
  forbidden: 'forbidden',
  device_state: 'deviceState',
  duplicate: 'generic',
  rejected: 'generic',
};

/** `prefix` says what was done before the failure, e.g. "I turned the volume up 2 of 5 steps, ...". */
export function failureResponse(
  input: HandlerInput,
  error: DeviceCloudError,
  logger: Logger,
  prefix?: string,
): Response {
  // The error carries the endpoint and codes, never the token (see cloud/errors.ts).
  logger.warn('device cloud call failed', { ...describeRequest(input), ...error.fields() });
  // A run that moved the TV before failing did part of what was asked.
  settleCommand(prefix === undefined ? error.kind : 'partial');
  const w = words(input);
  const sentence = w.failure[CLOUD_FAILURE_WORD[error.kind]];
  const said = prefix === undefined ? sentence : w.then(prefix, sentence);
  return error.kind === 'unauthorized' ? linkAccount(input, said) : answerFailure(input, said);
}

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
  canHandle: (_input: HandlerInput, error: Error): boolean => error instanceof TvRefusal,
  handle(input: HandlerInput, error: Error): Response {
    settleCommand('refused');
    const failure = words(input).failure;
    if (error instanceof ChannelOutOfRange) return answerFailure(input, failure.channelRange);
    if (error instanceof UnknownChannelName || error instanceof StationElsewhere)
      return answerFailure(input, channelNameRefused(input, error));
    const channels = isIntent(input, INTENT.nextChannel) || isIntent(input, INTENT.previousChannel);
    if (error instanceof TooManySteps)
      return answerFailure(input, channels ? failure.channelTooMany : failure.volumeTooMany);
    return answerFailure(input, channels ? failure.channelStepCount : failure.volumeStepCount);
  },
};

/** A channel name the TV cannot tune, said back as it was heard (the slot's words, not the catalogue's). */
function channelNameRefused(input: HandlerInput, error: UnknownChannelName | StationElsewhere): string {
  const w = words(input);
  const heard = channelNameSlot(input, SLOT.channelName)?.heard ?? error.said;
  // Another prefecture's station: said so, never tuned to whatever holds that button here.
  if (error instanceof StationElsewhere) return w.channelElsewhere(heard, error.station);
  return error.known.length === 0 ? w.noChannelNames(heard) : w.unknownChannelName(heard, error.known);
}

/** The table is slow or unreachable: a warning (it is not our bug) and words that say to retry. */
export function storeErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (_input: HandlerInput, error: Error): boolean => isStoreError(error),
    handle(input: HandlerInput, error: Error): Response {
      settleCommand('store');
      logger.warn('user table call failed', {
        requestType: requestTypeOf(input.requestEnvelope),
        error: error.message,
      });
      return close(input, words(input).failure.storeUnavailable);
    },
  };
}

/** Anything else is logged (name and message only, through the redacting logger) and apologised for. */
export function unexpectedErrorHandler(logger: Logger): ErrorHandler {
  return {
    canHandle: (): boolean => true,
    handle(input: HandlerInput, error: Error): Response {
      settleCommand('unexpected');
      logger.error('unexpected skill error', {
        ...describeRequest(input),
        error: { name: error.name, message: error.message },
      });
      return close(input, words(input).failure.unexpected);
    },
  };
}

/** Read tolerantly: this runs for whatever went wrong, a damaged envelope included. */
function describeRequest(input: HandlerInput): { requestType?: string; intent?: string } {
  const envelope = input.requestEnvelope;
  const requestType = requestTypeOf(envelope);
  const intent =
    requestType === 'IntentRequest' ? (envelope.request as { intent?: { name?: unknown } }).intent?.name : undefined;
  return { requestType, intent: typeof intent === 'string' ? intent : undefined };
}
