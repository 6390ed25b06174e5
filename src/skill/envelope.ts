// The edge of the skill: what arrives is read tolerantly before ask-sdk sees it, so a damaged envelope
// gets a deliberate answer instead of a TypeError deep inside a handler.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';

type Damage = 'not an object' | 'no request' | 'no request type' | 'no user' | 'no intent name';

/** Why ask-sdk could not read this envelope, or undefined when it can. */
export function envelopeDamage(event: unknown): Damage | undefined {
  if (!isRecord(event)) return 'not an object';
  const request = event['request'];
  if (!isRecord(request)) return 'no request';
  if (typeof request['type'] !== 'string' || request['type'] === '') return 'no request type';
  if (request['type'] === 'LaunchRequest' || request['type'] === 'IntentRequest') {
    // Both act for a user; the interceptor reads context.System.user.userId.
    const system = isRecord(event['context']) ? event['context']['System'] : undefined;
    const user = isRecord(system) ? system['user'] : undefined;
    if (!isRecord(user) || typeof user['userId'] !== 'string' || user['userId'] === '') return 'no user';
  }
  if (request['type'] === 'IntentRequest') {
    const intent = request['intent'];
    if (!isRecord(intent) || typeof intent['name'] !== 'string' || intent['name'] === '') return 'no intent name';
  }
  return undefined;
}

/** The skill id an envelope claims, wherever Alexa put it. */
export function applicationIdOf(event: unknown): string | undefined {
  const e = isRecord(event) ? event : {};
  const system = isRecord(e['context']) ? e['context']['System'] : undefined;
  const fromContext = isRecord(system) && isRecord(system['application']) ? system['application']['applicationId'] : undefined;
  const fromSession = isRecord(e['session']) && isRecord(e['session']['application']) ? e['session']['application']['applicationId'] : undefined;
  const id = fromContext ?? fromSession;
  return typeof id === 'string' ? id : undefined;
}

/** A response without the builder (there is no HandlerInput outside ask-sdk). */
export function plainResponse(speech?: string): ResponseEnvelope {
  return speech === undefined
    ? { version: '1.0', response: {} }
    : { version: '1.0', response: { outputSpeech: { type: 'SSML', ssml: `<speak>${speech}</speak>` }, shouldEndSession: true } };
}

export function requestTypeOf(event: RequestEnvelope | unknown): string | undefined {
  const request = isRecord(event) ? event['request'] : undefined;
  return isRecord(request) && typeof request['type'] === 'string' ? request['type'] : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
