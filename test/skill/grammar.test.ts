// The grammar (models/grammar/) and what it expands into: the expander's templates, no two intents
// claiming one sentence, and the models within Amazon's limits and our budget.
import { LOCALES, buildModel, modelText } from '../../models/build';
import { MODEL_CHARS_MAX, SAMPLES_PER_INTENT_MAX, SAMPLES_PER_LOCALE_BUDGET, SAMPLE_CHARS_MAX } from '../../models/grammar';
import { expand, expandInStep, samplesOf } from '../../models/grammar/expand';

describe('the expander', () => {
  it.each([
    ['(turn|switch) on the tv', ['turn on the tv', 'switch on the tv']],
    ['turn (|the) volume up', ['turn volume up', 'turn the volume up']],
    ['turn on the ({tv} |)tv', ['turn on the {tv} tv', 'turn on the tv']],
    ['go (up|down (a|{count})) channel', ['go up channel', 'go down a channel', 'go down {count} channel']],
    ['テレビ(を|)(つけ|消し)て', ['テレビをつけて', 'テレビを消して', 'テレビつけて', 'テレビ消して']],
    ['(a|a)', ['a']],
  ])('expands %p in full', (template, samples) => {
    expect(expand(template)).toEqual(samples);
  });

  it('expands in step: the i-th sentence takes every group\'s i-th choice, so each choice is said once', () => {
    expect(expandInStep('(could you|would you|go ahead and) turn (on|off) the (tv|{tv} tv)')).toEqual([
      'could you turn on the tv', 'would you turn off the {tv} tv', 'go ahead and turn on the tv',
    ]);
    expect(samplesOf({ full: ['tv (on|off)'], inStep: ['(the|a) tv (on|off)', 'tv on'] })).toEqual(['tv on', 'tv off', 'the tv on', 'a tv off']);
  });

  it.each(['turn (on the tv', 'turn on) the tv', 'turn on|off', 'turn on the {tv'])('refuses %p', (template) => {
    expect(() => expand(template)).toThrow();
  });
});

describe.each(LOCALES.map((l) => [l] as const))('the %s model', (locale) => {
  const { intents } = buildModel(locale).interactionModel.languageModel;

  it('has no sample shape (slots abstracted) that two intents share', () => {
    const owners = new Map<string, Set<string>>();
    for (const intent of intents) {
      for (const sample of intent.samples) {
        const shape = sample.replace(/\{[a-zA-Z]+\}/g, '{}').toLowerCase();
        owners.set(shape, (owners.get(shape) ?? new Set()).add(intent.name));
      }
    }
    const shared = [...owners].filter(([, names]) => names.size > 1).map(([shape, names]) => `${shape}: ${[...names].join(' and ')}`);
    expect(shared).toEqual([]);
  });

  it("stays within Amazon's limits and our budget", () => {
    expect(modelText(locale).length).toBeLessThanOrEqual(MODEL_CHARS_MAX);
    const counts = Object.fromEntries(intents.map((i) => [i.name, i.samples.length]));
    expect(Object.entries(counts).filter(([, n]) => n > SAMPLES_PER_INTENT_MAX)).toEqual([]);
    expect(intents.flatMap((i) => i.samples).filter((s) => s.length > SAMPLE_CHARS_MAX)).toEqual([]);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(SAMPLES_PER_LOCALE_BUDGET);
  });
});
