// Requests the skill does not serve with words: CanFulfillIntentRequest (Alexa asking whether we could
// take a name-free request) and every other request type (skill events, Connections.Response, ...).
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response, Slot, canfulfill } from 'ask-sdk-model';
import type { Logger } from '../../log';
import { isChannelNumber } from '../../tv/control';
import { SLOT, TV_INTENTS } from '../request/intents';
import { readNumber } from '../request/slots';

/**
 * YES for a TV intent whose slots we can act on and a linked user; MAYBE when the account is not
 * linked yet (the request would end in a link card); NO for anything else. Never acts on the TV.
 */
export const canFulfillHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean =>
    Alexa.getRequestType(input.requestEnvelope) === 'CanFulfillIntentRequest',
  handle(input: HandlerInput): Response {
    const request = input.requestEnvelope.request as canfulfill.CanFulfillIntentRequest;
    return input.responseBuilder
      .withCanFulfillIntent(
        canFulfill(request, Alexa.getAccountLinkingAccessToken(input.requestEnvelope) !== undefined),
      )
      .getResponse();
  },
};

export function canFulfill(request: canfulfill.CanFulfillIntentRequest, linked: boolean): canfulfill.CanFulfillIntent {
  const name = request.intent?.name;
  if (typeof name !== 'string' || !(TV_INTENTS as readonly string[]).includes(name)) return { canFulfill: 'NO' };
  const slots: Record<string, canfulfill.CanFulfillSlot> = {};
  for (const [slotName, slot] of Object.entries(request.intent.slots ?? {})) {
    if (slot?.value === undefined) continue;
    const ok = slotServes(slotName, slot);
    slots[slotName] = { canUnderstand: ok ? 'YES' : 'NO', canFulfill: ok ? 'YES' : 'NO' };
  }
  const all = Object.values(slots).every((s) => s.canFulfill === 'YES');
  return { canFulfill: !all ? 'NO' : linked ? 'YES' : 'MAYBE', slots };
}

function slotServes(name: string, slot: Slot): boolean {
  // A name is understood: which channel or TV it is depends on the user's names; either way they hear words.
  if (name === SLOT.channelName || name === SLOT.tv) return (slot.value ?? '').trim() !== '';
  const n = readNumber(slot.value);
  if (n.kind !== 'number') return false;
  if (name === SLOT.channel) return isChannelNumber(n.value);
  return name === SLOT.count && n.value >= 1;
}

/** Any other request type: an empty response acknowledges it; nothing is said or sent. */
export function unservedRequestHandler(logger: Logger): RequestHandler {
  return {
    canHandle: (): boolean => true,
    handle(input: HandlerInput): Response {
      logger.info('request type not served', { requestType: Alexa.getRequestType(input.requestEnvelope) });
      return input.responseBuilder.getResponse();
    },
  };
}
