// The interaction model as the rules read it: intents with their slots, the dialog model and its prompts,
// read tolerantly from a skill package's JSON once, so each rule asks plain questions of it. The rules run
// on every response the stand-in checks, so each model object is read once and its view kept: a model is
// not changed once read (a test that changes one changes a copy).
import { asRecord, isRecord, type JsonObject } from '../../json';

export interface DialogSlotView {
  name: string;
  elicitationRequired: boolean;
  confirmationRequired: boolean;
  elicitationPrompt?: string;
  confirmationPrompt?: string;
  validations: number;
  promptIds: readonly string[];
}

export interface DialogIntentView {
  name: string;
  confirmationRequired: boolean;
  confirmationPrompt?: string;
  delegationStrategy?: string;
  slots: ReadonlyMap<string, DialogSlotView>;
  promptIds: readonly string[];
}

export interface ModelView {
  /** Every intent of the language model with its slot names. */
  intents: ReadonlyMap<string, ReadonlySet<string>>;
  dialogIntents: ReadonlyMap<string, DialogIntentView>;
  delegationStrategy?: string;
  prompts: ReadonlySet<string>;
}

/** A string field, or undefined for anything else. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const records = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isRecord) : []);

const VIEWS = new WeakMap<object, ModelView>();

/** The model as the rules need it, from a skill package's JSON ({ interactionModel: … } or its inside). */
export function readModel(model: unknown): ModelView {
  if (typeof model !== 'object' || model === null) return viewOf(model);
  let view = VIEWS.get(model);
  if (view === undefined) {
    view = viewOf(model);
    VIEWS.set(model, view);
  }
  return view;
}

function viewOf(model: unknown): ModelView {
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
