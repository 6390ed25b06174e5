// Stands before the launch and every TV intent: a user without a token is asked to link the account. A
// linked user without a TV is offered setup by voice (conversation.ts); one who asks gets a setup code
// (setup-code.ts).
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { findRequestUser } from '../request/request-user';
import { linkAccount } from '../response/respond';
import { needsUser } from '../request/routing';
import { words } from '../words';

export const gateHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => needsUser(input) && findRequestUser(input)?.linked !== true,
  handle: (input: HandlerInput): Response => linkAccount(input, words(input).failure.linkAccount),
};
