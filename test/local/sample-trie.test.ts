// The stand-in's hearing compiled once per model (src/local/sandbox/sample-trie.ts, through `modelMatcher`
// in utterance.ts): what a line is heard as, each behaviour where it applies and where it must not, and
// each answer the same as the sample-by-sample scan it replaced (virtual-alexa, the reference kept in
// test/support/sandbox/virtual-alexa-matcher.ts), on a small model written for the edges and on the
// real models with lines made from their own samples.
import { readFileSync } from 'node:fs';
import { modelMatcher, type ModelMatch } from '../../src/local/sandbox/utterance';
import { compileSampleTrie } from '../../src/local/sandbox/sample-trie';
import { modelFile } from '../../models/locales';
import { HELD_OUT } from '../skill/held-out-phrasings';
import { heardLines } from '../support/sandbox/heard-lines';
import { virtualAlexaMatcher } from '../support/sandbox/virtual-alexa-matcher';

const SKILL_ID = 'amzn1.ask.skill.sample-trie';

const MODEL = {
  interactionModel: {
    languageModel: {
      invocationName: 'tv remote',
      intents: [
        {
          name: 'TurnOnIntent',
          slots: [{ name: 'tv', type: 'TV_NAME' }],
          samples: ['turn on the tv', 'turn on the {tv} tv', 'turn on {tv}', 'power on'],
        },
        {
          name: 'VolumeUpIntent',
          slots: [
            { name: 'count', type: 'AMAZON.NUMBER' },
            { name: 'tv', type: 'TV_NAME' },
          ],
          samples: ['volume up', 'volume up {count}', 'volume up {count} on the {tv} tv', 'turn it up {count} notches'],
        },
        {
          name: 'SearchIntent',
          slots: [{ name: 'query', type: 'AMAZON.SearchQuery' }],
          samples: ['search for {query}', 'find {query} please'],
        },
        { name: 'RoomIntent', slots: [{ name: 'room', type: 'AMAZON.Room' }], samples: ['light up the {room}'] },
        { name: 'PowerOffIntent', samples: ['power off', 'off please'] },
        { name: 'AMAZON.StopIntent', samples: [] },
        { name: 'AMAZON.HelpIntent', samples: ['what can i say'] },
      ],
      types: [
        {
          name: 'TV_NAME',
          values: [
            { id: 'den', name: { value: 'den', synonyms: ['study', 'den room'] } },
            { id: 'kitchen', name: { value: 'kitchen' } },
          ],
        },
        // An extended built-in type: its catalogue resolves, and any other words still fill it.
        { name: 'AMAZON.Room', values: [{ id: 'hall', name: { value: 'hall', synonyms: ['hallway'] } }] },
      ],
    },
  },
};

type Heard = { intent: string; slots: Record<string, string> } | undefined;
const brief = (match: ModelMatch | undefined): Heard =>
  match && {
    intent: match.intent,
    slots: Object.fromEntries(Object.entries(match.slots).map(([name, slot]) => [name, String(slot.value)])),
  };

describe('a line against a small model, heard as the scan heard it', () => {
  const trie = modelMatcher(MODEL, 'en-US', SKILL_ID);
  const scan = virtualAlexaMatcher(MODEL, 'en-US', SKILL_ID);

  it.each<[string, string, Heard]>([
    ['a whole sample', 'turn on the tv', { intent: 'TurnOnIntent', slots: {} }],
    ['case and punctuation do not count', 'Turn ON, the TV!', { intent: 'TurnOnIntent', slots: {} }],
    ['a catalogue value in its slot', 'turn on the den tv', { intent: 'TurnOnIntent', slots: { tv: 'den' } }],
    ['a synonym, as said', 'turn on the den room tv', { intent: 'TurnOnIntent', slots: { tv: 'den room' } }],
    ['a name outside the catalogue fills no custom slot', 'turn on the shed tv', undefined],
    [
      'the most fixed words win: "the {tv} tv" over "{tv}"',
      'turn on the kitchen tv',
      { intent: 'TurnOnIntent', slots: { tv: 'kitchen' } },
    ],
    ['a number in words is digits in its slot', 'volume up three', { intent: 'VolumeUpIntent', slots: { count: '3' } }],
    [
      'a number beside a name',
      'volume up 2 on the study tv',
      { intent: 'VolumeUpIntent', slots: { count: '2', tv: 'study' } },
    ],
    ['a number slot takes no words', 'volume up lots', undefined],
    ['a slot glued to the words beside it fills nothing', 'turn onkitchen', undefined],
    ['words beyond the sample', 'turn on the tv now', undefined],
    ['words missing from the sample', 'turn on the', undefined],
    [
      'a type the model does not define takes any words',
      'search for funny cat videos',
      { intent: 'SearchIntent', slots: { query: 'funny cat videos' } },
    ],
    [
      'an extended built-in type takes its catalogue',
      'light up the hallway',
      { intent: 'RoomIntent', slots: { room: 'hallway' } },
    ],
    ['and any other words', 'light up the attic', { intent: 'RoomIntent', slots: { room: 'attic' } }],
    ["a line fit best by a built-in intent's phrase is no custom intent", 'off', undefined],
    ['a custom sample is heard beside the built-in ones', 'off please', { intent: 'PowerOffIntent', slots: {} }],
    ["a model's own sample of a built-in intent is no custom intent", 'what can i say', undefined],
    ['"exit" ends the session: no intent', 'exit', undefined],
    ['nothing said', '  ', undefined],
  ])('%s: "%s"', async (_what, line, heard) => {
    expect(brief(await trie.match(line))).toEqual(heard);
    expect(await trie.match(line)).toEqual(await scan.match(line));
  });

  it.each<[string, Record<string, string>]>([
    ['TurnOnIntent', { tv: 'study' }],
    ['TurnOnIntent', { tv: 'shed' }],
    ['VolumeUpIntent', { count: '4', tv: 'KITCHEN' }],
    ['RoomIntent', { room: 'hall' }],
    ['SearchIntent', { query: 'news' }],
    ['VolumeUpIntent', { count: '' }],
  ])('%s with %j: the same slots, entity resolution included', async (intent, words) => {
    expect(await trie.fill(intent, words)).toEqual(await scan.fill(intent, words));
  });

  it("resolves a synonym to its value's id, and a name outside the catalogue to no match", async () => {
    const slots = await trie.fill('TurnOnIntent', { tv: 'study' });
    expect(slots.tv?.resolutions?.resolutionsPerAuthority?.[0]).toEqual({
      authority: `amzn1.er-authority.echo-sdk.${SKILL_ID}.TV_NAME`,
      values: [{ value: { id: 'den', name: 'den' } }],
      status: { code: 'ER_SUCCESS_MATCH' },
    });
    expect(
      (await trie.fill('TurnOnIntent', { tv: 'shed' })).tv?.resolutions?.resolutionsPerAuthority?.[0]?.status.code,
    ).toBe('ER_SUCCESS_NO_MATCH');
  });

  it('refuses a slot the intent does not declare, and an intent the model does not have', async () => {
    await expect(trie.fill('TurnOnIntent', { count: '3' })).rejects.toThrow(/undefined slot/);
    await expect(trie.fill('DanceIntent', {})).rejects.toThrow(/no intent named/);
  });
});

describe("samples the trie cannot hold are still heard, the scan's way", () => {
  // A sample with a regular expression's characters in its text ("?" after NFKC of "？"), and a line with a line break.
  const model = structuredClone(MODEL);
  model.interactionModel.languageModel.intents[0]!.samples.push('is the {tv} tv on?');
  const trie = compileSampleTrie(model, SKILL_ID, (s) => s);

  it("counts them: the model's fifteen, and the five phrases of its two built-in intents", () => {
    expect(trie.size).toEqual({ samples: 15 + 5, regex: 1 });
  });

  it.each<[string, string, ReturnType<typeof trie.match>]>([
    [
      '"?" is a regular expression\'s: the scan read "on?" as "o" and an optional "n"',
      'is the den tv o',
      { intent: 'TurnOnIntent', values: [{ name: 'tv', value: 'den' }] },
    ],
    ['a line break stops a slot', 'turn on the den\ntv', undefined],
  ])('%s: %j', (_what, line, heard) => {
    expect(trie.match(line)).toEqual(heard);
  });
});

describe.each(['en-US', 'ja-JP'] as const)('the real %s model heard as the scan heard it', (locale) => {
  const model: unknown = JSON.parse(readFileSync(modelFile(locale), 'utf8'));
  const trie = modelMatcher(model, locale, SKILL_ID);
  const scan = virtualAlexaMatcher(model, locale, SKILL_ID);
  // The held-out phrasings, and lines made from the model's samples (filled, cut, padded, shouted).
  // The scan takes milliseconds a line on a model this size: every fourth held-out phrasing stands for them.
  const held = HELD_OUT[locale === 'ja-JP' ? 'ja' : 'en']
    .flatMap((b) => b.lines.map(([line]) => line))
    .filter((_l, i) => i % 4 === 0);
  const lines = [...held, ...heardLines(model, locale, 100)];

  it(`every line (${lines.length}), matched or not, gets the same intent and slots`, async () => {
    const differ: unknown[] = [];
    for (const line of lines) {
      const [a, b] = [await trie.match(line), await scan.match(line)];
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push({ line, trie: a, scan: b });
    }
    expect(differ).toEqual([]);
  });
});
