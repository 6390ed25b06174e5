// The edge of the skill: what arrives is read tolerantly before ask-sdk sees it, so a damaged envelope
// gets a deliberate answer instead of a TypeError deep inside a handler.
import type { ResponseEnvelope } from 'ask-sdk-model';
import { isRecord } from '../../json';
import { isIntentName } from './intents';
import { readTouch } from '../screen/arguments';
import { USER_EVENT } from '../screen/device';

type Damage =
  'not an object' | 'no request' | 'no request type' | 'no context' | 'no user' | 'no intent name' | 'unreadable slots';

/** Requests that act for a user (or ask whether we could) and name an intent. */
const WITH_USER = new Set(['LaunchRequest', 'IntentRequest', 'CanFulfillIntentRequest', USER_EVENT]);
const WITH_INTENT = new Set(['IntentRequest', 'CanFulfillIntentRequest']);

/** Why ask-sdk could not read this envelope, or undefined when it can. */
export function envelopeDamage(event: unknown): Damage | undefined {
  if (!isRecord(event)) return 'not an object';
  const request = event['request'];
  if (!isRecord(request)) return 'no request';
  const type = request['type'];
  if (typeof type !== 'string' || type === '') return 'no request type';
  const system = isRecord(event['context']) ? event['context']['System'] : undefined;
  if (!isRecord(system)) return 'no context';
  if (event['session'] !== undefined && !isRecord(event['session'])) return 'no context';
  if (WITH_USER.has(type)) {
    const user = system['user'];
    if (!isRecord(user) || typeof user['userId'] !== 'string' || user['userId'] === '') return 'no user';
    if (user['accessToken'] !== undefined && typeof user['accessToken'] !== 'string') return 'no user';
  }
  if (WITH_INTENT.has(type)) {
    const intent = request['intent'];
    if (!isRecord(intent) || typeof intent['name'] !== 'string' || intent['name'] === '') return 'no intent name';
    if (!slotsReadable(intent['slots'])) return 'unreadable slots';
  }
  return undefined;
}

/** Absent, or a map of slot objects whose values (when present) are text. */
function slotsReadable(slots: unknown): boolean {
  if (slots === undefined || slots === null) return true;
  if (!isRecord(slots)) return false;
  return Object.values(slots).every(
    (slot) => isRecord(slot) && (slot['value'] === undefined || typeof slot['value'] === 'string'),
  );
}

/** The skill id an envelope claims, wherever Alexa put it. */
export function applicationIdOf(event: unknown): string | undefined {
  const e = isRecord(event) ? event : {};
  const system = isRecord(e['context']) ? e['context']['System'] : undefined;
  const fromContext =
    isRecord(system) && isRecord(system['application']) ? system['application']['applicationId'] : undefined;
  const fromSession =
    isRecord(e['session']) && isRecord(e['session']['application'])
      ? e['session']['application']['applicationId']
      : undefined;
  const id = fromContext ?? fromSession;
  return typeof id === 'string' ? id : undefined;
}

/** A response without the builder (there is no HandlerInput outside ask-sdk). */
export function plainResponse(speech?: string): ResponseEnvelope {
  return speech === undefined
    ? { version: '1.0', response: {} }
    : {
        version: '1.0',
        response: { outputSpeech: { type: 'SSML', ssml: `<speak>${speech}</speak>` }, shouldEndSession: true },
      };
}

/** A launch or an intent: the user spoke to the skill and waits for words. */
export function saysSomething(event: unknown): boolean {
  const type = requestTypeOf(event);
  return type === 'LaunchRequest' || type === 'IntentRequest';
}

/** The request's locale, read tolerantly (a damaged envelope still says which language to answer in). */
export function localeOf(event: unknown): string | undefined {
  const request = isRecord(event) ? event['request'] : undefined;
  return isRecord(request) && typeof request['locale'] === 'string' ? request['locale'] : undefined;
}

export function requestTypeOf(event: unknown): string | undefined {
  const request = isRecord(event) ? event['request'] : undefined;
  return isRecord(request) && typeof request['type'] === 'string' ? request['type'] : undefined;
}

/**
 * The request as a metric dimension: the intent of an IntentRequest or the one a touch on the keypad
 * stands for (a touch is that command: handlers/touch.ts), else the request type. Only Alexa
 * may invoke the function (serverless.yml), so these are the model's names; anything else is `unreadable`.
 */
export function commandOf(event: unknown): string {
  const type = requestTypeOf(event);
  const request = isRecord(event) ? event['request'] : undefined;
  if (type === 'IntentRequest') {
    const intent = isRecord(request) && isRecord(request['intent']) ? request['intent']['name'] : undefined;
    // A closed set: every value of a metric dimension is a metric of its own, paid for.
    return isIntentName(intent) ? intent : 'other';
  }
  if (type === USER_EVENT) return readTouch(event)?.command ?? USER_EVENT;
  return typeof type === 'string' && (REQUEST_TYPES as readonly string[]).includes(type) ? type : 'other';
}

/** The request types a metric may name: those the skill answers. */
const REQUEST_TYPES = [
  'LaunchRequest',
  'SessionEndedRequest',
  'CanFulfillIntentRequest',
  'System.ExceptionEncountered',
  USER_EVENT,
] as const;
