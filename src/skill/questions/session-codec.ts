// The pending question in the session: written as it is, read back field by field, since the session
// comes back from the device (each kind with its own fields, or none).
import type { HandlerInput } from 'ask-sdk-core';
import { asRecord } from '../../json';
import { isIntentName } from '../request/intents';
import { sessionAttribute, setSessionAttribute } from '../request/session';
import type { ListOption, Question, RunPlan } from './question';

const QUESTION = 'question';

export function setQuestion(input: HandlerInput, q: Question | undefined): void {
  setSessionAttribute(input, QUESTION, q);
}

export function questionOf(input: HandlerInput): Question | undefined {
  const q = asRecord(sessionAttribute(input, QUESTION));
  const tvName = text(q, 'tvName');
  const plan = readPlan(asRecord(q?.['plan']));
  switch (q?.['ask']) {
    case 'offer':
      return { ask: 'offer' };
    case 'name':
      return { ask: 'name' };
    case 'readBack':
      return tvName ? { ask: 'readBack', tvName } : undefined;
    case 'prefecture':
      return tvName ? { ask: 'prefecture', tvName } : undefined;
    case 'forget':
      return tvName ? { ask: 'forget', tvName } : undefined;
    case 'wait': {
      const requestId = text(q, 'requestId');
      return plan && requestId ? { ask: 'wait', plan, requestId } : undefined;
    }
    case 'model':
    case 'remote': {
      const choices = listOptions(q['choices']);
      return plan && choices.length > 0 ? { ask: q['ask'], plan, choices } : undefined;
    }
    case 'whichTv': {
      const intent = q['intent'];
      const kept = asRecord(q['kept']);
      const names = Array.isArray(q['names']) ? q['names'].filter((n): n is string => typeof n === 'string') : [];
      const keptText = Object.fromEntries(
        Object.entries(kept ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return isIntentName(intent) && names.length > 0 ? { ask: 'whichTv', intent, kept: keptText, names } : undefined;
    }
    default:
      return undefined;
  }
}

function text(o: Record<string, unknown> | undefined, key: string): string | undefined {
  return typeof o?.[key] === 'string' && o[key] !== '' ? (o[key] as string) : undefined;
}

function readPlan(p: Record<string, unknown> | undefined): RunPlan | undefined {
  const kind = p?.['kind'] === 'add' || p?.['kind'] === 'remove' ? p['kind'] : undefined;
  const tvName = text(p, 'tvName');
  if (!kind || !tvName) return undefined;
  const area = text(p, 'area');
  const tvPresetId = text(p, 'tvPresetId');
  const remoteName = text(p, 'remoteName');
  return { kind, tvName, ...(area && { area }), ...(tvPresetId && { tvPresetId }), ...(remoteName && { remoteName }) };
}

function listOptions(value: unknown): ListOption[] {
  return Array.isArray(value)
    ? value.flatMap((p: unknown) => {
        const id = asRecord(p)?.['id'];
        const label = asRecord(p)?.['label'];
        return typeof id === 'string' && typeof label === 'string' ? [{ id, label }] : [];
      })
    : [];
}
