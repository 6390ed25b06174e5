// Alexa's rules for dialogs: what counts as a dialog model, the model's own dialog structure, and the Dialog
// directives a response may carry (which request, which intent and slot, the session). Each beside its source.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { asRecord } from '../../json';
import { readModel, str, type ModelView } from './model-view';
import type { Refusal } from './refusal';

const DIALOG_REFERENCE =
  'Amazon, "Dialog Interface Reference" (developer.amazon.com/en-US/docs/alexa/custom-skills/dialog-interface-reference.html)';
const DIALOG_MODEL_PAGE =
  'Amazon, "Define the Dialog to Collect and Confirm Required Information" (developer.amazon.com/docs/alexa/custom-skills/define-the-dialog-to-collect-and-confirm-required-information.html)';
const INTENT_CHAINING =
  'Amazon Alexa blog, "Use Intent Chaining to Enter Dialog Management from a Different Intent" (J. Jeffress, 2019-03-01)';
const SESSION_PAGE =
  'Amazon, "Manage the Skill Session and Session Attributes" (developer.amazon.com/docs/custom-skills/manage-skill-session-and-session-attributes.html)';

export type DialogRuleName =
  | 'dialog-needs-dialog-model'
  | 'dialog-answers-launch-or-intent'
  | 'updated-intent-of-model'
  | 'slot-of-intent'
  | 'intent-in-dialog-model'
  | 'dialog-keeps-session-open'
  | 'delegate-without-speech'
  | 'model-dialog-structure';

/**
 * The Dialog directives that need a dialog model: "To use most of the Dialog directives, your skill must
 * include a dialog model"; the ja-JP page adds that Dialog.UpdateDynamicEntities needs none. The refusal
 * as a developer met it: "The requested skill has not been configured to support dialogs yet", which
 * Amazon's Justin Jeffress explains by "you don't have any required slots"
 * (alexa-samples/skill-sample-nodejs-decision-tree#28). Source: DIALOG_REFERENCE.
 */
const NEEDS_DIALOG_MODEL = new Set([
  'Dialog.Delegate',
  'Dialog.ElicitSlot',
  'Dialog.ConfirmSlot',
  'Dialog.ConfirmIntent',
]);

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
    if (intent.confirmationRequired && m.prompts.has(intent.confirmationPrompt ?? ''))
      features.push(`${intent.name} confirmed`);
    for (const slot of intent.slots.values()) {
      if (slot.elicitationRequired && m.prompts.has(slot.elicitationPrompt ?? ''))
        features.push(`${intent.name}.${slot.name} required, with its prompt`);
      if (slot.confirmationRequired && m.prompts.has(slot.confirmationPrompt ?? ''))
        features.push(`${intent.name}.${slot.name} confirmed`);
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
export function modelRefusals(model: unknown): Refusal<DialogRuleName>[] {
  const m = readModel(model);
  const refusals: Refusal<DialogRuleName>[] = [];
  const refuse = (detail: string) =>
    refusals.push({ rule: 'model-dialog-structure', detail, source: DIALOG_MODEL_PAGE });
  for (const intent of m.dialogIntents.values()) {
    const slots = m.intents.get(intent.name);
    if (slots === undefined) refuse(`the dialog model declares ${intent.name}, which the language model has not`);
    if (intent.confirmationRequired && intent.confirmationPrompt === undefined)
      refuse(`${intent.name} requires confirmation without a confirmation prompt`);
    for (const id of intent.promptIds)
      if (!m.prompts.has(id)) refuse(`${intent.name} names prompt ${id}, which is not in prompts`);
    for (const slot of intent.slots.values()) {
      if (slots !== undefined && !slots.has(slot.name))
        refuse(`the dialog model declares ${intent.name}.${slot.name}, a slot ${intent.name} has not`);
      if (slot.elicitationRequired && slot.elicitationPrompt === undefined)
        refuse(`${intent.name}.${slot.name} is required without an elicitation prompt`);
      if (slot.confirmationRequired && slot.confirmationPrompt === undefined)
        refuse(`${intent.name}.${slot.name} requires confirmation without a confirmation prompt`);
      for (const id of slot.promptIds)
        if (!m.prompts.has(id)) refuse(`${intent.name}.${slot.name} names prompt ${id}, which is not in prompts`);
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
export function dialogSlotRefusal(
  model: unknown,
  intent: string,
  slot: string | undefined,
): Refusal<DialogRuleName> | undefined {
  return intentAndSlotRefusal(readModel(model), intent, slot);
}

const DIALOG_SOURCE = { source: DIALOG_REFERENCE };

/** What Alexa would refuse in the response's Dialog directives, given the model and the request. */
export function dialogRefusals(
  model: unknown,
  request: RequestEnvelope,
  envelope: ResponseEnvelope,
): Refusal<DialogRuleName>[] {
  const m = readModel(model);
  const directives = (envelope.response.directives ?? []).filter((d) => NEEDS_DIALOG_MODEL.has(d.type));
  const refusals: Refusal<DialogRuleName>[] = [];
  const features = featuresOf(m);
  // Read tolerantly: the tests also send Alexa damaged envelopes.
  const inner = asRecord(asRecord(request)?.['request']);
  const requestType = str(inner?.['type']) ?? '(no request)';
  const requestIntent = requestType === 'IntentRequest' ? str(asRecord(inner?.['intent'])?.['name']) : undefined;
  for (const d of directives) {
    const directive = d as unknown as {
      type: string;
      updatedIntent?: { name?: unknown; slots?: unknown };
      slotToElicit?: unknown;
      slotToConfirm?: unknown;
    };
    if (features.length === 0) {
      refusals.push({
        rule: 'dialog-needs-dialog-model',
        ...DIALOG_SOURCE,
        detail: `${d.type} needs a dialog model, and this model has none (no required slot with a prompt, no confirmation, no validation, no auto delegation): "The requested skill has not been configured to support dialogs yet"`,
      });
    }
    // Dialog directives continue a conversation about an intent: in answer to an IntentRequest, or from a
    // LaunchRequest by intent chaining, which names the intent in updatedIntent (INTENT_CHAINING).
    if (requestType !== 'IntentRequest' && requestType !== 'LaunchRequest') {
      refusals.push({
        rule: 'dialog-answers-launch-or-intent',
        source: INTENT_CHAINING,
        detail: `${d.type} in answer to a ${requestType}: only an IntentRequest (or a LaunchRequest, chaining) can continue with a dialog`,
      });
    }
    const updated = directive.updatedIntent;
    const intent = typeof updated?.name === 'string' ? updated.name : requestIntent;
    if (requestType === 'LaunchRequest' && updated === undefined) {
      refusals.push({
        rule: 'dialog-answers-launch-or-intent',
        source: INTENT_CHAINING,
        detail: `${d.type} from a LaunchRequest without updatedIntent: there is no intent to continue with`,
      });
    }
    if (updated !== undefined) refusals.push(...updatedIntentRefusals(m, updated, requestIntent));
    const slot =
      d.type === 'Dialog.ElicitSlot'
        ? directive.slotToElicit
        : d.type === 'Dialog.ConfirmSlot'
          ? directive.slotToConfirm
          : undefined;
    if (intent !== undefined && m.intents.has(intent)) {
      const found = intentAndSlotRefusal(m, intent, typeof slot === 'string' ? slot : undefined);
      if (found) refusals.push(found);
    }
    if (envelope.response.shouldEndSession === true) {
      // The directive asks the user something on the skill's behalf, and a session closed by
      // shouldEndSession: true hands what the user says next to Alexa, not to the skill (SESSION_PAGE).
      refusals.push({
        rule: 'dialog-keeps-session-open',
        source: `${DIALOG_REFERENCE}; ${SESSION_PAGE}`,
        detail: `${d.type} with shouldEndSession: true: the question would have no one to answer it`,
      });
    }
    if (
      d.type === 'Dialog.Delegate' &&
      (envelope.response.outputSpeech !== undefined || envelope.response.reprompt !== undefined)
    ) {
      // "Do not include outputSpeech or reprompt with the Dialog.Directive. Alexa uses the prompts defined
      // in the dialog model" (the reference's Delegate section, as quoted in the Stack Overflow answer
      // "How to return Dialog.Delegate directive to Alexa Skill model?").
      refusals.push({
        rule: 'delegate-without-speech',
        ...DIALOG_SOURCE,
        detail: 'Dialog.Delegate with outputSpeech or reprompt',
      });
    }
  }
  return refusals;
}

function updatedIntentRefusals(
  m: ModelView,
  updated: { name?: unknown; slots?: unknown },
  requestIntent: string | undefined,
): Refusal<DialogRuleName>[] {
  const name = typeof updated.name === 'string' ? updated.name : undefined;
  const slots = name === undefined ? undefined : m.intents.get(name);
  if (name === undefined || slots === undefined) {
    return [
      {
        rule: 'updated-intent-of-model',
        ...DIALOG_SOURCE,
        detail: `updatedIntent ${JSON.stringify(updated.name)} is not an intent of the model`,
      },
    ];
  }
  const refusals: Refusal<DialogRuleName>[] = [];
  // "You can't chain to the LaunchRequest or any of the built-in intents, such as AMAZON.HelpIntent."
  if (name.startsWith('AMAZON.') && name !== requestIntent) {
    refusals.push({
      rule: 'updated-intent-of-model',
      source: INTENT_CHAINING,
      detail: `updatedIntent chains to the built-in ${name}`,
    });
  }
  for (const slot of Object.keys(asRecord(updated.slots) ?? {})) {
    if (!slots.has(slot))
      refusals.push({
        rule: 'slot-of-intent',
        ...DIALOG_SOURCE,
        detail: `updatedIntent ${name} carries slot ${slot}, which ${name} has not`,
      });
  }
  return refusals;
}

function intentAndSlotRefusal(
  m: ModelView,
  intent: string,
  slot: string | undefined,
): Refusal<DialogRuleName> | undefined {
  const slots = m.intents.get(intent);
  if (slots === undefined)
    return { rule: 'updated-intent-of-model', ...DIALOG_SOURCE, detail: `${intent} is not an intent of the model` };
  if (slot !== undefined && !slots.has(slot))
    return { rule: 'slot-of-intent', ...DIALOG_SOURCE, detail: `${slot} is not a slot of ${intent}` };
  const declared = m.dialogIntents.get(intent);
  if (declared === undefined)
    return { rule: 'intent-in-dialog-model', ...DIALOG_SOURCE, detail: `the dialog model does not declare ${intent}` };
  if (slot !== undefined && !declared.slots.has(slot))
    return {
      rule: 'intent-in-dialog-model',
      ...DIALOG_SOURCE,
      detail: `the dialog model declares ${intent} without its slot ${slot}`,
    };
  return undefined;
}
