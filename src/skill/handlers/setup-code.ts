// "Give me a setup code" (AddTvIntent), from any linked user the gate let through: a code for whoever sets
// TVs up from a terminal (docs/setup.md). With the user's permission the code carries the Echo's postal
// code, so setup knows the prefecture unasked.
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { LinkCodes } from '../../store';
import type { DeviceAddress } from '../services/device-address';
import { INTENT } from '../request/intents';
import { findRequestUser } from '../request/request-user';
import { isIntent } from '../request/routing';
import { words } from '../words';

export interface SetupCodeDeps {
  linkCodes: LinkCodes;
  now: () => number;
  /** Reads the Echo's postal code when the user allowed it. */
  address: DeviceAddress;
}

export function setupCodeHandler({ linkCodes, now, address }: SetupCodeDeps): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.addTv),
    async handle(input: HandlerInput): Promise<Response> {
      const user = findRequestUser(input);
      if (!user) throw new Error('AddTvIntent reached without a resolved user');
      const postalCode = await address.postalCode(input.requestEnvelope);
      const nowSeconds = Math.floor(now() / 1000);
      const { code, expiresAt } = await linkCodes.issueLinkCode(user.userId, nowSeconds, postalCode);
      const minutesLeft = Math.max(1, Math.floor((expiresAt - nowSeconds) / 60));
      const w = words(input);
      return input.responseBuilder
        .speak(w.setupCode.speech(code))
        .withSimpleCard(w.setupCode.cardTitle, w.setupCode.card(code, minutesLeft))
        .withShouldEndSession(true)
        .getResponse();
    },
  };
}
