// The stand-in's hearing, old and new: virtual-alexa's sample-by-sample scan (the reference,
// test/support/sandbox/virtual-alexa-matcher.ts) against the compiled sample trie (src/local/sandbox/
// sample-trie.ts), on the same lines. Prints, per locale, the time to build each from the model, the time
// per line, and any line the two hear differently. `npx tsx bench/hearing.ts [lines per locale]`.
import '../src/local/sandbox/quiet-sdk-notices';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { languageOf } from '../src/language';
import { modelMatcher, type ModelMatcher } from '../src/local/sandbox/utterance';
import { LOCALES, modelFile } from '../models/locales';
import { HELD_OUT } from '../test/skill/held-out-phrasings';
import { heardLines } from '../test/support/sandbox/heard-lines';
import { virtualAlexaMatcher } from '../test/support/sandbox/virtual-alexa-matcher';
import { cliArgs } from '../scripts/cli';
import { benchHearingCli } from '../scripts/usage';

const SKILL_ID = 'amzn1.ask.skill.bench-hearing';
const perLocale = Number(process.argv[2] ?? 600);

async function timed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

async function main(): Promise<void> {
  let differences = 0;
  for (const locale of LOCALES) {
    const model: unknown = JSON.parse(readFileSync(modelFile(locale), 'utf8'));
    const held = HELD_OUT[languageOf(locale)].flatMap((b) => b.lines.map(([line]) => line));
    const lines = [...held, ...heardLines(model, locale, perLocale)];
    const [old, oldBuild] = await timed(() => virtualAlexaMatcher(model, locale, SKILL_ID));
    const [trie, trieBuild] = await timed(() => modelMatcher(model, locale, SKILL_ID));
    const hear = async (matcher: ModelMatcher) => {
      const out: string[] = [];
      const [, ms] = await timed(async () => {
        for (const line of lines) out.push(JSON.stringify((await matcher.match(line)) ?? null));
      });
      return { out, ms };
    };
    // Warm both (the first lines pay for compilation of the code itself), then measure.
    await hear(old);
    await hear(trie);
    const a = await hear(old);
    const b = await hear(trie);
    const differ = lines.filter((_l, i) => a.out[i] !== b.out[i]);
    differences += differ.length;
    const matched = a.out.filter((o) => o !== 'null').length;
    console.log(
      `${locale}: ${lines.length} lines (${matched} matched); build: virtual-alexa ${oldBuild.toFixed(0)} ms, trie ${trieBuild.toFixed(0)} ms; ` +
        `per line: virtual-alexa ${(a.ms / lines.length).toFixed(2)} ms, trie ${((b.ms / lines.length) * 1000).toFixed(0)} µs; differences: ${differ.length}`,
    );
    for (const line of differ.slice(0, 10))
      console.log(
        `  differ: ${line}\n    virtual-alexa ${a.out[lines.indexOf(line)]}\n    trie          ${b.out[lines.indexOf(line)]}`,
      );
  }
  if (differences > 0) process.exitCode = 1;
}

cliArgs(benchHearingCli);
void main();
