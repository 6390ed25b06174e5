// A line as Alexa hears a one-shot request ("ask tv remote to <line>") with the real interaction model
// of a locale, without the skill: which intent, with which slot values. The line goes through the
// Alexa stand-in the sandbox and the conversation tests use (src/local/sandbox/custom-skill.ts: its
// recognition step, its built-in intents' tables, custom slot words outside the catalogue, FallbackIntent
// for a line nothing matches), so every measurement hears a line one way, in one place.
import { readFileSync } from 'node:fs';
import { customSkillStandIn } from '../../../src/local/sandbox/custom-skill';
import { modelFile, type ModelLocale } from '../../../models/locales';
import { SKILL_ID } from './requests';

export type Resolved = { intent?: string; slots: Record<string, string | undefined> };

// Each model read once: the stand-in's hearing is built once per model object (src/local/sandbox/utterance.ts),
// so a resolver made per test row shares it instead of hashing and compiling a fresh read.
const MODELS = new Map<ModelLocale, unknown>();
const modelOf = (locale: ModelLocale): unknown => {
  if (!MODELS.has(locale)) MODELS.set(locale, JSON.parse(readFileSync(modelFile(locale), 'utf8')) as unknown);
  return MODELS.get(locale);
};

/** Resolves typed lines as one-shot requests; the request is recorded, the skill itself is not under test. */
export function resolver(locale: ModelLocale): (line: string) => Promise<Resolved> {
  const standIn = customSkillStandIn({
    model: modelOf(locale),
    locale,
    skillId: SKILL_ID,
    handler: async () => ({ version: '1.0', response: { shouldEndSession: true } }),
    echo: {
      userId: 'amzn1.ask.account.model-resolver',
      deviceId: 'echo-model-resolver',
      apiEndpoint: 'https://api.amazonalexa.com',
      apiAccessToken: 'unused',
    },
  });
  return async (line) => {
    const { request } = (await standIn.ask(line)).request;
    if (request.type !== 'IntentRequest') return { slots: {} };
    const slots: Record<string, string | undefined> = {};
    for (const [name, slot] of Object.entries(request.intent.slots ?? {})) if (slot.value) slots[name] = slot.value;
    return { intent: request.intent.name, slots };
  };
}
