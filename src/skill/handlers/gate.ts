// Stands before the launch and every TV intent: a user without a token is asked to link the account,
// a linked user without a TV gets a setup code, unless setup by voice is deployed (conversation.ts then
// offers to look for the TV). Anyone linked gets a code on asking for one. With the user's permission
// the code carries the Echo's postal code, so setup knows the prefecture unasked.
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { UserStore } from '../../store/types';
import { findArea } from '../../tv/areas';
import type { DeviceAddress } from '../device-address';
import { ADD_TV_INTENT } from '../intents';
import { findRequestUser } from '../request-user';
import { linkAccount } from '../respond';
import { isIntent, needsUser } from '../routing';
import { words } from '../words';
import type { EchoArea } from '../words/types';

export interface CodeDeps {
  store: UserStore;
  now: () => number;
  /** Reads the Echo's postal code when the user allowed it. */
  address: DeviceAddress;
  /** Setup by voice is deployed: a linked user without a TV is offered it instead of a code. */
  byVoice?: boolean;
}

export function gateHandler({ store, now, address, byVoice = false }: CodeDeps): RequestHandler {
  return {
    canHandle(input: HandlerInput): boolean {
      if (!needsUser(input)) return false;
      const user = findRequestUser(input);
      if (!user?.linked) return true;
      // The conversation's own intents and answers are never turned into a code.
      return !byVoice && user.tvs.length === 0;
    },
    async handle(input: HandlerInput): Promise<Response> {
      const w = words(input);
      const user = findRequestUser(input);
      if (!user?.linked) return linkAccount(input, w.failure.linkAccount);
      const { code, minutesLeft, echo } = await issueCode(input, { store, now, address }, user.userId);
      return input.responseBuilder
        .speak(w.setup.speech(code))
        .withSimpleCard(w.setup.cardTitle, w.setup.card(code, minutesLeft, echo))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}

/** "Set up another TV", from a user the gate let through (linked, with TVs). */
export function addTvHandler({ store, now, address }: CodeDeps): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, ADD_TV_INTENT),
    async handle(input: HandlerInput): Promise<Response> {
      const user = findRequestUser(input);
      if (!user) throw new Error('AddTvIntent reached without a resolved user');
      const { code, minutesLeft, echo } = await issueCode(input, { store, now, address }, user.userId);
      const w = words(input);
      return input.responseBuilder
        .speak(w.addTv.speech(code))
        .withSimpleCard(w.addTv.cardTitle, w.addTv.card(code, minutesLeft, echo))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}

interface IssuedCode {
  code: string;
  minutesLeft: number;
  echo?: EchoArea;
}

async function issueCode(input: HandlerInput, deps: CodeDeps, userId: string): Promise<IssuedCode> {
  const postalCode = await deps.address.postalCode(input.requestEnvelope);
  const nowSeconds = Math.floor(deps.now() / 1000);
  const { code, expiresAt } = await deps.store.issueLinkCode(userId, nowSeconds, postalCode);
  const area = postalCode === undefined ? undefined : findArea(postalCode);
  const echo = area?.found && postalCode !== undefined ? { name: area.prefecture.name, romaji: area.prefecture.romaji, postalCode } : undefined;
  return { code, minutesLeft: Math.max(1, Math.floor((expiresAt - nowSeconds) / 60)), ...(echo ? { echo } : {}) };
}
