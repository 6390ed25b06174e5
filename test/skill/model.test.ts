// The interaction model: every sample utterance must reach its own intent (virtual-alexa picks one
// match per phrase, so a collision would send a user to the wrong handler), with valid sample text.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { VirtualAlexa } from 'virtual-alexa';
import { TV_INTENTS, SLOT } from '../../src/skill/intents';

const MODEL = path.join(__dirname, '../../models/en-US.json');

interface ModelIntent {
  name: string;
  samples: string[];
  slots?: { name: string; type: string }[];
}

const model = JSON.parse(readFileSync(MODEL, 'utf8')) as {
  interactionModel: { languageModel: { invocationName: string; intents: ModelIntent[]; types: unknown[] } };
};
const { invocationName, intents } = model.interactionModel.languageModel;
const samples = intents.flatMap((i) => i.samples.map((sample) => ({ intent: i.name, sample })));

/** Records the intent each utterance resolves to; the skill itself is not under test here. */
function recordingAlexa(): { alexa: VirtualAlexa; resolved: () => { intent?: string; slots: Record<string, string | undefined> } } {
  let last: { request?: { intent?: { name: string; slots?: Record<string, { value?: string }> } } } = {};
  const alexa = VirtualAlexa.Builder()
    .handler(async () => ({ version: '1.0', response: { shouldEndSession: true } }))
    .interactionModelFile(MODEL)
    .create();
  alexa.filter((request: typeof last) => {
    last = request;
  });
  return {
    alexa,
    resolved: () => {
      const slots: Record<string, string | undefined> = {};
      for (const [name, slot] of Object.entries(last.request?.intent?.slots ?? {})) slots[name] = slot.value;
      return { intent: last.request?.intent?.name, slots };
    },
  };
}

it('is invoked as "tv remote"', () => {
  expect(invocationName).toBe('tv remote');
});

it('declares every TV intent the skill handles, and the built-ins it answers', () => {
  expect(intents.map((i) => i.name).sort()).toEqual([
    ...TV_INTENTS,
    'AMAZON.CancelIntent', 'AMAZON.FallbackIntent', 'AMAZON.HelpIntent', 'AMAZON.NavigateHomeIntent', 'AMAZON.StopIntent',
  ].sort());
});

it('gives the number slots the names the handlers read, typed AMAZON.NUMBER', () => {
  const slotsOf = (name: string) => intents.find((i) => i.name === name)?.slots;
  expect(slotsOf('SetChannelIntent')).toEqual([expect.objectContaining({ name: SLOT.channel, type: 'AMAZON.NUMBER' })]);
  for (const name of ['NextChannelIntent', 'PreviousChannelIntent']) {
    expect(slotsOf(name)).toEqual([expect.objectContaining({ name: SLOT.count, type: 'AMAZON.NUMBER' })]);
  }
  for (const name of ['VolumeUpIntent', 'VolumeDownIntent']) {
    expect(slotsOf(name)).toEqual([expect.objectContaining({ name: SLOT.steps, type: 'AMAZON.NUMBER' })]);
  }
});

it('has many samples for every TV intent, written as ASK accepts them', () => {
  for (const name of TV_INTENTS) expect(intents.find((i) => i.name === name)?.samples.length).toBeGreaterThanOrEqual(15);
  // Lower-case words, apostrophes and {slot} references only: ASK rejects digits and punctuation.
  for (const { sample } of samples) expect(sample).toMatch(/^(?:[a-z']+|\{[a-z]+\})(?: (?:[a-z']+|\{[a-z]+\}))*$/);
});

it('uses no sample twice, in one intent or across intents', () => {
  const seen = samples.map((s) => s.sample.toLowerCase());
  expect(seen.length).toBe(new Set(seen).size);
});

it('offers no mute: it is not part of the device-cloud interface', () => {
  expect(samples.filter((s) => /\bmute\b/.test(s.sample))).toEqual([]);
});

it.each(samples.map((s) => [s.sample, s.intent] as const))('"%s" reaches %s', async (sample, intent) => {
  const { alexa, resolved } = recordingAlexa();
  await alexa.utter(sample.replace(/\{[a-z]+\}/g, '3'));
  const got = resolved();
  expect(got.intent).toBe(intent);
  const slotNames = [...sample.matchAll(/\{([a-z]+)\}/g)].map((m) => m[1]);
  for (const slot of slotNames) expect(got.slots[slot]).toBe('3');
});
