// Stands before the launch and every TV intent: a user without a token is asked to link the account,
// a linked user without a TV gets a setup code. A user with TVs gets one on asking to add a TV.
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { Deployment } from '../../deployment';
import type { UserStore } from '../../store/types';
import { ADD_TV_INTENT } from '../intents';
import { findRequestUser } from '../request-user';
import { linkAccount } from '../respond';
import { isIntent, needsUser } from '../routing';
import { words } from '../words';

export function gateHandler(store: UserStore, now: () => number, deployment?: Deployment): RequestHandler {
  return {
    canHandle(input: HandlerInput): boolean {
      if (!needsUser(input)) return false;
      const user = findRequestUser(input);
      return !user?.linked || user.tvs.length === 0;
    },
    async handle(input: HandlerInput): Promise<Response> {
      const w = words(input);
      const user = findRequestUser(input);
      if (!user?.linked) return linkAccount(input, w.failure.linkAccount);
      const { code, minutesLeft } = await issueCode(store, user.userId, now);
      return input.responseBuilder
        .speak(w.setup.speech(code))
        .withSimpleCard(w.setup.cardTitle, w.setup.card(code, minutesLeft, deployment))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}

/** "Set up another TV", from a user the gate let through (linked, with TVs). */
export function addTvHandler(store: UserStore, now: () => number, deployment?: Deployment): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, ADD_TV_INTENT),
    async handle(input: HandlerInput): Promise<Response> {
      const user = findRequestUser(input);
      if (!user) throw new Error('AddTvIntent reached without a resolved user');
      const { code, minutesLeft } = await issueCode(store, user.userId, now);
      const w = words(input);
      return input.responseBuilder
        .speak(w.addTv.speech(code))
        .withSimpleCard(w.addTv.cardTitle, w.addTv.card(code, minutesLeft, deployment))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}

async function issueCode(store: UserStore, userId: string, now: () => number): Promise<{ code: string; minutesLeft: number }> {
  const nowSeconds = Math.floor(now() / 1000);
  const { code, expiresAt } = await store.issueLinkCode(userId, nowSeconds);
  return { code, minutesLeft: Math.max(1, Math.floor((expiresAt - nowSeconds) / 60)) };
}
