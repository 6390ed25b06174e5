// The model's samples compiled once into a character trie with slot edges, so a line is matched in time
// that grows with the line, not the number of samples; it hears exactly as the sample-by-sample scan it
// replaced (kept as the reference in test/local/sample-trie.test.ts). The rules: docs/sandbox.md#sample-trie.
import type { Slot } from 'ask-sdk-model';

/** What a slot of the model's intents is checked against, found by the type's name without case. */
type SlotKind =
  | { kind: 'untyped' }
  | { kind: 'number' }
  /** A type of the model's `types`; `open` when its name starts with AMAZON. (an extended built-in type takes any words). */
  | {
      kind: 'catalogue';
      typeName: string;
      open: boolean;
      names: Set<string>;
      entities: Map<string, { id?: string; name: string }[]>;
    };

interface CompiledSample {
  intent: string;
  /** The fixed text between the gaps, folded (`fold`); one more than `slots`. None for a sample the trie cannot hold. */
  pieces?: string[];
  /** Each gap's slot as the sample names it, and what it takes (undefined: the intent does not declare it). */
  slots: { name: string; kind: SlotKind | undefined }[];
  /** The regular expression virtual-core made of the sample, for the lines and samples the trie cannot take. */
  source: string;
  regex?: RegExp;
}

export interface TrieMatch {
  intent: string;
  /** The slots the line filled, by the sample's slot names, with their values trimmed. */
  values: { name: string; value: string }[];
}

export interface SampleTrie {
  /** The sample a line fits best, or undefined. */
  match(line: string): TrieMatch | undefined;
  /** Slots with Alexa's entity resolution for these words, as the skill receives them. */
  slots(intent: string, words: readonly { name: string; value: string }[]): Record<string, Slot>;
  /** How many samples the trie holds, and how many of them it tries with a regular expression. */
  readonly size: { samples: number; regex: number };
}

// The phrases virtual-alexa gave Amazon's built-in intents that the model lists: a line one of them fits
// best is heard as that built-in intent, which the stand-in hears with its own tables instead.
const BUILT_IN_PHRASES: Record<string, string[]> = {
  'AMAZON.CancelIntent': ['cancel', 'never mind'],
  'AMAZON.HelpIntent': ['help', 'help me'],
  'AMAZON.LoopOffIntent': ['loop off'],
  'AMAZON.LoopOnIntent': ['loop', 'loop on', 'keep repeating this song'],
  'AMAZON.MoreIntent': ['more'],
  'AMAZON.NavigateHomeIntent': ['home', 'go home'],
  'AMAZON.NavigateSettingsIntent': ['settings'],
  'AMAZON.NextIntent': ['next', 'skip', 'skip forward'],
  'AMAZON.NoIntent': ['no', 'no thanks'],
  'AMAZON.PageDownIntent': ['page down'],
  'AMAZON.PageUpIntent': ['page up'],
  'AMAZON.PauseIntent': ['pause', 'pause that'],
  'AMAZON.PreviousIntent': ['go back', 'previous', 'skip back', 'back up'],
  'AMAZON.RepeatIntent': ['repeat', 'say that again', 'repeat that'],
  'AMAZON.ResumeIntent': ['resume', 'continue', 'keep going'],
  'AMAZON.ScrollDownIntent': ['scroll down'],
  'AMAZON.ScrollLeftIntent': ['scroll left'],
  'AMAZON.ScrollRightIntent': ['scroll right'],
  'AMAZON.ScrollUpIntent': ['scroll up'],
  'AMAZON.ShuffleOffIntent': ['shuffle off', 'stop shuffling', 'turn off shuffle'],
  'AMAZON.ShuffleOnIntent': ['shuffle', 'shuffle on', 'shuffle the music', 'shuffle mode'],
  'AMAZON.StartOverIntent': ['start over', 'restart', 'start again'],
  'AMAZON.StopIntent': ['stop', 'off', 'shut up'],
  'AMAZON.YesIntent': ['yes', 'yes please', 'sure'],
};
// With both pause and resume, the model is an audio player's, and these get their phrases too.
const AUDIO_PLAYER_INTENTS = new Set([
  'AMAZON.PauseIntent',
  'AMAZON.ResumeIntent',
  'AMAZON.CancelIntent',
  'AMAZON.LoopOffIntent',
  'AMAZON.LoopOnIntent',
  'AMAZON.NextIntent',
  'AMAZON.PreviousIntent',
  'AMAZON.RepeatIntent',
  'AMAZON.ShuffleOffIntent',
  'AMAZON.ShuffleOnIntent',
  'AMAZON.StartOverIntent',
]);

/** English number words from zero to nineteen, as Alexa hears them spoken (utterance.ts reads them as digits). */
export const ENGLISH_NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const NUMBER_WORDS = [...ENGLISH_NUMBERS.slice(1), 'twenty'];
const NUMBER_NAMES = new Set([...NUMBER_WORDS, ...NUMBER_WORDS.map((_w, i) => String(i + 1))]);

// What the line loses before matching.
const PUNCTUATION = /[!"¿?|#$%/()=+\-_<>*{}·¡[\].,;:]/g;
const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/;
// A gap is "." in a regular expression, which stops at a line break.
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const GAP = '\u0000';

/**
 * A character as a regular expression's `i` flag compares it (ECMAScript's Canonicalize without `u`):
 * its upper case when that is one character, and not an ASCII one for a non-ASCII character.
 */
export function fold(text: string): string {
  // ASCII alone: only a to z change.
  // eslint-disable-next-line no-control-regex -- the whole ASCII range, NUL included
  if (/^[\x00-\x7f]*$/.test(text)) return text.toUpperCase();
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      out += c >= 97 && c <= 122 ? String.fromCharCode(c - 32) : text[i];
      continue;
    }
    const upper = text[i]!.toUpperCase();
    out += upper.length === 1 && upper.charCodeAt(0) >= 128 ? upper : text[i];
  }
  return out;
}

/**
 * Texts of fixed pieces with a gap between each two, in one trie: a node per character (its edges in one
 * map keyed by node and character), and a gap edge to the node after a gap. `candidates` walks a line
 * through it as an automaton: a node reached after a gap stays reached at every later character, as the
 * gap grows. It finds every text the line could be, each gap taking any characters, in time that grows
 * with the line and not with the number of texts.
 */
export class GapTrie {
  private readonly edges = new Map<number, number>();
  private readonly gaps: number[] = [-1];
  private readonly ends: number[][] = [[]];

  /** `pieces`: the fixed text before the first gap, between the gaps, and after the last, as `candidates` will be given lines. */
  add(pieces: readonly string[], id: number): void {
    let node = 0;
    pieces.forEach((piece, i) => {
      for (let c = 0; c < piece.length; c++) node = this.child(node, piece.charCodeAt(c));
      if (i < pieces.length - 1) {
        if (this.gaps[node] === -1) this.gaps[node] = this.newNode();
        node = this.gaps[node]!;
      }
    });
    this.ends[node]!.push(id);
  }

  /** The ids of every text the line fits, in no order. */
  candidates(line: string): number[] {
    const open = new Set<number>();
    let here = new Set<number>();
    const enter = (node: number, into: Set<number>) => {
      into.add(node);
      for (let gap = this.gaps[node]!; gap !== -1 && !open.has(gap); gap = this.gaps[gap]!) open.add(gap);
    };
    enter(0, here);
    for (let i = 0; i < line.length && (here.size > 0 || open.size > 0); i++) {
      const code = line.charCodeAt(i);
      const next = new Set<number>();
      for (const node of here) {
        const child = this.edges.get(node * 0x10000 + code);
        if (child !== undefined) enter(child, next);
      }
      for (const node of open) {
        const child = this.edges.get(node * 0x10000 + code);
        if (child !== undefined) enter(child, next);
      }
      here = next;
    }
    const found: number[] = [];
    for (const node of new Set([...here, ...open])) found.push(...this.ends[node]!);
    return found;
  }

  private child(node: number, code: number): number {
    const key = node * 0x10000 + code;
    let child = this.edges.get(key);
    if (child === undefined) this.edges.set(key, (child = this.newNode()));
    return child;
  }

  private newNode(): number {
    this.gaps.push(-1);
    this.ends.push([]);
    return this.gaps.length - 1;
  }
}

/** A sample as virtual-core read it: its fixed text with `gap` for each slot, and the slots' names. */
function readSample(sample: string, gap: string): { text: string; slots: string[] } {
  let phrase = sample;
  const slots: string[] = [];
  for (let start = phrase.indexOf('{'); start !== -1; start = phrase.indexOf('{')) {
    const end = phrase.indexOf('}', start);
    // virtual-core reads such a sample for ever.
    if (end === -1) throw new Error(`A sample with "{" and no "}": ${sample}`);
    const name = phrase.substring(start + 1, end);
    const pipe = name.indexOf('|');
    slots.push(pipe === -1 ? name : name.substring(pipe + 2));
    phrase = `${phrase.substring(0, start).trim()}${gap}${phrase.substring(end + 1).trim()}`;
  }
  return { text: phrase, slots };
}

interface ModelShape {
  interactionModel?: {
    languageModel?: {
      intents?: { name: string; samples?: string[]; slots?: { name: string; type: string }[] }[];
      types?: { name: string; values?: { id?: string; name?: { value?: string; synonyms?: string[] } }[] }[];
    };
  };
}

/** `samples(sample)` gives a sample's text as the line will be (the recognition step). */
export function compileSampleTrie(model: unknown, skillId: string, samples: (sample: string) => string): SampleTrie {
  const languageModel = (model as ModelShape).interactionModel?.languageModel;
  const intents = languageModel?.intents ?? [];
  const types = languageModel?.types ?? [];
  const kindOf = new Map<string, SlotKind>();
  const kind = (typeName: string): SlotKind => {
    const key = typeName.toLowerCase();
    const known = kindOf.get(key);
    if (known) return known;
    const type = types.find((t) => t.name.toLowerCase() === key);
    let found: SlotKind;
    if (type) {
      const names = new Set<string>();
      const entities = new Map<string, { id?: string; name: string }[]>();
      const add = (words: string, entity: { id?: string; name: string }) => {
        names.add(words);
        entities.set(words, [...(entities.get(words) ?? []), entity]);
      };
      for (const v of type.values ?? []) {
        const value = v.name?.value ?? '';
        const entity = { id: v.id, name: value };
        add(value.toLowerCase(), entity);
        // A synonym that is the value itself adds nothing: the value already matched.
        for (const synonym of v.name?.synonyms ?? [])
          if (synonym.toLowerCase() !== value.toLowerCase()) add(synonym.toLowerCase(), entity);
      }
      found = { kind: 'catalogue', typeName: type.name, open: type.name.startsWith('AMAZON'), names, entities };
    } else {
      found = key === 'amazon.number' ? { kind: 'number' } : { kind: 'untyped' };
    }
    kindOf.set(key, found);
    return found;
  };

  // The samples by intent, then the built-in phrases of the built-in intents the model lists.
  const byIntent = new Map<string, string[]>();
  for (const intent of intents) if (intent.samples) byIntent.set(intent.name, intent.samples.map(samples));
  const order = intents.map((i) => i.name);
  const audioPlayer = order.includes('AMAZON.PauseIntent') && order.includes('AMAZON.ResumeIntent');
  for (const [name, phrases] of Object.entries(BUILT_IN_PHRASES)) {
    if (!order.includes(name) && !(audioPlayer && AUDIO_PLAYER_INTENTS.has(name))) continue;
    if (!order.includes(name)) order.push(name);
    byIntent.set(name, [...(byIntent.get(name) ?? []), ...phrases]);
  }

  const compiled: CompiledSample[] = [];
  const trie = new GapTrie();
  const irregular: number[] = [];
  for (const name of order) {
    const declared = intents.find((i) => i.name === name)?.slots;
    for (const sample of byIntent.get(name) ?? []) {
      const read = readSample(sample, GAP);
      const slotOf = (slot: string) => {
        const type = declared?.find((s) => s.name.toLowerCase() === slot.toLowerCase())?.type;
        return { name: slot, kind: type === undefined ? undefined : kind(type) };
      };
      const index = compiled.length;
      const source = readSample(sample, '(.*)').text;
      const slots = read.slots.map(slotOf);
      if (sample.includes(GAP) || read.text.split(GAP).some((piece) => REGEX_SYNTAX.test(piece))) {
        compiled.push({ intent: name, slots, source });
        irregular.push(index);
        continue;
      }
      const pieces = read.text.split(GAP).map(fold);
      compiled.push({ intent: name, pieces, slots, source });
      trie.add(pieces, index);
    }
  }

  /** The gaps' bounds as the regular expression's first match gives them: each earlier gap as long as it can be. */
  const place = (line: string, pieces: readonly string[]): number[] | undefined => {
    if (!line.startsWith(pieces[0]!)) return undefined;
    const last = pieces.length - 1;
    const from = (gap: number, start: number): number[] | undefined => {
      const after = pieces[gap + 1]!;
      if (gap + 1 === last) {
        const end = line.length - after.length;
        return end >= start && line.endsWith(after) ? [start, end] : undefined;
      }
      for (let end = line.lastIndexOf(after); end >= start; end = line.lastIndexOf(after, end - 1)) {
        const rest = from(gap + 1, end + after.length);
        if (rest) return [start, end, ...rest];
        if (end === 0) break;
      }
      return undefined;
    };
    if (last === 0) return line.length === pieces[0]!.length ? [] : undefined;
    return from(0, pieces[0]!.length);
  };

  type Tried = { sample: CompiledSample; values: string[]; score: number; typed: number };
  /** The gaps' words checked as virtual-core checked them; undefined when they do not fit. */
  const fit = (sample: CompiledSample, whole: string, words: string[]): Tried | undefined => {
    const values: string[] = [];
    let typed = 0;
    for (const [i, value] of words.entries()) {
      if (whole !== value && value.trim().length > 0 && !value.startsWith(' ') && !value.endsWith(' '))
        return undefined;
      const slot = sample.slots[i];
      if (!slot?.kind) throw new Error(`Invalid schema - not slot: ${slot?.name ?? i} for intent: ${sample.intent}`);
      const k = slot.kind;
      const trimmed = value.trim();
      if (k.kind === 'untyped') {
        values.push(value);
        continue;
      }
      typed++;
      if (k.kind === 'number') {
        if (!/^[0-9]*$/.test(trimmed) && !NUMBER_NAMES.has(trimmed.toLowerCase())) return undefined;
        values.push(trimmed);
      } else if (k.names.has(trimmed.toLowerCase())) {
        values.push(trimmed);
      } else if (k.open) {
        values.push(value);
      } else {
        return undefined;
      }
    }
    const score = whole.length - values.reduce((n, v) => n + v.length, 0);
    return { sample, values, score, typed };
  };

  return {
    size: { samples: compiled.length, regex: irregular.length },
    match(line) {
      const cleaned = line.replace(PUNCTUATION, '');
      // A line break ends what a gap can take: such a line is tried against every sample as virtual-core tried it.
      const everySample = LINE_BREAK.test(cleaned);
      const folded = fold(cleaned);
      const indexes = everySample
        ? compiled.map((_s, i) => i)
        : [...new Set([...trie.candidates(folded), ...irregular])].sort((a, b) => a - b);
      let top: Tried | undefined;
      for (const index of indexes) {
        const sample = compiled[index]!;
        let words: string[] | undefined;
        if (everySample || sample.pieces === undefined) {
          words = (sample.regex ??= new RegExp(`^${sample.source}$`, 'i'))
            .exec(cleaned)
            ?.slice(1)
            .map((g) => g ?? '');
        } else {
          const at = place(folded, sample.pieces);
          words = at && Array.from({ length: at.length / 2 }, (_w, i) => cleaned.substring(at[2 * i]!, at[2 * i + 1]!));
        }
        const tried = words && fit(sample, cleaned, words);
        if (tried && (!top || tried.score > top.score || (tried.score === top.score && tried.typed > top.typed)))
          top = tried;
      }
      if (!top) return undefined;
      const values = top.values;
      return {
        intent: top.sample.intent,
        values: top.sample.slots.map((s, i) => ({ name: s.name, value: values[i]!.trim() })),
      };
    },
    slots(intentName, words) {
      const intent = intents.find((i) => i.name === intentName);
      if (!order.includes(intentName)) throw new Error(`Interaction model has no intent named: ${intentName}`);
      // The intent's declared slots come first, in their order, as Alexa lists them in the request.
      const filled: Record<string, Slot> = {};
      const given = new Set(words.map((w) => w.name));
      for (const slot of intent?.slots ?? [])
        if (given.has(slot.name)) filled[slot.name] = { name: slot.name, confirmationStatus: 'NONE' };
      for (const { name, value } of words) {
        if (!intent?.slots) throw new Error('Trying to add slot to intent that does not have any slots defined');
        const declared = intent.slots.find((s) => s.name.toLowerCase() === name.toLowerCase());
        if (!declared) throw new Error(`Trying to add undefined slot to intent: ${name}`);
        const k = kind(declared.type);
        const slot: Slot = { name, value, confirmationStatus: 'NONE' };
        if (k.kind === 'catalogue' && (!k.open || k.entities.size > 0)) {
          const authority = `amzn1.er-authority.echo-sdk.${skillId}.${k.typeName}`;
          const matched = k.entities.get(value.trim().toLowerCase()) ?? [];
          slot.resolutions = {
            resolutionsPerAuthority: [
              matched.length > 0
                ? {
                    authority,
                    values: matched.map((m) => ({ value: { id: m.id as string, name: m.name } })),
                    status: { code: 'ER_SUCCESS_MATCH' },
                  }
                : { authority, values: [], status: { code: 'ER_SUCCESS_NO_MATCH' } },
            ],
          };
        }
        filled[name] = slot;
      }
      return filled;
    },
  };
}
