// Stands before the launch and every TV intent: a user without a token is asked to link the account,
// a linked user without a TV gets a setup code.
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { Deployment } from '../../deployment';
import type { UserStore } from '../../store/types';
import { findRequestUser } from '../request-user';
import { linkAccount } from '../respond';
import { needsUser } from '../routing';
import { words } from '../words';

export function gateHandler(store: UserStore, now: () => number, deployment?: Deployment): RequestHandler {
  return {
    canHandle(input: HandlerInput): boolean {
      if (!needsUser(input)) return false;
      const user = findRequestUser(input);
      return !user?.linked || user.tv === undefined;
    },
    async handle(input: HandlerInput): Promise<Response> {
      const w = words(input);
      const user = findRequestUser(input);
      if (!user?.linked) return linkAccount(input, w.failure.linkAccount);
      const nowSeconds = Math.floor(now() / 1000);
      const { code, expiresAt } = await store.issueLinkCode(user.userId, nowSeconds);
      const minutesLeft = Math.max(1, Math.floor((expiresAt - nowSeconds) / 60));
      return input.responseBuilder
        .speak(w.setup.speech(code))
        .withSimpleCard(w.setup.cardTitle, w.setup.card(code, minutesLeft, deployment))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}
