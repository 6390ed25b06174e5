// docs/architecture.md walks one custom-skill command, one smart-home directive and one Google EXECUTE file by
// file. The walk must stay true to the code: every file a step names exists, and every function it names is defined in
// one of that step's files.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const doc = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
const start = doc.indexOf('## One command, file by file');
const walk = doc.slice(start, doc.indexOf('\n## ', start + 1));
const steps = walk
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((row) => [row.slice(0, 70), row] as const);

const files = (row: string): string[] => [...row.matchAll(/`(src\/[^`]+\.(?:ts|mjs))`/g)].map((m) => m[1]!);
/** Functions a step names: `camelCase` or `camelCase(…)`, the way the walk writes them. */
const functions = (row: string): string[] => [...row.matchAll(/`([a-z][A-Za-z]+)(?:\([^`]*\))?`/g)].map((m) => m[1]!);

it('walks the three commands to the press: the skill, the smart-home door, the Google door', () => {
  expect(start).toBeGreaterThan(0);
  expect(steps.filter(([, row]) => row.includes('**The press.**'))).toHaveLength(3);
  for (const door of ['src/skill/entry.mjs', 'src/smarthome/entry.mjs', 'src/google/entry.mjs'])
    expect(walk).toContain(`| 1 | \`${door}\``);
});

it.each(steps)('names files that exist and functions they define: %s', (_short, row) => {
  const named = files(row);
  for (const file of named) expect([file, existsSync(resolve(ROOT, file))]).toEqual([file, true]);
  const sources = named.map((f) => readFileSync(resolve(ROOT, f), 'utf8')).join('\n');
  for (const name of functions(row)) {
    const defined = new RegExp(
      `(?:function\\*?|class|const|let)\\s+${name}\\b|^\\s*(?:async\\s+)?${name}\\s*[(:]|\\b${name}\\s*:\\s*async`,
      'm',
    ).test(sources);
    expect([name, defined]).toEqual([name, true]);
  }
});
