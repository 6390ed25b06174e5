// Lines to hear, made from a model's own samples: each sample with its slots filled as people fill them
// (a catalogue name or synonym, a number in words or digits, a name outside the catalogue), then some
// spoken as they are, others with a word dropped, a word added either end, capitals or punctuation.
// A fixed seed: the same lines on every run.
import { isJapanese } from '../../../src/language';

interface ModelShape {
  interactionModel?: {
    languageModel?: {
      intents?: { name: string; samples?: string[]; slots?: { name: string; type: string }[] }[];
      types?: { name: string; values?: { name?: { value?: string; synonyms?: string[] } }[] }[];
    };
  };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function heardLines(model: unknown, locale: string, count: number, seed = 48): string[] {
  const japanese = isJapanese(locale);
  const lm = (model as ModelShape).interactionModel?.languageModel;
  const intents = lm?.intents ?? [];
  const samples = intents.flatMap((i) => (i.samples ?? []).map((s) => ({ intent: i, sample: s })));
  if (samples.length === 0) return [];
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const numbers = japanese ? ['三', '5', '十二', '二'] : ['three', '5', 'twelve', 'forty two', 'one'];
  const outside = japanese ? ['ガレージ', 'サンテレビ'] : ['shed', 'garage news'];
  const extras = japanese ? ['ください', 'ね', 'えっと', 'テレビ'] : ['please', 'now', 'um', 'tv', 'the'];
  const fill = (intent: { slots?: { name: string; type: string }[] }, sample: string) =>
    sample.replace(/\{([a-zA-Z]+)\}/g, (_m, slot: string) => {
      const type = intent.slots?.find((s) => s.name === slot)?.type;
      if (type === 'AMAZON.NUMBER') return pick(numbers);
      const values = (lm?.types ?? []).find((t) => t.name === type)?.values ?? [];
      if (values.length === 0 || next() < 0.1) return pick(outside);
      const value = pick(values).name;
      return pick([value?.value ?? '', ...(value?.synonyms ?? [])]);
    });
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const { intent, sample } = pick(samples);
    let line = fill(intent, sample);
    const roll = next();
    const words = line.split(' ');
    if (roll < 0.15 && words.length > 1)
      line = words.filter((_w, i) => i !== Math.floor(next() * words.length)).join(' ');
    else if (roll < 0.3) line = japanese ? `${line}${pick(extras)}` : `${line} ${pick(extras)}`;
    else if (roll < 0.4) line = japanese ? `${pick(extras)}${line}` : `${pick(extras)} ${line}`;
    else if (roll < 0.5) line = japanese ? `${line}。` : `${line.toUpperCase()}!`;
    else if (roll < 0.55 && !japanese) line = line.replace(' ', ', ');
    lines.push(line);
  }
  return lines;
}
