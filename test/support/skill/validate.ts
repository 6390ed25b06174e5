// Every response must be one Alexa accepts: version, SSML or plain speech, a boolean (or absent)
// shouldEndSession, an open session only with a reprompt, and cards of a known shape.
import type { ResponseEnvelope, ui } from 'ask-sdk-model';
import { xmlForbiddenCharacter } from '../../../src/text';

export function validateResponse(envelope: ResponseEnvelope): void {
  expect(envelope.version).toBe('1.0');
  const response = envelope.response;
  expect(typeof response).toBe('object');
  if (response.outputSpeech) validateSpeech(response.outputSpeech);
  if (response.reprompt?.outputSpeech) validateSpeech(response.reprompt.outputSpeech);
  if ('shouldEndSession' in response) expect(typeof response.shouldEndSession).toBe('boolean');
  if (response.shouldEndSession === false) expect(response.reprompt?.outputSpeech).toBeDefined();
  if (response.card) validateCard(response.card);
}

function validateSpeech(speech: ui.OutputSpeech): void {
  if (speech.type === 'PlainText') {
    expect(typeof speech.text).toBe('string');
    expect(speech.text.trim()).not.toBe('');
    return;
  }
  expect(speech.type).toBe('SSML');
  expect(speech.ssml).toMatch(/^<speak>[\s\S]+<\/speak>$/);
  const inner = speech.ssml.slice('<speak>'.length, -'</speak>'.length);
  // Only the tags the skill uses, and no bare ampersands or angle brackets.
  const withoutTags = inner.replace(/<say-as interpret-as="digits">\d+<\/say-as>/g, '');
  expect(withoutTags).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
  // Valid XML 1.0 at all: no U+FFFE, U+FFFF, lone surrogate or control character (Alexa refuses it).
  expect(xmlForbiddenCharacter(speech.ssml)).toBeUndefined();
}

function validateCard(card: ui.Card): void {
  if (card.type === 'LinkAccount') return;
  expect(card.type).toBe('Simple');
  if (card.type === 'Simple') {
    expect(typeof card.title).toBe('string');
    expect(typeof card.content).toBe('string');
  }
}
