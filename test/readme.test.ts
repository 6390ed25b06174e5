// Every example phrase the README and the Japanese guide give a user works: the smart-home table's
// phrases reach the directive the table names (through the sandbox's readers, which stand in for
// Alexa's), the voice-command table's reach the intent it names (said with the invocation name, through
// the sandbox's custom-skill reader and the real interaction model), the Japanese guide's examples reach
// a TV request through both doors, and its phrasings of the custom model through that door. Every docs
// file is linked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { customSkillLine, readSmartHomeLine } from '../src/local/sandbox/phrases';
import { customSkillLineJa, readSmartHomeLineJa } from '../src/local/sandbox/phrases-ja';
import { TV_INTENTS } from '../src/skill/request/intents';
import { resolver } from './support/skill/model-resolver';

const ROOT = path.join(__dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const JA_GUIDE = readFileSync(path.join(ROOT, 'docs', 'ja.md'), 'utf8');

/** The rows of the first table after `heading` in `text`, as cells. */
function tableAfter(heading: string, text = README): string[][] {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const quoted = (cell: string): string[] => [...cell.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/^Alexa,\s*/, ''));
const bracketed = (cell: string): string[] =>
  [...cell.matchAll(/「([^」]+)」/g)].map((m) => m[1]!.replace(/^アレクサ、/, ''));

describe('the smart-home table', () => {
  const rows = tableAfter('### Through the smart-home model (no invocation name)').flatMap(
    ([say = '', directive = '']) => [
      ...quoted(say).map((p) => [p, directive, 'en'] as const),
      ...bracketed(say).map((p) => [p, directive, 'ja'] as const),
    ],
  );

  it('gives examples', () => expect(rows.length).toBeGreaterThan(8));

  it.each(rows)('"%s" reaches %s', (phrase, directive, lang) => {
    const request = lang === 'ja' ? readSmartHomeLineJa(phrase) : readSmartHomeLine(phrase);
    expect(request).toBeDefined();
    // The table writes "Speaker AdjustVolume", "PowerController TurnOn / TurnOff".
    expect(directive).toContain(request!.namespace.replace(/^Alexa\./, ''));
    expect(directive).toContain(request!.name);
  });
});

/** What the sandbox's custom-skill door hears of a phrase said with the invocation name. */
function heardBySkill(locale: 'en-US' | 'ja-JP'): (phrase: string) => Promise<string | undefined> {
  const resolve = resolver(locale);
  return async (phrase) => {
    const line =
      locale === 'ja-JP'
        ? customSkillLineJa(`アレクサ、テレビリモコンで${phrase}`)
        : customSkillLine(`Alexa, tell TV remote to ${phrase}`, 'tv remote');
    expect(line?.kind).toBe('utter');
    return line?.kind === 'utter' ? (await resolve(line.utterance)).intent : undefined;
  };
}

describe('the voice-command table', () => {
  const heard = heardBySkill('en-US');
  const rows = tableAfter('### Through the custom model ("Alexa, tell TV remote to …")').flatMap(
    ([intents = '', examples = '']) => quoted(examples).map((p) => [p, intents] as const),
  );

  it.each(rows)('"%s" reaches one of %s', async (phrase, intents) => {
    const intent = await heard(phrase);
    // "Next / PreviousChannel" names NextChannelIntent and PreviousChannelIntent.
    const names = intents.split('/').map((n) => n.trim());
    const suffix = /Channel$/.test(names.at(-1)!) ? 'Channel' : '';
    expect(names.map((n) => `${n.endsWith(suffix) ? n : n + suffix}Intent`)).toContain(intent);
  });
});

describe('the Japanese examples', () => {
  const heard = heardBySkill('ja-JP');
  const rows = tableAfter('## 話しかけ方の例', JA_GUIDE)
    .filter(([what]) => what !== '会話を続ける')
    .flatMap(([, examples = '']) => bracketed(examples));

  it('give examples', () => expect(rows.length).toBeGreaterThan(10));

  it.each(rows)('「%s」 is a TV request to the smart-home door and to the custom skill', async (phrase) => {
    expect(readSmartHomeLineJa(phrase)).toBeDefined();
    expect(TV_INTENTS).toContain(await heard(phrase));
  });
});

describe("the Japanese guide's phrasings of the custom model", () => {
  const heard = heardBySkill('ja-JP');
  const rows = tableAfter('| 言い方 | 例 |', JA_GUIDE).flatMap(([, examples = '']) => bracketed(examples));

  it('give examples', () => expect(rows.length).toBeGreaterThan(10));

  it.each(rows)('「%s」 reaches a TV intent through 「テレビリモコンで…」', async (phrase) => {
    expect(TV_INTENTS).toContain(await heard(phrase));
  });
});

describe('the README', () => {
  it('opens with the two commands, and is short', () => {
    const [first, second] = README.split('\n');
    expect(first).toMatch(/^`npm ci && npm start`/);
    expect(second).toMatch(/^`npm ci && npm test/);
    expect(README.split('\n').length).toBeLessThanOrEqual(210);
  });

  it('links every docs file', () => {
    const docs = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(docs.filter((f) => !README.includes(`(docs/${f})`))).toEqual([]);
  });
});
