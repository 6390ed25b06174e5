// What a question is: every kind the skill waits on, with the fields it needs to be asked again, and how
// one is put (its words and the slot it elicits). pose.ts puts one; session-codec.ts keeps it pending.
import type { VoiceSetup } from '../../store/types';
import type { IntentName } from '../request/intents';

/** One entry of a list read out ("1, Sharp AQUOS; 2, …"): a TV model, or a remote. */
export type ListOption = { id: string; label: string };

/** What a run is asked to do: add a TV (its prefecture, and the model or remote once chosen) or forget one. */
export interface RunPlan {
  kind: VoiceSetup['kind'];
  tvName: string;
  area?: string;
  tvPresetId?: string;
  remoteName?: string;
}

/** Every question the skill waits on, with what it needs to ask it again and to act on the answer. */
export type Question =
  | { ask: 'offer' }
  | { ask: 'name' }
  | { ask: 'readBack'; tvName: string }
  | { ask: 'prefecture'; tvName: string }
  /** Which TV model, or which remote faces the TV: the run goes on with the one picked. */
  | { ask: 'model'; plan: RunPlan; choices: ListOption[] }
  | { ask: 'remote'; plan: RunPlan; choices: ListOption[] }
  | { ask: 'wait'; plan: RunPlan; requestId: string }
  | { ask: 'forget'; tvName: string }
  /** "Which TV?" for `intent` (a TV command, or ForgetTvIntent), its other slots kept. */
  | { ask: 'whichTv'; intent: IntentName; kept: Record<string, string>; names: string[] };

export type Ask = Question['ask'];
export type QuestionOf<A extends Ask> = Extract<Question, { ask: A }>;

/** How a question is put: its words, and the slot it elicits on which intent, if its answer is a slot. */
export interface Asking {
  speech: string;
  reprompt: string;
  elicit?: { intent: IntentName; slot: string; kept: Record<string, string> };
}
