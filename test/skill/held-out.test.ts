// The grammar measured on phrasings it never saw (test/skill/held-out-phrasings.ts): each line is heard
// as a one-shot request through the Alexa stand-in with the real model of the locale, as the sandbox and
// the conversation tests hear it. The stand-in matches whole samples, so the share is a lower bound for
// Alexa's own understanding. Each batch's share is printed, and a batch under 90 % fails the test.
import { resolver } from '../support/skill/model-resolver';
import { HELD_OUT } from './held-out-phrasings';

const REQUIRED_SHARE = 0.9;

// A batch without a locale is heard in en-US (English) or ja-JP; the fourth has lines of its own for en-GB and en-IN.
describe.each([
  ['en-US', 'en'],
  ['en-GB', 'en'],
  ['en-IN', 'en'],
  ['ja-JP', 'ja'],
] as const)('held-out phrasings in %s', (locale, lang) => {
  const home = lang === 'ja' ? 'ja-JP' : 'en-US';
  it.each(HELD_OUT[lang].filter((b) => (b.locale ?? home) === locale).map((b) => [b.name, b.lines] as const))(
    `the %s batch resolves to the right intent and slots at ${REQUIRED_SHARE * 100} % or more`,
    async (name, lines) => {
      const resolve = resolver(locale);
      const missed: unknown[] = [];
      for (const [line, intent, slots = {}] of lines) {
        // A line no sample matches is AMAZON.FallbackIntent: a miss like any other.
        const got = await resolve(line);
        const sorted = (s: Record<string, string | undefined>) => JSON.stringify(Object.entries(s).sort());
        if (got.intent !== intent || sorted(got.slots) !== sorted(slots))
          missed.push({ line, want: { intent, slots }, got });
      }
      const share = (lines.length - missed.length) / lines.length;
      process.stdout.write(
        `${locale}, ${name} batch: ${lines.length - missed.length}/${lines.length} held-out phrasings resolve right (${(share * 100).toFixed(0)} %)\n` +
          missed.map((m) => `  missed: ${JSON.stringify(m)}\n`).join(''),
      );
      expect(lines.length).toBeGreaterThanOrEqual(20);
      if (share < REQUIRED_SHARE) expect(missed).toEqual([]);
    },
  );
});
