// Alexa's rules for a custom skill's responses, in one place: what Alexa refuses, so that a conversation the
// sandbox and the tests pass would not be refused on a real Echo. Never bundled. Each rule sits beside the
// Amazon page it comes from, in the module for what it checks: dialog-rules.ts, content-rules.ts, apl-rules.ts.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { isJapanese } from '../../language';
import { aplRefusals, type AplRuleName } from './apl-rules';
import { contentRefusals, type ContentRuleName } from './content-rules';
import { dialogRefusals, type DialogRuleName } from './dialog-rules';
import type { Refusal } from './refusal';

/** The rules, by name: what a refusal says it broke. */
export type RuleName = DialogRuleName | ContentRuleName | AplRuleName;

/**
 * What the Echo says when Alexa refuses the skill's response, in the locale's language. English: the
 * sentence skill developers quote from their Echo ("There was a problem with the requested skill's
 * response", e.g. in the troubleshooting notes of Jellyfin's and Overtalkerr's Alexa skills). Japanese:
 * 「リクエストされたスキルの応答に問題があります」, as quoted in a Japanese Alexa-skill guide's
 * troubleshooting table (one source only; Amazon publishes neither sentence).
 */
export function refusalSpeech(locale: string): string {
  return isJapanese(locale)
    ? 'リクエストされたスキルの応答に問題があります。'
    : "There was a problem with the requested skill's response.";
}

/** What Alexa would refuse in the response, first rule first; empty when Alexa plays it. */
export function responseRefusals(
  model: unknown,
  request: RequestEnvelope,
  envelope: ResponseEnvelope,
): Refusal<RuleName>[] {
  return [...dialogRefusals(model, request, envelope), ...contentRefusals(envelope), ...aplRefusals(request, envelope)];
}

/** The first thing Alexa would refuse in the response, or undefined when Alexa plays it. */
export function alexaRefusal(
  model: unknown,
  request: RequestEnvelope,
  envelope: ResponseEnvelope,
): Refusal<RuleName> | undefined {
  return responseRefusals(model, request, envelope)[0];
}
