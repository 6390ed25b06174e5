// Alexa's rules for a custom skill's responses, in one place: what Alexa refuses, each rule beside the
// Amazon page (or Amazon's own words elsewhere) it comes from. A pure function of the interaction model,
// the request and the response, for the sandbox and the conversation tests to run every response
// through, so a conversation that passes here would not be refused on a real Echo. Never bundled.
//
// The rules: Dialog directives need a dialog model; a Dialog directive answers an IntentRequest (or chains
// from a LaunchRequest), names an intent of the model in updatedIntent (never a built-in one it chains
// to), elicits or confirms one of that intent's slots, declared in the dialog model, and keeps the session
// open; Dialog.Delegate carries no speech; speech is SSML Alexa accepts, within the size limits
// (`responseRefusals`); a progressive response only while a launch or an intent is being answered
// (`progressiveRefusal`); and the model's own dialog structure (`modelRefusals`). When Alexa refuses a
// response it does not play it: the Echo says a fixed sentence instead (`refusalSpeech`).
import type { RequestEnvelope, ResponseEnvelope, ui } from 'ask-sdk-model';
import { asRecord, isRecord, type JsonObject } from '../../json';
import { isJapanese } from '../../language';
import { xmlForbiddenCharacter } from '../../text';
import { aplRefusals, type AplRuleName } from './apl-rules';

const DIALOG_REFERENCE = 'Amazon, "Dialog Interface Reference" (developer.amazon.com/en-US/docs/alexa/custom-skills/dialog-interface-reference.html)';
const DIALOG_MODEL_PAGE = 'Amazon, "Define the Dialog to Collect and Confirm Required Information" (developer.amazon.com/docs/alexa/custom-skills/define-the-dialog-to-collect-and-confirm-required-information.html)';
const INTENT_CHAINING = 'Amazon Alexa blog, "Use Intent Chaining to Enter Dialog Management from a Different Intent" (J. Jeffress, 2019-03-01)';
const SESSION_PAGE = 'Amazon, "Manage the Skill Session and Session Attributes" (developer.amazon.com/docs/custom-skills/manage-skill-session-and-session-attributes.html)';
const JSON_REFERENCE = 'Amazon, "Request and Response JSON Reference", response size limits (developer.amazon.com/en-US/docs/alexa/custom-skills/request-and-response-json-reference.html)';
const SSML_REFERENCE = 'Amazon, "Speech Synthesis Markup Language (SSML) Reference", supported tags (developer.amazon.com/docs/custom-skills/speech-synthesis-markup-language-ssml-reference.html)';

/** The rules, by name: what a refusal says it broke. */
export type RuleName =
  | 'dialog-needs-dialog-model'
  | 'dialog-answers-launch-or-intent'
  | 'updated-intent-of-model'
  | 'slot-of-intent'
  | 'intent-in-dialog-model'
  | 'dialog-keeps-session-open'
  | 'delegate-without-speech'
  | 'ssml'
  | 'speech-size'
  | 'card-size'
  | 'response-size'
  | 'model-dialog-structure'
  | AplRuleName;

/** One thing Alexa would refuse, with the rule and where Amazon says so. */
export interface Refusal {
  rule: RuleName;
  detail: string;
  source: string;
}

/**
 * The Dialog directives that need a dialog model: "To use most of the Dialog directives, your skill must
 * include a dialog model"; the ja-JP page adds that Dialog.UpdateDynamicEntities needs none. The refusal
 * as a developer met it: "The requested skill has not been configured to support dialogs yet", which
 * Amazon's Justin Jeffress explains by "you don't have any required slots"
 * (alexa-samples/skill-sample-nodejs-decision-tree#28). Source: DIALOG_REFERENCE.
 */
const NEEDS_DIALOG_MODEL = new Set(['Dialog.Delegate', 'Dialog.ElicitSlot', 'Dialog.ConfirmSlot', 'Dialog.ConfirmIntent']);

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
  'speak', 'amazon:domain', 'amazon:effect', 'amazon:emotion', 'audio', 'break', 'emphasis', 'lang', 'p',
  'phoneme', 'prosody', 's', 'say-as', 'sub', 'voice', 'w',
]);

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
export function responseRefusals(model: unknown, request: RequestEnvelope, envelope: ResponseEnvelope): Refusal[] {
  return [...dialogRefusals(readModel(model), request, envelope), ...contentRefusals(envelope), ...aplRefusals(request, envelope)];
}

/** The first thing Alexa would refuse in the response, or undefined when Alexa plays it. */
export function alexaRefusal(model: unknown, request: RequestEnvelope, envelope: ResponseEnvelope): Refusal | undefined {
  return responseRefusals(model, request, envelope)[0];
}

/**
 * Why the model "has a dialog model", empty when it has none. The Dialog Interface Reference's dialog
 * model is required slots with their prompts, slot or intent confirmation with its prompts, and slot
 * validation rules; the intent-chaining post adds auto delegation ("If you have at least one intent
 * with a required slot, or you've enabled auto delegation, your skill has a dialog model"). A required
 * slot or a confirmation counts only with its prompt (DIALOG_MODEL_PAGE: Alexa speaks it).
 */
export function dialogModelFeatures(model: unknown): string[] {
  return featuresOf(readModel(model));
}

function featuresOf(m: ModelView): string[] {
  const features: string[] = [];
  if (m.delegationStrategy === 'ALWAYS') features.push('auto delegation for the skill');
  for (const intent of m.dialogIntents.values()) {
    if (intent.delegationStrategy === 'ALWAYS') features.push(`auto delegation for ${intent.name}`);
    if (intent.confirmationRequired && m.prompts.has(intent.confirmationPrompt ?? '')) features.push(`${intent.name} confirmed`);
    for (const slot of intent.slots.values()) {
      if (slot.elicitationRequired && m.prompts.has(slot.elicitationPrompt ?? '')) features.push(`${intent.name}.${slot.name} required, with its prompt`);
      if (slot.confirmationRequired && m.prompts.has(slot.confirmationPrompt ?? '')) features.push(`${intent.name}.${slot.name} confirmed`);
      if (slot.validations > 0) features.push(`${intent.name}.${slot.name} validated`);
    }
  }
  return features;
}

export const hasDialogModel = (model: unknown): boolean => dialogModelFeatures(model).length > 0;

/**
 * The model's own dialog structure, as the model build checks it (DIALOG_MODEL_PAGE, "JSON for the
 * dialog model"): each dialog intent and slot is one of the language model's, each prompt id a
 * dialog rule names is in `prompts`, and a required or confirmed slot or intent has its prompt.
 */
export function modelRefusals(model: unknown): Refusal[] {
  const m = readModel(model);
  const refusals: Refusal[] = [];
  const refuse = (detail: string) => refusals.push({ rule: 'model-dialog-structure', detail, source: DIALOG_MODEL_PAGE });
  for (const intent of m.dialogIntents.values()) {
    const slots = m.intents.get(intent.name);
    if (slots === undefined) refuse(`the dialog model declares ${intent.name}, which the language model has not`);
    if (intent.confirmationRequired && intent.confirmationPrompt === undefined) refuse(`${intent.name} requires confirmation without a confirmation prompt`);
    for (const id of intent.promptIds) if (!m.prompts.has(id)) refuse(`${intent.name} names prompt ${id}, which is not in prompts`);
    for (const slot of intent.slots.values()) {
      if (slots !== undefined && !slots.has(slot.name)) refuse(`the dialog model declares ${intent.name}.${slot.name}, a slot ${intent.name} has not`);
      if (slot.elicitationRequired && slot.elicitationPrompt === undefined) refuse(`${intent.name}.${slot.name} is required without an elicitation prompt`);
      if (slot.confirmationRequired && slot.confirmationPrompt === undefined) refuse(`${intent.name}.${slot.name} requires confirmation without a confirmation prompt`);
      for (const id of slot.promptIds) if (!m.prompts.has(id)) refuse(`${intent.name}.${slot.name} names prompt ${id}, which is not in prompts`);
    }
  }
  return refusals;
}

/**
 * Whether Alexa can take a Dialog directive on `intent` for `slot` (ElicitSlot, ConfirmSlot): the slot is
 * one of the intent's, and the dialog model declares the intent with that slot, so that Alexa knows the
 * slot the user's answer fills (DIALOG_REFERENCE, ElicitSlot directive and "Change the intent or update
 * slot values during the dialog"; the dialog model is read as the list of such intents).
 */
export function dialogSlotRefusal(model: unknown, intent: string, slot: string | undefined): Refusal | undefined {
  return intentAndSlotRefusal(readModel(model), intent, slot);
}

/** What the SSML breaks (not a <speak> document, malformed XML, a tag Alexa does not support), empty when valid. */
export function ssmlProblems(ssml: string): string[] {
  const forbidden = xmlForbiddenCharacter(ssml);
  if (forbidden !== undefined) return [`character ${forbidden} is not allowed in XML`];
  const problems: string[] = [];
  const stack: string[] = [];
  let rootClosed = false;
  let i = 0;
  const text = (chunk: string): void => {
    if (chunk.trim() !== '' && stack.length === 0) problems.push(`text outside <speak>: ${JSON.stringify(chunk.slice(0, 20))}`);
    const amp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(chunk);
    if (amp) problems.push(`a bare & at ${JSON.stringify(chunk.slice(amp.index, amp.index + 12))}`);
  };
  while (i < ssml.length && problems.length === 0) {
    const lt = ssml.indexOf('<', i);
    text(lt === -1 ? ssml.slice(i) : ssml.slice(i, lt));
    if (lt === -1) break;
    const tag = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(ssml.slice(lt));
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
    if (stack.length === 0 && (rootClosed || name !== 'speak' || closing)) problems.push(`the document is not one <speak> element (at ${whole})`);
    else if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
      if (stack.length === 0) rootClosed = true;
    } else if (!selfClosing) stack.push(name);
    else if (stack.length === 0) rootClosed = true;
    i = lt + whole.length;
  }
  if (problems.length === 0 && !rootClosed) problems.push(stack.length > 0 ? `<${stack[stack.length - 1]}> is never closed` : 'no <speak> element');
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
  if (request.type !== 'LaunchRequest' && request.type !== 'IntentRequest') return `a progressive response cannot be sent for a ${request.type}`;
  if (request.answered) return 'the request has been answered already';
  const problems = ssmlProblems(speech);
  return problems.length > 0 ? `the speech is not valid SSML: ${problems[0]}` : undefined;
}

// --- The rules over one response ---

const DIALOG_SOURCE = { source: DIALOG_REFERENCE };

function dialogRefusals(m: ModelView, request: RequestEnvelope, envelope: ResponseEnvelope): Refusal[] {
  const directives = (envelope.response.directives ?? []).filter((d) => NEEDS_DIALOG_MODEL.has(d.type));
  const refusals: Refusal[] = [];
  const features = featuresOf(m);
  // Read tolerantly: the tests also send Alexa damaged envelopes.
  const inner = asRecord(asRecord(request)?.['request']);
  const requestType = str(inner?.['type']) ?? '(no request)';
  const requestIntent = requestType === 'IntentRequest' ? str(asRecord(inner?.['intent'])?.['name']) : undefined;
  for (const d of directives) {
    const directive = d as unknown as { type: string; updatedIntent?: { name?: unknown; slots?: unknown }; slotToElicit?: unknown; slotToConfirm?: unknown };
    if (features.length === 0) {
      refusals.push({ rule: 'dialog-needs-dialog-model', ...DIALOG_SOURCE,
        detail: `${d.type} needs a dialog model, and this model has none (no required slot with a prompt, no confirmation, no validation, no auto delegation): "The requested skill has not been configured to support dialogs yet"` });
    }
    // Dialog directives continue a conversation about an intent: in answer to an IntentRequest, or from a
    // LaunchRequest by intent chaining, which names the intent in updatedIntent (INTENT_CHAINING).
    if (requestType !== 'IntentRequest' && requestType !== 'LaunchRequest') {
      refusals.push({ rule: 'dialog-answers-launch-or-intent', source: INTENT_CHAINING, detail: `${d.type} in answer to a ${requestType}: only an IntentRequest (or a LaunchRequest, chaining) can continue with a dialog` });
    }
    const updated = directive.updatedIntent;
    const intent = typeof updated?.name === 'string' ? updated.name : requestIntent;
    if (requestType === 'LaunchRequest' && updated === undefined) {
      refusals.push({ rule: 'dialog-answers-launch-or-intent', source: INTENT_CHAINING, detail: `${d.type} from a LaunchRequest without updatedIntent: there is no intent to continue with` });
    }
    if (updated !== undefined) refusals.push(...updatedIntentRefusals(m, updated, requestIntent));
    const slot = d.type === 'Dialog.ElicitSlot' ? directive.slotToElicit : d.type === 'Dialog.ConfirmSlot' ? directive.slotToConfirm : undefined;
    if (intent !== undefined && m.intents.has(intent)) {
      const found = intentAndSlotRefusal(m, intent, typeof slot === 'string' ? slot : undefined);
      if (found) refusals.push(found);
    }
    if (envelope.response.shouldEndSession === true) {
      // The directive asks the user something on the skill's behalf, and a session closed by
      // shouldEndSession: true hands what the user says next to Alexa, not to the skill (SESSION_PAGE).
      refusals.push({ rule: 'dialog-keeps-session-open', source: `${DIALOG_REFERENCE}; ${SESSION_PAGE}`, detail: `${d.type} with shouldEndSession: true: the question would have no one to answer it` });
    }
    if (d.type === 'Dialog.Delegate' && (envelope.response.outputSpeech !== undefined || envelope.response.reprompt !== undefined)) {
      // "Do not include outputSpeech or reprompt with the Dialog.Directive. Alexa uses the prompts defined
      // in the dialog model" (the reference's Delegate section, as quoted in the Stack Overflow answer
      // "How to return Dialog.Delegate directive to Alexa Skill model?").
      refusals.push({ rule: 'delegate-without-speech', ...DIALOG_SOURCE, detail: 'Dialog.Delegate with outputSpeech or reprompt' });
    }
  }
  return refusals;
}

function updatedIntentRefusals(m: ModelView, updated: { name?: unknown; slots?: unknown }, requestIntent: string | undefined): Refusal[] {
  const name = typeof updated.name === 'string' ? updated.name : undefined;
  const slots = name === undefined ? undefined : m.intents.get(name);
  if (name === undefined || slots === undefined) {
    return [{ rule: 'updated-intent-of-model', ...DIALOG_SOURCE, detail: `updatedIntent ${JSON.stringify(updated.name)} is not an intent of the model` }];
  }
  const refusals: Refusal[] = [];
  // "You can't chain to the LaunchRequest or any of the built-in intents, such as AMAZON.HelpIntent."
  if (name.startsWith('AMAZON.') && name !== requestIntent) {
    refusals.push({ rule: 'updated-intent-of-model', source: INTENT_CHAINING, detail: `updatedIntent chains to the built-in ${name}` });
  }
  for (const slot of Object.keys(asRecord(updated.slots) ?? {})) {
    if (!slots.has(slot)) refusals.push({ rule: 'slot-of-intent', ...DIALOG_SOURCE, detail: `updatedIntent ${name} carries slot ${slot}, which ${name} has not` });
  }
  return refusals;
}

function intentAndSlotRefusal(m: ModelView, intent: string, slot: string | undefined): Refusal | undefined {
  const slots = m.intents.get(intent);
  if (slots === undefined) return { rule: 'updated-intent-of-model', ...DIALOG_SOURCE, detail: `${intent} is not an intent of the model` };
  if (slot !== undefined && !slots.has(slot)) return { rule: 'slot-of-intent', ...DIALOG_SOURCE, detail: `${slot} is not a slot of ${intent}` };
  const declared = m.dialogIntents.get(intent);
  if (declared === undefined) return { rule: 'intent-in-dialog-model', ...DIALOG_SOURCE, detail: `the dialog model does not declare ${intent}` };
  if (slot !== undefined && !declared.slots.has(slot)) return { rule: 'intent-in-dialog-model', ...DIALOG_SOURCE, detail: `the dialog model declares ${intent} without its slot ${slot}` };
  return undefined;
}

function contentRefusals(envelope: ResponseEnvelope): Refusal[] {
  const refusals: Refusal[] = [];
  const r = envelope.response;
  const speeches: [string, ui.OutputSpeech | undefined][] = [['outputSpeech', r.outputSpeech], ['reprompt', r.reprompt?.outputSpeech]];
  for (const [where, speech] of speeches) {
    if (speech === undefined) continue;
    const spoken = speech.type === 'SSML' ? speech.ssml : speech.text;
    if (typeof spoken !== 'string') {
      refusals.push({ rule: 'ssml', source: JSON_REFERENCE, detail: `${where} has no ${speech.type === 'SSML' ? 'ssml' : 'text'}` });
      continue;
    }
    if (spoken.length > MAX_SPEECH_CHARACTERS) refusals.push({ rule: 'speech-size', source: JSON_REFERENCE, detail: `${where} is ${spoken.length} characters, more than ${MAX_SPEECH_CHARACTERS}` });
    if (speech.type === 'SSML') {
      for (const problem of ssmlProblems(spoken)) refusals.push({ rule: 'ssml', source: SSML_REFERENCE, detail: `${where}: ${problem}` });
    }
  }
  const cardText = cardCharacters(r.card);
  if (cardText > MAX_CARD_CHARACTERS) refusals.push({ rule: 'card-size', source: JSON_REFERENCE, detail: `the card holds ${cardText} characters, more than ${MAX_CARD_CHARACTERS}` });
  const bytes = Buffer.byteLength(JSON.stringify(envelope), 'utf8');
  if (bytes > MAX_RESPONSE_BYTES) refusals.push({ rule: 'response-size', source: JSON_REFERENCE, detail: `the response is ${bytes} bytes, more than ${MAX_RESPONSE_BYTES}` });
  return refusals;
}

/** "All of the text included in a card": title, content, text and image URLs. */
function cardCharacters(card: ui.Card | undefined): number {
  if (card === undefined) return 0;
  const c = card as unknown as JsonObject;
  const image = asRecord(c['image']) ?? {};
  return [c['title'], c['content'], c['text'], image['smallImageUrl'], image['largeImageUrl']]
    .reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 0), 0);
}

// --- The interaction model, read at the edge ---

interface DialogSlotView {
  name: string;
  elicitationRequired: boolean;
  confirmationRequired: boolean;
  elicitationPrompt?: string;
  confirmationPrompt?: string;
  validations: number;
  promptIds: string[];
}

interface DialogIntentView {
  name: string;
  confirmationRequired: boolean;
  confirmationPrompt?: string;
  delegationStrategy?: string;
  slots: Map<string, DialogSlotView>;
  promptIds: string[];
}

interface ModelView {
  /** Every intent of the language model with its slot names. */
  intents: Map<string, Set<string>>;
  dialogIntents: Map<string, DialogIntentView>;
  delegationStrategy?: string;
  prompts: Set<string>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const records = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The model as the rules need it, from a skill package's JSON ({ interactionModel: … } or its inside). */
function readModel(model: unknown): ModelView {
  const root = asRecord(model) ?? {};
  const im = asRecord(root['interactionModel']) ?? root;
  const intents = new Map<string, Set<string>>();
  for (const intent of records(asRecord(im['languageModel'])?.['intents'])) {
    const name = str(intent['name']);
    if (name !== undefined) intents.set(name, new Set(records(intent['slots']).flatMap((s) => str(s['name']) ?? [])));
  }
  const dialog = asRecord(im['dialog']) ?? {};
  const dialogIntents = new Map<string, DialogIntentView>();
  for (const intent of records(dialog['intents'])) {
    const name = str(intent['name']);
    if (name === undefined) continue;
    const prompts = asRecord(intent['prompts']) ?? {};
    const slots = new Map<string, DialogSlotView>();
    for (const slot of records(intent['slots'])) {
      const slotName = str(slot['name']);
      if (slotName === undefined) continue;
      const slotPrompts = asRecord(slot['prompts']) ?? {};
      const validations = records(slot['validations']);
      slots.set(slotName, {
        name: slotName,
        elicitationRequired: slot['elicitationRequired'] === true,
        confirmationRequired: slot['confirmationRequired'] === true,
        elicitationPrompt: str(slotPrompts['elicitation']),
        confirmationPrompt: str(slotPrompts['confirmation']),
        validations: validations.length,
        promptIds: [...Object.values(slotPrompts), ...validations.map((v) => v['prompt'])].flatMap((p) => str(p) ?? []),
      });
    }
    dialogIntents.set(name, {
      name,
      confirmationRequired: intent['confirmationRequired'] === true,
      confirmationPrompt: str(prompts['confirmation']),
      delegationStrategy: str(intent['delegationStrategy']),
      slots,
      promptIds: Object.values(prompts).flatMap((p) => str(p) ?? []),
    });
  }
  const prompts = new Set(records(im['prompts']).flatMap((p) => str(p['id']) ?? []));
  return { intents, dialogIntents, delegationStrategy: str(dialog['delegationStrategy']), prompts };
}
