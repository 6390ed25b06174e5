// The grammar (models/grammar/) and what it expands into: the expander's templates, the axes applied to
// every intent they fit (or the reason they are not), no two intents claiming one sentence, the models
// within Amazon's limits and our budget, and Japanese samples that are Japanese.
import { LOCALES, buildModel, modelText } from '../../models/build';
import {
  MODEL_CHARS_MAX,
  SAMPLES_PER_INTENT_MAX,
  SAMPLES_PER_LOCALE_BUDGET,
  SAMPLE_CHARS_MAX,
  coverageTables,
  grammarCoverage,
} from '../../models/grammar';
import { AXES, MARKERS, phrasingsOf } from '../../models/grammar/axes';
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

  it("expands in step: the i-th sentence takes every group's i-th choice, so each choice is said once", () => {
    expect(expandInStep('(could you|would you|go ahead and) turn (on|off) the (tv|{tv} tv)')).toEqual([
      'could you turn on the tv',
      'would you turn off the {tv} tv',
      'go ahead and turn on the tv',
    ]);
    expect(samplesOf({ full: ['tv (on|off)'], inStep: ['(the|a) tv (on|off)', 'tv on'] })).toEqual([
      'tv on',
      'tv off',
      'the tv on',
      'a tv off',
    ]);
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
    const shared = [...owners]
      .filter(([, names]) => names.size > 1)
      .map(([shape, names]) => `${shape}: ${[...names].join(' and ')}`);
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

/**
 * A Japanese request ending follows the verb's て-form (使って・使ってください), or を for a thing asked
 * for (コードをください); a dictionary form or a たい-form before it is not Japanese (使うください,
 * 使いたいください, 操作したいください).
 */
const REQUEST_ENDING =
  /(ください|ちょうだい|くれる|くれない|くれます|くれませんか|くれ(?!る|な|ま)|もらえる|もらえます|もらえない|ほしい|おいて)/gu;
function ungrammatical(sample: string): string[] {
  const wrong: string[] = [];
  for (const m of sample.matchAll(REQUEST_ENDING)) {
    const before = sample[m.index - 1] ?? '';
    const thing = m[1] === 'ください' || m[1] === 'ちょうだい';
    if (!(before === 'て' || before === 'で' || (thing && (before === 'を' || before === 'ド'))))
      wrong.push(`${before}${m[1]}`);
  }
  if (/たい(?:ください|ちょうだい|くれ|もらえ)/u.test(sample)) wrong.push('たい + a request');
  return wrong;
}

describe('Japanese samples', () => {
  it.each(['使うください', '使いたいください', '操作したいください', 'テレビをつけるください', '大きくください'])(
    'rejects %p',
    (sample) => {
      expect(ungrammatical(sample)).not.toEqual([]);
    },
  );

  it.each([
    '使ってください',
    'テレビつけてちょうだい',
    '消しといて',
    'セットアップコードをください',
    '設定コードちょうだい',
    '音量上げてくれる',
  ])('accepts %p', (sample) => {
    expect(ungrammatical(sample)).toEqual([]);
  });

  it('are grammatical: every request ending follows a て-form', () => {
    const { intents } = buildModel('ja-JP').interactionModel.languageModel;
    const samples = intents.flatMap((i) => [...i.samples, ...(i.slots ?? []).flatMap((s) => s.samples)]);
    expect(samples.filter((s) => ungrammatical(s).length > 0)).toEqual([]);
  });
});

describe.each(['en', 'ja'] as const)('the axes of the %s grammar', (language) => {
  const table = grammarCoverage(language);

  it('reach every intent, or the intent says why not', () => {
    const unexplained = Object.entries(table).flatMap(([intent, axes]) =>
      AXES.filter((a) => axes[a] === '').map((a) => `${intent}: ${a}`),
    );
    expect(unexplained).toEqual([]);
  });

  it('are printed by npm run models as a table with the reasons', () => {
    const printed = coverageTables();
    for (const intent of Object.keys(table)) expect(printed).toContain(intent.replace(/Intent$/, ''));
    for (const reason of new Set(
      Object.values(table)
        .flatMap((axes) => Object.values(axes))
        .filter((r) => r !== '✓'),
    ))
      expect(printed).toContain(reason);
  });

  it('each reach the intents they fit: lead-ins and the TV named wherever a TV is meant', () => {
    for (const [intent, axes] of Object.entries(table)) {
      expect({ intent, lead: axes['lead-in'] }).toEqual({ intent, lead: '✓' });
      if (intent !== 'AddTvIntent') expect({ intent, tv: axes['tv named'] }).toEqual({ intent, tv: '✓' });
    }
    for (const intent of ['NextChannelIntent', 'PreviousChannelIntent', 'VolumeUpIntent', 'VolumeDownIntent'])
      expect(table[intent as 'VolumeUpIntent']['spoken count']).toBe('✓');
    for (const intent of ['VolumeUpIntent', 'VolumeDownIntent'])
      expect(table[intent as 'VolumeUpIntent'].degree).toBe('✓');
  });
});

describe('the axes', () => {
  it('apply the common forms of every axis a core names, cheapest first within the budget', () => {
    const language = {
      forms: {
        ...Object.fromEntries(Object.keys(MARKERS).map((m) => [m, { full: [''] }])),
        'lead-in': { full: ['', 'can you'] },
        closing: { full: ['', 'please'] },
        '<the-tv>': { full: ['the tv', 'the {tv} tv'] },
      },
      absent: {},
      join: (l: string, c: string, e: string) => `${l} ${c} ${e}`,
      budget: 100,
    } as unknown as Parameters<typeof phrasingsOf>[0];
    const samples = (budget: number) => samplesOf(phrasingsOf(language, { cores: ['turn on <the-tv>'], budget }));
    expect(samples(100).sort()).toEqual(
      [
        'can you turn on the tv',
        'can you turn on the tv please',
        'can you turn on the {tv} tv',
        'can you turn on the {tv} tv please',
        'turn on the tv',
        'turn on the tv please',
        'turn on the {tv} tv',
        'turn on the {tv} tv please',
      ].sort(),
    );
    // Within a budget of four: every form once (in step), then the cheapest combinations: one axis off its commonest form.
    expect(samples(4).sort()).toEqual(
      ['turn on the tv', 'can you turn on the {tv} tv please', 'turn on the tv please', 'turn on the {tv} tv'].sort(),
    );
  });
});
