// Hearing by meaning: what the custom skill's stand-in makes of a line no sample spells out, and
// AMAZON.FallbackIntent for a line far from every intent; a small model trained from the interaction model
// alone (slot marks, naive Bayes, a coverage threshold). Why and the figures: docs/sandbox.md#meaning.
import { isJapanese } from '../../language';
import { normalForm } from '../../text';
import { withoutFiller } from '../../tv/names';

/** What the line meant: the intent, and the words of the slots it declares that the line holds. */
export interface MeaningMatch {
  intent: string;
  words: Record<string, string>;
}

/** A line heard by meaning; `householdNames` are the user's TV names, heard as TV_NAME values. */
export type Meaning = (line: string, householdNames?: readonly string[]) => MeaningMatch | undefined;

/** The share of a line's words (or Japanese character pairs) the chosen intent's samples must use. */
const COVERAGE = { en: 0.8, ja: 0.75 } as const;
/** Additive smoothing of the word counts. */
const SMOOTHING = 0.1;

// Each slot type's mark: private-use characters no line or sample holds.
const TV_MARK = '\uE001';
const CHANNEL_MARK = '\uE002';
const NUMBER_MARK = '\uE003';
const OTHER_MARK = '\uE004';
const MARKS = /[\uE001-\uE004]/u;

interface ModelShape {
  interactionModel?: {
    languageModel?: {
      intents?: { name: string; samples?: string[]; slots?: { name: string; type: string }[] }[];
      types?: { name: string; values?: { name?: { value?: string; synonyms?: string[] } }[] }[];
    };
  };
}

interface Name {
  form: string;
  mark: string;
}
/** A name found in a line: its slot type's mark, and the words as said. */
interface Found {
  mark: string;
  said: string;
}

/**
 * The model's hearing by meaning, trained once. `tokenize` is the recognition step a line takes for the
 * exact matcher (utterance.ts); `numbers` the part of it a sample's own words take (number words as digits).
 */
export function meaningOf(
  model: unknown,
  locale: string,
  tokenize: (line: string) => string,
  numbers: (words: string) => string,
): Meaning {
  const japanese = isJapanese(locale);
  const languageModel = (model as ModelShape).interactionModel?.languageModel;
  const intents = (languageModel?.intents ?? []).filter(
    (i) => !i.name.startsWith('AMAZON.') && (i.samples ?? []).length > 0,
  );
  const markOf = (type: string | undefined) =>
    type === 'TV_NAME'
      ? TV_MARK
      : type === 'CHANNEL_NAME'
        ? CHANNEL_MARK
        : type === 'AMAZON.NUMBER'
          ? NUMBER_MARK
          : OTHER_MARK;
  // What a text reads as for the classifier: normal form, numbers marked, Japanese without spaces.
  const plain = (text: string) => {
    const folded = normalForm(text.replace(/\d+/g, ` ${NUMBER_MARK} `));
    return japanese ? folded.replace(/\s+/g, '') : folded;
  };

  const texts = intents.map((intent) => {
    const types = new Map((intent.slots ?? []).map((s) => [s.name, s.type]));
    return (intent.samples ?? []).map((sample) =>
      plain(
        sample
          .split(/\{([a-zA-Z]+)\}/)
          .map((part, i) => (i % 2 === 1 ? ` ${markOf(types.get(part))} ` : numbers(part)))
          .join(' '),
      ),
    );
  });
  const classifier = naiveBayes(texts, japanese);
  // The fixed words of every sample, to tell a name that is also a word of the requests ("TV", 「テレビ」, "home").
  const fixed = japanese ? texts.flat().join('\n') : ` ${texts.flat().join(' \n ')} `;
  const sampleWords = new Set(japanese ? [] : texts.flat().flatMap((t) => t.split(' ')));
  const isFixedWord = (form: string) =>
    japanese ? fixed.includes(form) : sampleWords.has(form.split(' ')[0]!) && fixed.includes(` ${form} `);

  const catalogue: Name[] = (languageModel?.types ?? [])
    .flatMap((t) =>
      t.name === 'TV_NAME' || t.name === 'CHANNEL_NAME'
        ? (t.values ?? [])
            .flatMap((v) => [v.name?.value ?? '', ...(v.name?.synonyms ?? [])])
            .map((name) => ({ form: nameForm(name, japanese), mark: markOf(t.name) }))
        : [],
    )
    .filter((n) => n.form !== '' && !isFixedWord(n.form));
  const finders = new Map<string, NameFinder>();
  const finderFor = (household: readonly string[]): NameFinder => {
    const key = household.join('\u0000');
    let finder = finders.get(key);
    if (!finder) {
      const own = household
        .map((name) => ({ form: nameForm(name, japanese), mark: TV_MARK }))
        .filter((n) => n.form !== '' && !isFixedWord(n.form));
      finder = nameFinder([...own, ...catalogue], japanese);
      if (finders.size > 32) finders.clear();
      finders.set(key, finder);
    }
    return finder;
  };

  return (line, householdNames = []) => {
    // A sound made while thinking ("erm", 「えっと」) is no word of the request.
    const heard = nameForm(withoutFiller(tokenize(line)), japanese);
    if (heard === '') return undefined;
    const { text, found } = finderFor(householdNames)(heard);
    const number = /\d+/.exec(text)?.[0];
    const marked = plain(text);
    const best = classifier(marked);
    if (!best || best.coverage < COVERAGE[japanese ? 'ja' : 'en']) return undefined;
    const intent = intents[best.index]!;
    // Only the slots the intent declares, each from its own type's words.
    const words: Record<string, string> = {};
    for (const slot of intent.slots ?? []) {
      const value = slot.type === 'AMAZON.NUMBER' ? number : found.find((f) => f.mark === markOf(slot.type))?.said;
      if (value !== undefined && !Object.values(words).includes(value)) words[slot.name] = value;
    }
    return { intent: intent.name, words };
  };
}

/** A name or a line as names are found in it: normal form, and Japanese without spaces. */
function nameForm(text: string, japanese: boolean): string {
  const form = normalForm(text);
  return japanese ? form.replace(/\s+/g, '') : form;
}

type NameFinder = (text: string) => { text: string; found: Found[] };

/** Finds the names in a text, longest first, whole words in English, and puts each one's mark in its place. */
function nameFinder(names: Name[], japanese: boolean): NameFinder {
  const byForm = new Map<string, Name>();
  for (const n of names) if (!byForm.has(n.form)) byForm.set(n.form, n);
  if (byForm.size === 0) return (text) => ({ text, found: [] });
  const forms = [...byForm.keys()]
    .sort((a, b) => b.length - a.length)
    .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    japanese ? `(?:${forms.join('|')})` : `(?<![\\p{L}\\p{N}])(?:${forms.join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return (text) => {
    const found: Found[] = [];
    // The words as said go in the slot, as Alexa sends them; entity resolution finds the name they stand for.
    const marked = text.replace(pattern, (form) => {
      const name = byForm.get(form)!;
      found.push({ mark: name.mark, said: form });
      return ` ${name.mark} `;
    });
    return { text: marked, found };
  };
}

interface Best {
  index: number;
  coverage: number;
}

/**
 * Multinomial naive Bayes, one class per intent (`texts[i]`: intent i's marked samples), with uniform
 * priors; `coverage` is the share of the line's units the chosen intent's samples use.
 */
function naiveBayes(texts: string[][], japanese: boolean): (text: string) => Best | undefined {
  const classes = texts.length;
  const counts = new Map<string, Float64Array>();
  const totals = new Float64Array(classes);
  texts.forEach((samples, c) => {
    for (const sample of samples) {
      for (const f of features(sample, japanese)) {
        let row = counts.get(f);
        if (!row) counts.set(f, (row = new Float64Array(classes)));
        row[c]! += 1;
        totals[c]! += 1;
      }
    }
  });
  const vocabulary = counts.size;
  const unseen = Array.from(totals, (t) => Math.log(SMOOTHING / (t + SMOOTHING * vocabulary)));
  const logOf = (row: Float64Array | undefined, c: number) =>
    row ? Math.log((row[c]! + SMOOTHING) / (totals[c]! + SMOOTHING * vocabulary)) : unseen[c]!;
  return (text) => {
    const line = features(text, japanese);
    if (line.length === 0 || classes === 0) return undefined;
    const scores = new Float64Array(classes);
    for (const f of line) {
      const row = counts.get(f);
      for (let c = 0; c < classes; c++) scores[c]! += logOf(row, c);
    }
    let index = 0;
    for (let c = 1; c < classes; c++) if (scores[c]! > scores[index]!) index = c;
    const units = line.filter((f) => f.startsWith('1:') && !MARKS.test(f));
    const known = units.filter((f) => (counts.get(f)?.[index] ?? 0) > 0).length;
    return { index, coverage: units.length === 0 ? 1 : known / units.length };
  };
}

/** English: words ("1:") and word pairs ("2:"); Japanese: character pairs ("1:") and triples ("2:"). */
function features(text: string, japanese: boolean): string[] {
  const out: string[] = [];
  if (japanese) {
    const chars = [...`^${text.replace(/[\s、。,.!?！？]+/gu, '')}$`];
    for (let i = 0; i + 1 < chars.length; i++) {
      const pair = chars[i]! + chars[i + 1]!;
      if (pair !== '^$') out.push(`1:${pair}`);
      if (i + 2 < chars.length) out.push(`2:${pair}${chars[i + 2]!}`);
    }
    return out;
  }
  const words = text.split(' ').filter((w) => w !== '');
  words.forEach((w, i) => {
    out.push(`1:${w}`);
    out.push(`2:${i === 0 ? '^' : words[i - 1]!} ${w}`);
  });
  if (words.length > 0) out.push(`2:${words[words.length - 1]!} $`);
  return out;
}
