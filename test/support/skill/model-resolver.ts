// A line as the real interaction model of a locale resolves it (virtual-alexa, with the sandbox's
// tokenizer), without the skill: which intent, with which slot values.
import { VirtualAlexa } from 'virtual-alexa';
import { buildModel, modelFile, type ModelLocale } from '../../../models/build';
import { catalogueNames, utteranceTokenizer } from '../../../src/local/sandbox/utterance';

export type Resolved = { intent?: string; slots: Record<string, string | undefined> };

/** Resolves typed lines as the sandbox does; records the request, the skill itself is not under test. */
export function resolver(locale: ModelLocale): (line: string) => Promise<Resolved> {
  let last: { request?: { intent?: { name: string; slots?: Record<string, { value?: string }> } } } = {};
  const alexa = VirtualAlexa.Builder()
    .handler(async () => ({ version: '1.0', response: { shouldEndSession: true } }))
    .interactionModelFile(modelFile(locale))
    .locale(locale)
    .create();
  alexa.filter((request: typeof last) => {
    last = request;
  });
  const tokenize = utteranceTokenizer(locale, catalogueNames(buildModel(locale)));
  return async (line) => {
    last = {};
    await alexa.utter(tokenize(line));
    const slots: Record<string, string | undefined> = {};
    for (const [name, slot] of Object.entries(last.request?.intent?.slots ?? {})) if (slot.value) slots[name] = slot.value;
    return { intent: last.request?.intent?.name, slots };
  };
}

