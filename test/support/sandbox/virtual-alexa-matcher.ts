// The hearing the compiled sample trie replaced, kept as its reference: virtual-alexa's sample-by-sample
// scan over the same recognised samples. test/local/sample-trie.test.ts holds the two to the same answers.
import type { Slot } from 'ask-sdk-model';
import { VirtualAlexa } from 'virtual-alexa';
import { SampleUtterances } from 'virtual-core';
import type { SamplePhrase } from 'virtual-core/lib/src/SampleUtterances';
import {
  catalogueNames,
  recognisedSample,
  utteranceTokenizer,
  type ModelMatch,
  type ModelMatcher,
} from '../../../src/local/sandbox/utterance';

// virtual-core builds each sample's RegExp anew for every line it tests (SamplePhrase.regex), most of
// this reference's cost; each is kept here instead. No answer changes: the pattern is fixed when the
// sample is added, and String.prototype.match with a RegExp that is not global keeps no state.
const phrases = new SampleUtterances();
phrases.addSample('Any', 'any');
const samplePhrase = Object.getPrototypeOf(phrases.samplesForIntent('Any')[0]) as SamplePhrase;
const buildRegex = samplePhrase.regex;
const regexes = new WeakMap<SamplePhrase, RegExp>();
samplePhrase.regex = function (this: SamplePhrase): RegExp {
  let regex = regexes.get(this);
  if (regex === undefined) regexes.set(this, (regex = buildRegex.call(this)));
  return regex;
};

interface ModelShape {
  interactionModel?: { languageModel?: { intents?: { samples?: string[] }[] } };
}

export function virtualAlexaMatcher(model: unknown, locale: string, skillId: string): ModelMatcher {
  type Captured = { request?: { intent?: { name?: string; slots?: Record<string, Slot> } } } | undefined;
  let captured: Captured;
  const last = (): Captured => captured;
  const tokenize = utteranceTokenizer(locale, catalogueNames(model));
  const copy = structuredClone(model) as ModelShape;
  for (const intent of copy.interactionModel?.languageModel?.intents ?? [])
    intent.samples = intent.samples?.map((s) => recognisedSample(s, tokenize));
  const alexa = VirtualAlexa.Builder()
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- virtual-alexa awaits its handler; its typing says void
    .handler(async (request: Captured) => {
      captured = request;
      return { version: '1.0', response: { shouldEndSession: true } };
    })
    .interactionModel(copy)
    .locale(locale)
    .applicationID(skillId)
    .create();
  // Invocations are heard before a line reaches the matcher: here "what can I ask" is a line, not a launch.
  Object.assign(alexa, { parseLaunchRequest: () => undefined });
  const filled = (): Record<string, Slot> =>
    Object.fromEntries(
      Object.entries(last()?.request?.intent?.slots ?? {}).filter(
        ([, slot]) => typeof slot.value === 'string' && slot.value.trim() !== '',
      ),
    );
  return {
    async match(line): Promise<ModelMatch | undefined> {
      const heard = tokenize(line);
      if (heard === '') return undefined;
      captured = undefined;
      try {
        await alexa.utter(heard);
      } catch (e) {
        if (e instanceof Error && /Unable to match utterance/i.test(e.message)) return undefined;
        throw e;
      }
      const intent = last()?.request?.intent?.name;
      if (intent === undefined || intent.startsWith('AMAZON.')) return undefined;
      const slots = filled();
      const rest = Object.values(slots).reduce((text, slot) => text.replace(String(slot.value), ' '), heard);
      return { intent, slots, slotsOnly: rest.replace(/[\s、。.,!?]+/gu, '') === '' };
    },
    async fill(intent, words) {
      captured = undefined;
      await alexa.intend(intent, words);
      return filled();
    },
  };
}
