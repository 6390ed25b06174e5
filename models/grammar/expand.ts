// Phrasings written as templates and expanded into sample utterances: alternatives in parentheses,
// `(turn|switch) on`, an empty one making a part optional, slots as the model writes them, `{tv}`.
// Syntax, and why not alexa-utterances: docs/sandbox.md#grammar-expand.

type Node = { text: string } | { slot: string } | { choices: Node[][] };

/** The sequence of nodes a template is made of; throws on unbalanced parentheses. */
function parse(template: string): Node[] {
  let at = 0;
  const sequence = (): Node[][] => {
    const choices: Node[][] = [[]];
    while (at < template.length) {
      const c = template[at]!;
      if (c === '(') {
        at += 1;
        choices.at(-1)!.push({ choices: sequence() });
        if (template[at] !== ')') throw new Error(`unclosed "(" in "${template}"`);
        at += 1;
      } else if (c === ')') {
        return choices;
      } else if (c === '|') {
        at += 1;
        choices.push([]);
      } else if (c === '{') {
        const end = template.indexOf('}', at);
        if (end < 0) throw new Error(`unclosed "{" in "${template}"`);
        choices.at(-1)!.push({ slot: template.slice(at + 1, end) });
        at = end + 1;
      } else {
        const run = /^[^(){}|]+/.exec(template.slice(at))![0];
        choices.at(-1)!.push({ text: run });
        at += run.length;
      }
    }
    return choices;
  };
  const top = sequence();
  if (at < template.length) throw new Error(`unopened ")" in "${template}"`);
  if (top.length !== 1) throw new Error(`"|" outside parentheses in "${template}"`);
  return top[0]!;
}

const tidy = (sample: string): string => sample.replace(/\s+/g, ' ').trim();

function product(nodes: Node[]): string[] {
  return nodes.reduce<string[]>(
    (heads, node) => {
      const tails = 'text' in node ? [node.text] : 'slot' in node ? [`{${node.slot}}`] : node.choices.flatMap(product);
      return heads.flatMap((h) => tails.map((t) => h + t));
    },
    [''],
  );
}

/**
 * Every sentence the template says. Kept per template: the grammar weighs each candidate template by its
 * size, then expands it again to spend the budget, and the English varieties share most templates.
 */
const expanded = new Map<string, readonly string[]>();
export function expand(template: string): readonly string[] {
  let sentences = expanded.get(template);
  if (sentences === undefined) {
    sentences = Object.freeze([...new Set(product(parse(template)).map(tidy))]);
    expanded.set(template, sentences);
  }
  return sentences;
}

/** How many choices the widest group of a sequence has, nested groups included. */
const width = (nodes: Node[]): number =>
  Math.max(1, ...nodes.map((n) => ('choices' in n ? Math.max(n.choices.length, ...n.choices.map(width)) : 1)));

function pick(nodes: Node[], i: number): string {
  return nodes
    .map((n) => ('text' in n ? n.text : 'slot' in n ? `{${n.slot}}` : pick(n.choices[i % n.choices.length]!, i)))
    .join('');
}

/**
 * A representative few of the template's sentences rather than all of them: the i-th takes the i-th
 * choice of every group (wrapping round), so every choice is said at least once, as many sentences as
 * the widest group has choices. For templates whose full product would exceed the intent's budget.
 */
export function expandInStep(template: string): string[] {
  const nodes = parse(template);
  return [...new Set(Array.from({ length: width(nodes) }, (_, i) => tidy(pick(nodes, i))))];
}

/** An intent's phrasings: templates expanded in full, and those expanded in step. */
export interface Phrasings {
  full: string[];
  inStep?: string[];
}

/** The samples of an intent's phrasings, each once, in the order written. */
export function samplesOf(phrasings: Phrasings): string[] {
  return [...new Set([...phrasings.full.flatMap(expand), ...(phrasings.inStep ?? []).flatMap(expandInStep)])];
}
