// The axes of variation, each defined once per language and applied to every intent it fits, in tiers
// commonest first, so each intent's sample budget hears the common combinations before the rare ones.
// How sentences are costed and chosen: docs/sandbox.md#grammar-axes.
import type {
  ADD_TV_INTENT,
  CHOOSE_TV_INTENT,
  FORGET_TV_INTENT,
  MUTE_INTENT,
  SET_UP_TV_INTENT,
  TvIntent,
} from '../../src/skill/request/intents';
import { expand, expandInStep, type Phrasings } from './expand';

/** Every intent of the skill's own: the TV commands, mute, which TV, and the setup conversation's requests. */
export type GrammarIntent =
  | TvIntent
  | typeof MUTE_INTENT
  | typeof CHOOSE_TV_INTENT
  | typeof ADD_TV_INTENT
  | typeof SET_UP_TV_INTENT
  | typeof FORGET_TV_INTENT;

export const AXES = [
  'lead-in',
  'closing',
  'casual ending',
  'degree',
  'particle drop',
  'tv named',
  'spoken count',
] as const;
export type Axis = (typeof AXES)[number];

/** An axis's words in a language: `full` in tiers, commonest first ('a|b' alternatives of one tier); `rare` said once each. */
export interface Forms {
  full: string[];
  rare?: string;
}

/**
 * The markers a core may hold, each standing for one axis. The tv markers: `<tv>` the TV as the object
 * ("the bedroom tv", "it"; 「寝室のテレビ」), `<the-tv>` never a pronoun (after a particle: "turn on the
 * tv", not "turn on it"), `<on-tv>` the TV said after the request ("... on the bedroom tv", "... in the
 * bedroom", or nothing; 「寝室のテレビで…」), `<of-tv>` the TV said before what is changed ("the bedroom tv
 * volume"; 「寝室のテレビの音量」, or nothing). `<amount>`: how much, by a degree or a count ("a bit", "by two").
 */
export const MARKERS = {
  '<tv>': ['tv named'],
  '<the-tv>': ['tv named'],
  '<on-tv>': ['tv named'],
  '<of-tv>': ['tv named'],
  '<count>': ['spoken count'],
  '<degree>': ['degree'],
  '<amount>': ['degree', 'spoken count'],
  '<te>': ['casual ending'],
  '<を>': ['particle drop'],
  '<が>': ['particle drop'],
  '<は>': ['particle drop'],
} as const satisfies Record<string, readonly Axis[]>;
type Marker = keyof typeof MARKERS;
/** An axis's marker, or one of the intent's own word choices (`words`). */
const MARKER = /<[^<>\s|()]+>/g;
const SLOT = /\{[a-zA-Z]+\}/g;

export interface IntentGrammar {
  /** The sentences of the request, with markers placing the axes. */
  cores: string[];
  /** Less common sentences of the request: combined like the cores, a tier later. */
  more?: string[];
  /** Rarer sentences, said once each form (in step), lead-ins and closings included. */
  rare?: string[];
  /** Rarer sentences said on top of the budget, in step, as `rare`: a locale's own word ("telly") that leaves the rest as it is. */
  extra?: string[];
  /** Sentences that stand alone, taking no lead-in or closing: wishes described ("it's too quiet", 「うるさい」). */
  wishes?: string[];
  /** This intent's own lead-ins, reasons said before its first core ("i'm going to bed", 「もう寝るから」). */
  reasons?: string;
  /**
   * The intent's own word choices, in tiers like an axis's forms, each placed by its marker ("<raise>":
   * raise, increase | boost; 「<音>」: 音量 | ボリューム・音): synonyms crossed with the axes, commonest first.
   */
  words?: Record<string, Forms>;
  /** The words of the count for this intent ("steps", 「個」), when it takes the spoken count. */
  unit?: string;
  /** How many samples the intent may have (the language's default otherwise). */
  budget?: number;
  /** Each axis this intent does not take, with why. */
  without?: Partial<Record<Axis, string>>;
}

export interface LanguageGrammar {
  /** The forms of each axis the language has, keyed by marker or by 'lead-in' and 'closing'. */
  forms: Partial<Record<Marker, Forms>> & Record<'lead-in' | 'closing', Forms>;
  /** Axes the language does not have, with why: English has no particles to drop. */
  absent: Partial<Record<Axis, string>>;
  /** A sentence of a lead-in, a core and a closing. */
  join: (lead: string, core: string, close: string) => string;
  /** Combinations not said ("please ... please", "can you" before a core that is no verb). */
  refuse?: (lead: string, core: string, close: string) => boolean;
  /** How many samples an intent may have unless it says otherwise. */
  budget: number;
}

/** Splits 'a|b(c|d)' at its top-level bars. */
function alternatives(group: string): string[] {
  const out = [''];
  let depth = 0;
  for (const c of group) {
    if (c === '|' && depth === 0) {
      out.push('');
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    out[out.length - 1] += c;
  }
  return out;
}

type Ranked = { form: string; rank: number }[];
const ranked = (forms: Forms, unit: string): Ranked =>
  forms.full.flatMap((tier, rank) =>
    alternatives(tier).map((form) => ({ form: form.replaceAll('<unit>', unit), rank })),
  );
const everyForm = (forms: Forms, unit: string): string =>
  `(${[...forms.full, ...(forms.rare === undefined ? [] : [forms.rare])].join('|').replaceAll('<unit>', unit)})`;

/** Every combination of the slots' forms, with its cost. */
function combinations(slots: Ranked[]): { forms: string[]; cost: number; off: string }[] {
  return slots.reduce<{ forms: string[]; cost: number; off: string }[]>(
    (acc, slot, i) =>
      acc.flatMap((c) =>
        slot.map((f) => ({
          forms: [...c.forms, f.form],
          cost: c.cost + f.rank,
          off: f.rank > 0 ? `${c.off}${i},` : c.off,
        })),
      ),
    [{ forms: [], cost: 0, off: '' }],
  );
}

const leadOf = (language: LanguageGrammar, intent: IntentGrammar): Forms =>
  intent.without?.['lead-in'] === undefined ? language.forms['lead-in'] : { full: [''] };

/**
 * A carrier (a lead-in or a closing) off its commonest form costs one tier more than a form of the request
 * itself: each verb, noun, count and place of the TV is heard before the same sentence wrapped in "can
 * you ..." or "... please", which adds words around a request and nothing to what it asks.
 */
const CARRIER_RANK = 1;
const carrier = (forms: Ranked): Ranked => forms.map((f) => ({ ...f, rank: f.rank > 0 ? f.rank + CARRIER_RANK : 0 }));

/** The carrier's every form that the language says with the core, as one group ("(|can you|please)"). */
const carriersWith = (forms: Forms, unit: string, fits: (form: string) => boolean): string =>
  `(${alternatives(
    [...forms.full, ...(forms.rare === undefined ? [] : [forms.rare])].join('|').replaceAll('<unit>', unit),
  )
    .filter(fits)
    .join('|')})`;

/** The reasons go with the intent's first core, half a tier each: a reason and one other axis come before two axes. */
const REASON_RANK = 0.5;

/**
 * The intent's phrasings: the rarer forms in step, then its cores with their common forms combined,
 * cheapest first (the smaller templates first among equals), each template whole while it fits the budget.
 */
export function phrasingsOf(language: LanguageGrammar, intent: IntentGrammar): Phrasings {
  const unit = intent.unit ?? '';
  const lead = leadOf(language, intent);
  const close = intent.without?.closing === undefined ? language.forms.closing : { full: [''] };
  const formsOf = (m: string): Forms => {
    const forms = intent.words?.[m] ?? language.forms[m as Marker];
    if (forms === undefined) throw new Error(`no forms for ${m} in "${intent.cores[0]}"`);
    return forms;
  };
  // A sentence said in step takes only the carriers the language says with its core: no "can you" before "the tv on".
  const step = (core: string) =>
    language.join(
      carriersWith(lead, unit, (l) => !language.refuse?.(l, core, '')),
      core.replace(MARKER, (m) => everyForm(formsOf(m), unit)),
      carriersWith(close, unit, (c) => !language.refuse?.('', core, c)),
    );
  const inStep = [...intent.cores.slice(0, 1), ...(intent.rare ?? [])].map(step);
  const said = new Set([...(intent.wishes ?? []).flatMap(expand), ...inStep.flatMap(expandInStep)]);
  const cores = [
    ...intent.cores.map((core) => ({ core, base: 0 })),
    ...(intent.more ?? []).map((core) => ({ core, base: 1 })),
  ];
  const candidates = cores.flatMap(({ core, base }, order) => {
    const markers = core.match(MARKER) ?? [];
    const reasons =
      order === 0 && intent.reasons !== undefined
        ? alternatives(intent.reasons).map((form) => ({ form, rank: REASON_RANK }))
        : [];
    const slots = [
      [...carrier(ranked(lead, unit)), ...reasons],
      ...markers.map((m) => ranked(formsOf(m), unit)),
      carrier(ranked(close, unit)),
    ];
    return combinations(slots)
      .filter(({ forms }) => !language.refuse?.(forms[0]!, core, forms.at(-1)!))
      .flatMap(({ forms, cost, off }) => {
        let i = 1;
        const filled = core.replace(MARKER, () => forms[i++]!);
        // A slot is named once in a sentence (models/checks.ts): a lead-in naming the TV goes with a core that does not.
        if ((forms[0]!.match(SLOT) ?? []).some((slot) => filled.includes(slot))) return [];
        const template = language.join(forms[0]!, filled, forms.at(-1)!);
        return [{ cost: cost + base, order, off, template, size: expand(template).length, turn: 0 }];
      });
  });
  // Among sentences of one cost, the cores take turns, and within a core the axes off their commonest
  // form, so neither one core nor one axis takes the budget alone.
  const turns = new Map<string, number>();
  for (const c of candidates) {
    const key = `${c.order} ${c.cost} ${c.off}`;
    c.turn = turns.get(key) ?? 0;
    turns.set(key, c.turn + c.size);
  }
  candidates.sort((a, b) => a.cost - b.cost || a.turn - b.turn || a.size - b.size || a.order - b.order);
  const budget = intent.budget ?? language.budget;
  const full: string[] = [];
  for (const { template } of candidates) {
    const sentences = expand(template).filter((s) => !said.has(s));
    if (said.size + sentences.length > budget) continue;
    full.push(template);
    for (const s of sentences) said.add(s);
  }
  return { full: [...(intent.wishes ?? []), ...full], inStep: [...inStep, ...(intent.extra ?? []).map(step)] };
}

/** Which axes reach the intent: a marker in one of its sentences, or a wrapper it does not leave out. */
function axesOf(intent: IntentGrammar): Set<Axis> {
  const text = [...intent.cores, ...(intent.more ?? []), ...(intent.rare ?? [])].join(' ');
  const reached = new Set<Axis>(
    (Object.keys(MARKERS) as Marker[]).filter((m) => text.includes(m)).flatMap((m) => MARKERS[m]),
  );
  // A TV or a count written into the sentence itself reaches the intent too ("use the {tv} tv").
  const said = `${text} ${(intent.wishes ?? []).join(' ')}`;
  if (said.includes('{tv}')) reached.add('tv named');
  if (said.includes('{count}')) reached.add('spoken count');
  for (const wrapper of ['lead-in', 'closing'] as const)
    if (intent.without?.[wrapper] === undefined) reached.add(wrapper);
  return reached;
}

/** For each intent and axis: '✓' when it reaches the intent, else the reason it is left out ('' when none is given). */
export function coverage(
  language: LanguageGrammar,
  intents: Record<string, IntentGrammar>,
): Record<string, Record<Axis, string>> {
  return Object.fromEntries(
    Object.entries(intents).map(([name, intent]) => {
      const reached = axesOf(intent);
      return [
        name,
        Object.fromEntries(
          AXES.map((axis) => [
            axis,
            reached.has(axis) && language.absent[axis] === undefined
              ? '✓'
              : (language.absent[axis] ?? intent.without?.[axis] ?? ''),
          ]),
        ) as Record<Axis, string>,
      ];
    }),
  );
}

/** The coverage as a text table: one row per intent, a column per axis, the reasons numbered below it. */
export function coverageTable(title: string, table: Record<string, Record<Axis, string>>): string {
  const reasons: string[] = [];
  const cell = (text: string) => {
    if (text === '✓') return '✓';
    if (text === '') return '?';
    if (!reasons.includes(text)) reasons.push(text);
    return `(${reasons.indexOf(text) + 1})`;
  };
  const rows = Object.entries(table).map(([intent, axes]) => [
    intent.replace(/Intent$/, ''),
    ...AXES.map((a) => cell(axes[a])),
  ]);
  const header = ['', ...AXES];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [title, line(header), ...rows.map(line), ...reasons.map((r, i) => `  (${i + 1}) ${r}`)].join('\n');
}
