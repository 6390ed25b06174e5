// A device-cloud failure as a response: logged without the token, spoken through failures.ts.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { DeviceCloudError } from '../../cloud/errors';
import type { Logger } from '../../log';
import { failureSpeech } from '../failures';
import { answer, linkAccount } from '../respond';

/** `prefix` says what was done before the failure, e.g. "I turned the volume up 2 of 5 steps, ...". */
export function failureResponse(input: HandlerInput, error: DeviceCloudError, logger: Logger, prefix?: string): Response {
  // The error carries the endpoint and codes, never the token (see cloud/errors.ts).
  logger.warn('device cloud call failed', {
    requestType: Alexa.getRequestType(input.requestEnvelope),
    intent: Alexa.getRequestType(input.requestEnvelope) === 'IntentRequest' ? Alexa.getIntentName(input.requestEnvelope) : undefined,
    kind: error.kind,
    endpoint: error.endpoint,
    status: error.status,
    result: error.result,
    errorCode: error.errorCode,
  });
  const { speech, linkAccount: relink } = failureSpeech(error.kind);
  const said = prefix === undefined ? speech : `${prefix} ${speech}`;
  return relink ? linkAccount(input, said) : answer(input, said);
}
