// The shape of an interaction model as Amazon's skill package takes it (models/<locale>.json): what
// build.ts writes and checks.ts reads.
export interface ModelSlot {
  name: string;
  type: string;
  samples: string[];
}
export interface ModelIntent {
  name: string;
  slots?: ModelSlot[];
  samples: string[];
}
/** `id`: what entity resolution sends for the value and each synonym (Amazon, "Entity Resolution"). */
export interface SlotTypeValue {
  id?: string;
  name: { value: string; synonyms?: string[] };
}
/**
 * A slot of the dialog model. A required slot has an elicitation prompt (Amazon, "Define the Dialog to
 * Collect and Confirm Required Information"); the others are declared so the skill may elicit them
 * with Dialog.ElicitSlot ("Dialog Interface Reference": the slot to elicit is one of the intent's).
 */
export interface DialogSlot {
  name: string;
  type: string;
  confirmationRequired: false;
  elicitationRequired: boolean;
  prompts: { elicitation?: string };
}
export interface DialogIntent {
  name: string;
  delegationStrategy: 'SKILL_RESPONSE';
  confirmationRequired: false;
  prompts: Record<string, never>;
  slots: DialogSlot[];
}
export interface ModelPrompt {
  id: string;
  variations: { type: 'PlainText'; value: string }[];
}
export interface InteractionModel {
  interactionModel: {
    languageModel: {
      invocationName: string;
      intents: ModelIntent[];
      types: { name: string; values: SlotTypeValue[] }[];
    };
    dialog: { delegationStrategy: 'SKILL_RESPONSE'; intents: DialogIntent[] };
    prompts: ModelPrompt[];
  };
}
