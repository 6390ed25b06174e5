// The project's interaction models (models/*.json) against Alexa's model-level rules for dialogs
// (src/local/alexa/dialog-rules.ts): each has a dialog model by Amazon's definition, its dialog structure is one
// the model build accepts, and every intent the skill answers with Dialog.ElicitSlot is declared in the
// dialog model with the slot it elicits: "Which TV?" on each TV command's own intent, on ChooseTvIntent
// and on ForgetTvIntent, the TV's name, the model or remote and (Japanese) the prefecture on SetUpTvIntent
// (the questions of questions/conversation.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../models/locales';
import { dialogModelFeatures, dialogSlotRefusal, modelRefusals } from '../../src/local/alexa/dialog-rules';
import {
  CHOOSE_TV_INTENT,
  FORGET_TV_INTENT,
  SET_UP_TV_INTENT,
  SLOT,
  TV_INTENTS,
} from '../../src/skill/request/intents';

/** Each intent the skill elicits a slot on, with that slot. */
const ELICITED: [intent: string, slot: string][] = [
  ...[...TV_INTENTS, CHOOSE_TV_INTENT, FORGET_TV_INTENT].map((intent): [string, string] => [intent, SLOT.tv]),
  [SET_UP_TV_INTENT, SLOT.tv],
  [SET_UP_TV_INTENT, SLOT.choice],
];

describe.each(LOCALES.map((l) => [l] as const))('models/%s.json', (locale) => {
  // Only Japanese asks for the TV's prefecture.
  const elicited =
    locale === 'ja-JP' ? [...ELICITED, [SET_UP_TV_INTENT, SLOT.prefecture] as [string, string]] : ELICITED;
  const model: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../models', `${locale}.json`), 'utf8'));

  it('has a dialog model, so Alexa takes its Dialog directives', () => {
    expect(dialogModelFeatures(model)).not.toEqual([]);
  });

  it('has a dialog structure the model build accepts', () => {
    expect(modelRefusals(model)).toEqual([]);
  });

  it.each(elicited)('declares %s with its %s slot in the dialog model', (intent, slot) => {
    expect(dialogSlotRefusal(model, intent, slot)).toBeUndefined();
  });
});
