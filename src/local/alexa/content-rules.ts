// Alexa's rules for what a response says: speech that is SSML Alexa accepts, within the size limits for
// speech, cards and the whole response, and when a progressive response may be played. Each beside its source.
import type { ResponseEnvelope, ui } from 'ask-sdk-model';
import { asRecord, type JsonObject } from '../../json';
import { xmlForbiddenCharacter } from '../../text';
import type { Refusal } from './refusal';

const JSON_REFERENCE =
  'Amazon, "Request and Response JSON Reference", response size limits (developer.amazon.com/en-US/docs/alexa/custom-skills/request-and-response-json-reference.html)';
const SSML_REFERENCE =
  'Amazon, "Speech Synthesis Markup Language (SSML) Reference", supported tags (developer.amazon.com/docs/custom-skills/speech-synthesis-markup-language-ssml-reference.html)';

export type ContentRuleName = 'ssml' | 'speech-size' | 'card-size' | 'response-size';

/**
 * Alexa's limits on a response (JSON_REFERENCE, "Response size limits", as quoted from the page in the
 * Stack Overflow answer "Alexa skill SSML max length" and in AlexaNetCore's response validator): the
 * outputSpeech can't exceed 8000 characters (Alexa's log for a longer one: "Speech with id … and length
 * 9503 exceeds allowed size of 8000 characters", LorenzHW/Telegram-Connect#6; "Best Practices for Text
 * Responses": less than 8000); all the text in a card can't exceed 8000 characters; the total size of the
 * response can't exceed 120 kilobytes (the page's current figure; it was 24 KB before). Kilobytes read as
 * 1000 bytes, the stricter reading.
 */
export const MAX_SPEECH_CHARACTERS = 8000;
export const MAX_CARD_CHARACTERS = 8000;
export const MAX_RESPONSE_BYTES = 120_000;

/**
 * The SSML tags Alexa supports (SSML_REFERENCE, "Supported SSML tags"; the same set as Micronaut's Alexa
 * SSML builder, io.micronaut.aws.alexa.ssml.Ssml). Any other tag makes the speech invalid.
 */
const SSML_TAGS = new Set([
  'speak',
  'amazon:domain',
  'amazon:effect',
  'amazon:emotion',
  'audio',
  'break',
  'emphasis',
  'lang',
  'p',
  'phoneme',
  'prosody',
  's',
  'say-as',
  'sub',
  'voice',
  'w',
]);

/** What the SSML breaks (not a <speak> document, malformed XML, a tag Alexa does not support), empty when valid. */
export function ssmlProblems(ssml: string): string[] {
  const forbidden = xmlForbiddenCharacter(ssml);
  if (forbidden !== undefined) return [`character ${forbidden} is not allowed in XML`];
  const problems: string[] = [];
  const stack: string[] = [];
  let rootClosed = false;
  let i = 0;
  const text = (chunk: string): void => {
    if (chunk.trim() !== '' && stack.length === 0)
      problems.push(`text outside <speak>: ${JSON.stringify(chunk.slice(0, 20))}`);
    const amp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(chunk);
    if (amp) problems.push(`a bare & at ${JSON.stringify(chunk.slice(amp.index, amp.index + 12))}`);
  };
  while (i < ssml.length && problems.length === 0) {
    const lt = ssml.indexOf('<', i);
    text(lt === -1 ? ssml.slice(i) : ssml.slice(i, lt));
    if (lt === -1) break;
    const tag = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(
      ssml.slice(lt),
    );
    if (tag === null) {
      problems.push(`malformed markup at ${JSON.stringify(ssml.slice(lt, lt + 20))}`);
      break;
    }
    const [whole, closing, name, attributes, selfClosing] = tag as unknown as [string, string, string, string, string];
    if (!SSML_TAGS.has(name)) problems.push(`<${name}> is not a tag Alexa supports`);
    if (closing && (selfClosing || attributes.trim() !== '')) problems.push(`malformed end tag ${whole}`);
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(attributes)) problems.push(`a bare & in ${whole}`);
    const names = [...attributes.matchAll(/([A-Za-z_][\w.:-]*)\s*=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) problems.push(`an attribute twice in ${whole}`);
    if (stack.length === 0 && (rootClosed || name !== 'speak' || closing))
      problems.push(`the document is not one <speak> element (at ${whole})`);
    else if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
      if (stack.length === 0) rootClosed = true;
    } else if (!selfClosing) stack.push(name);
    else if (stack.length === 0) rootClosed = true;
    i = lt + whole.length;
  }
  if (problems.length === 0 && !rootClosed)
    problems.push(stack.length > 0 ? `<${stack[stack.length - 1]}> is never closed` : 'no <speak> element');
  return problems;
}

/** A request as the Progressive Response API knows it: its type, and whether the skill has answered it. */
export interface ProgressiveTarget {
  type: string;
  answered: boolean;
}

/**
 * Why Alexa would not play a progressive response, or undefined when it would. Amazon, "Send the User a
 * Progressive Response" (developer.amazon.com/docs/custom-skills/send-the-user-a-progressive-response.html):
 * it is sent "from the context of the current LaunchRequest or IntentRequest", not other request types;
 * none can be sent after the skill has returned its full response, and Alexa plays only those it receives
 * before that response; the content is valid SSML inside <speak>. Checked where the speech arrives, at
 * the Progressive Response API's stand-in (src/local/device-address).
 */
export function progressiveRefusal(request: ProgressiveTarget | undefined, speech: string): string | undefined {
  if (request === undefined) return 'no request with this requestId is waiting for an answer';
  if (request.type !== 'LaunchRequest' && request.type !== 'IntentRequest')
    return `a progressive response cannot be sent for a ${request.type}`;
  if (request.answered) return 'the request has been answered already';
  const problems = ssmlProblems(speech);
  return problems.length > 0 ? `the speech is not valid SSML: ${problems[0]}` : undefined;
}

/** What Alexa would refuse in the response's speech, card and size. */
export function contentRefusals(envelope: ResponseEnvelope): Refusal<ContentRuleName>[] {
  const refusals: Refusal<ContentRuleName>[] = [];
  const r = envelope.response;
  const speeches: [string, ui.OutputSpeech | undefined][] = [
    ['outputSpeech', r.outputSpeech],
    ['reprompt', r.reprompt?.outputSpeech],
  ];
  for (const [where, speech] of speeches) {
    if (speech === undefined) continue;
    const spoken = speech.type === 'SSML' ? speech.ssml : speech.text;
    if (typeof spoken !== 'string') {
      refusals.push({
        rule: 'ssml',
        source: JSON_REFERENCE,
        detail: `${where} has no ${speech.type === 'SSML' ? 'ssml' : 'text'}`,
      });
      continue;
    }
    if (spoken.length > MAX_SPEECH_CHARACTERS)
      refusals.push({
        rule: 'speech-size',
        source: JSON_REFERENCE,
        detail: `${where} is ${spoken.length} characters, more than ${MAX_SPEECH_CHARACTERS}`,
      });
    if (speech.type === 'SSML') {
      for (const problem of ssmlProblems(spoken))
        refusals.push({ rule: 'ssml', source: SSML_REFERENCE, detail: `${where}: ${problem}` });
    }
  }
  const cardText = cardCharacters(r.card);
  if (cardText > MAX_CARD_CHARACTERS)
    refusals.push({
      rule: 'card-size',
      source: JSON_REFERENCE,
      detail: `the card holds ${cardText} characters, more than ${MAX_CARD_CHARACTERS}`,
    });
  const bytes = Buffer.byteLength(JSON.stringify(envelope), 'utf8');
  if (bytes > MAX_RESPONSE_BYTES)
    refusals.push({
      rule: 'response-size',
      source: JSON_REFERENCE,
      detail: `the response is ${bytes} bytes, more than ${MAX_RESPONSE_BYTES}`,
    });
  return refusals;
}

/** "All of the text included in a card": title, content, text and image URLs. */
function cardCharacters(card: ui.Card | undefined): number {
  if (card === undefined) return 0;
  const c = card as unknown as JsonObject;
  const image = asRecord(c['image']) ?? {};
  return [c['title'], c['content'], c['text'], image['smallImageUrl'], image['largeImageUrl']].reduce<number>(
    (n, v) => n + (typeof v === 'string' ? v.length : 0),
    0,
  );
}
