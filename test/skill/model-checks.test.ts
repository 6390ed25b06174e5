// The model build check (models/checks.ts): every locale's model passes every rule, and each rule refuses
// a model that breaks it (a model of the locale with one thing broken), so no rule passes by accident.
import { LOCALES, buildModel } from '../../models/build';
import type { InteractionModel, ModelIntent } from '../../models/interaction-model';
import { RULE_SOURCES, SLOT_VALUES_MAX, checkModel, type CheckRule } from '../../models/checks';

type Break = (model: InteractionModel, intent: (name: string) => ModelIntent) => void;

const BREAKS: [rule: CheckRule, how: string, brk: Break][] = [
  [
    'slot-only-sample-in-dialog-intent',
    'a sample that is {channel} alone in SetChannelIntent, an intent of the dialog model',
    (_m, intent) => intent('SetChannelIntent').samples.push('{channel}'),
  ],
  [
    'slot-twice-in-sample',
    '{tv} twice in one sample',
    (_m, intent) => intent('TurnOnIntent').samples.push('turn the {tv} tv on in the {tv}'),
  ],
  [
    'undeclared-slot',
    'a slot TurnOnIntent does not declare',
    (_m, intent) => intent('TurnOnIntent').samples.push('turn on {channel}'),
  ],
  ['digit-in-sample', 'a digit', (_m, intent) => intent('SetChannelIntent').samples.push('channel 5 now')],
  ['digit-in-sample', 'a full-width digit', (_m, intent) => intent('SetChannelIntent').samples.push('チャンネル５')],
  [
    'sample-characters',
    'a question mark',
    (_m, intent) => intent('TurnOnIntent').samples.push('can you turn on the tv?'),
  ],
  [
    'sample-shared',
    'one sample in two intents',
    (_m, intent) => intent('TurnOffIntent').samples.push(intent('TurnOnIntent').samples[0]!.toUpperCase()),
  ],
  [
    'samples-per-intent',
    'too many samples',
    (_m, intent) =>
      intent('TurnOnIntent').samples.push(...Array.from({ length: 1500 }, (_, i) => `turn on ${'a'.repeat(i + 1)}`)),
  ],
  [
    'sample-length',
    'a sample of 501 characters',
    (_m, intent) => intent('TurnOnIntent').samples.push(`turn on ${'x'.repeat(493)}`),
  ],
  [
    'model-size',
    'a model over a million characters',
    (m) => m.interactionModel.languageModel.types[0]!.values.push({ name: { value: 'x'.repeat(1_000_001) } }),
  ],
  [
    'slot-values',
    'more slot values than Alexa takes',
    (m) =>
      m.interactionModel.languageModel.types[0]!.values.push(
        ...Array.from({ length: SLOT_VALUES_MAX }, (_, i) => ({ name: { value: `v${i}` } })),
      ),
  ],
  [
    'slot-value-length',
    'an empty slot value',
    (m) => m.interactionModel.languageModel.types[0]!.values.push({ name: { value: ' ' } }),
  ],
  [
    'invocation-name',
    'a wake word in the name',
    (m) => {
      m.interactionModel.languageModel.invocationName += ' alexa';
    },
  ],
  [
    'dialog-structure',
    'a dialog intent the language model lacks',
    (m) =>
      m.interactionModel.dialog.intents.push({
        name: 'NoSuchIntent',
        delegationStrategy: 'SKILL_RESPONSE',
        confirmationRequired: false,
        prompts: {},
        slots: [],
      }),
  ],
];

// Each locale's model built once for the tables below, copied per row (a break changes its copy alone).
const built = new Map<(typeof LOCALES)[number], InteractionModel>();
const copyOf = (locale: (typeof LOCALES)[number]): InteractionModel => {
  if (!built.has(locale)) built.set(locale, buildModel(locale));
  return structuredClone(built.get(locale)!);
};

describe.each(LOCALES.map((l) => [l] as const))('the %s model', (locale) => {
  it("breaks no rule of Amazon's model build", () => {
    expect(checkModel(buildModel(locale), locale)).toEqual([]);
  });

  it.each(BREAKS)('is refused under %s when it has %s', (rule, _how, brk) => {
    // A copy: the English models share their sample lists.
    const model = copyOf(locale);
    brk(model, (name) => model.interactionModel.languageModel.intents.find((i) => i.name === name)!);
    expect(checkModel(model, locale).map((v) => v.rule)).toContain(rule);
  });
});

it.each([
  ['en-US', 'tv'],
  ['en-US', 'open tv remote'],
  ['en-US', 'tv remote app'],
  ['en-US', 'TV remote'],
  ['en-US', 'tv remote 2'],
  ['ja-JP', 'リモコン'],
  ['ja-JP', 'テレビリモコンを開いて'],
  ['ja-JP', 'テレビリモコン2'],
] as const)('refuses the %s invocation name %p', (locale, name) => {
  const model = copyOf(locale);
  model.interactionModel.languageModel.invocationName = name;
  expect(checkModel(model, locale).filter((v) => v.rule === 'invocation-name')).not.toEqual([]);
});

it('cites a source for every rule', () => {
  for (const source of Object.values(RULE_SOURCES)) expect(source).toMatch(/Amazon|alexa\/|developer|#\d/);
});

describe('a carrier glued to a fragment (carrier-before-fragment)', () => {
  const carrierRule = (locale: (typeof LOCALES)[number], sample: string) => {
    const model = copyOf(locale);
    model.interactionModel.languageModel.intents.find((i) => i.name === 'TurnOnIntent')!.samples.push(sample);
    return checkModel(model, locale)
      .filter((v) => v.rule === 'carrier-before-fragment')
      .map((v) => v.detail);
  };

  it.each([
    ['en-AU', 'can you the {tv} telly on please'],
    ['en-AU', 'i want to the {tv} telly on please'],
    ['en-AU', 'do one thing the {tv} telly on from now on'],
    ['en-GB', 'please the tv on'],
    ['en-US', 'can you volume up'],
    ['en-US', 'just next channel'],
    ['en-IN', 'kindly the tv off'],
    // "on" as a verb is Indian English: elsewhere it is a fragment.
    ['en-US', 'please on the tv'],
  ] as const)('refuses in %s %p', (locale, sample) => {
    expect(carrierRule(locale, sample)).toEqual([expect.stringContaining(sample)]);
  });

  it.each([
    ['en-AU', 'can you turn the {tv} telly on please'],
    ['en-US', 'please turn on the tv'],
    ['en-US', 'the tv on please'],
    ['en-US', 'next channel please'],
    ['en-IN', 'please on the tv'],
    ['en-IN', 'do one thing close the tv'],
    ['en-US', "i'd like to watch channel {channel}"],
    ['ja-JP', 'ねえテレビつけて'],
  ] as const)('takes in %s %p', (locale, sample) => {
    expect(carrierRule(locale, sample)).toEqual([]);
  });
});
