// Alexa in front of the custom skill, for the sandbox and every conversation test: one place that turns
// what a person says inside a session into the request Alexa would send, and holds the skill's
// responses to what Alexa accepts.
//
// - Hearing: virtual-alexa matches the line against the real interaction model (models/<locale>.json),
//   after the recognition step Alexa does and virtual-alexa cannot (utterance.ts: number words as
//   digits, Japanese words spaced). Alexa's built-in intents hear more than the samples (phrases.ts).
//   A custom slot takes words outside its catalogue; a line nothing matches is AMAZON.FallbackIntent.
// - While a slot is elicited (the last response was Dialog.ElicitSlot), Alexa leans toward reading the
//   answer as that slot's value, so a one-word answer fills it (Amazon, "Use a Dialog Model to Manage
//   Ambiguous Responses"); the built-in Stop, Cancel and Help still win. The slot's value carries entity
//   resolution (ER_SUCCESS_MATCH with the catalogue entry's id, or ER_SUCCESS_NO_MATCH), as Alexa sends
//   it (Amazon, "Entity Resolution"); virtual-alexa fills it from the model's values and synonyms.
// - Refusing: each response is checked with the rules Alexa applies (`check`); a refused response is
//   not spoken, and the session ends as Alexa ends it.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { VirtualAlexa } from 'virtual-alexa';
import { SessionEndedReason } from 'virtual-alexa/lib/src/core/SkillRequest';
import { catalogueNames, elicitedSlotMatcher, openSlotMatcher, utteranceTokenizer } from './utterance';

export interface CustomSkillStandInOptions {
  /** The interaction model as models/<locale>.json holds it. */
  model: unknown;
  locale: string;
  skillId: string;
  /** The skill, given the request Alexa sends (the caller may add what its Echo carries). */
  handler: (request: RequestEnvelope) => Promise<ResponseEnvelope>;
  /** What Alexa's built-in intents hear in this language (phrases.ts, phrases-ja.ts). */
  builtInIntent: (line: string) => string | undefined;
  /** Alexa's rules for a response to a request: why Alexa would refuse it, or undefined. */
  check?: (request: RequestEnvelope, response: ResponseEnvelope) => string | undefined;
}

export interface Heard {
  response: ResponseEnvelope;
  /** The request Alexa sent for the line. */
  request: RequestEnvelope;
  /** How Alexa heard the line, when it was not a plain sample match. */
  note?: string;
  /** Why Alexa refused the response: then nothing of it is spoken and the session is over. */
  refused?: string;
}

/** The slot a response elicits (Dialog.ElicitSlot), on its updated intent with the values it keeps. */
export interface Elicitation { intent: string; slot: string; slots: Record<string, string> }

export interface CustomSkillStandIn {
  launch(): Promise<Heard>;
  /** A line spoken inside the skill (the invocation name already taken off). */
  say(line: string): Promise<Heard>;
  /** The session's state: the slot being elicited, if any. */
  eliciting(): Elicitation | undefined;
  /** Alexa's context (user, device, access token), as virtual-alexa keeps it. */
  readonly alexa: VirtualAlexa;
}

export function customSkillStandIn(options: CustomSkillStandInOptions): CustomSkillStandIn {
  let lastRequest: RequestEnvelope | undefined;
  const alexa = VirtualAlexa.Builder()
    .handler((request: RequestEnvelope) => options.handler(request))
    .interactionModel(options.model)
    .locale(options.locale)
    .applicationID(options.skillId)
    .create();
  alexa.filter((request: RequestEnvelope) => {
    lastRequest = request;
  });
  const tokenize = utteranceTokenizer(options.locale, catalogueNames(options.model));
  const openSlot = openSlotMatcher(options.model, options.locale);
  const elicitedAnswer = elicitedSlotMatcher(options.model, options.locale);
  let asked: Elicitation | undefined;
  // The built-in intents' own samples ("yes", "no thanks"): a whole line that is one is that intent, elicited slot or not.
  const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s、。.,!?]+/gu, ' ').trim();
  const builtInSamples = new Map(((options.model as ModelShape).interactionModel?.languageModel?.intents ?? [])
    .filter((i) => i.name.startsWith('AMAZON.')).flatMap((i) => (i.samples ?? []).map((s) => [squash(s), i.name] as const)));
  const builtInSample = (line: string): string | undefined => builtInSamples.get(squash(line));

  const heard = async (send: () => Promise<unknown>, note?: string): Promise<Heard> => {
    const response = (await send()) as ResponseEnvelope;
    const request = lastRequest!;
    const refused = options.check?.(request, response);
    asked = refused === undefined ? elicitationOf(response) : undefined;
    if (refused !== undefined) {
      // Alexa ends the session and tells the skill why (SessionEndedRequest, reason ERROR).
      await alexa.endSession(SessionEndedReason.ERROR, { type: 'INVALID_RESPONSE', message: refused }).catch(() => undefined);
    }
    return { response, request, ...(note && { note }), ...(refused !== undefined && { refused }) };
  };

  const say = async (line: string): Promise<Heard> => {
    const elicited = asked;
    asked = undefined;
    const builtIn = options.builtInIntent(line) ?? builtInSample(line);
    if (elicited) {
      if (builtIn !== undefined) return heard(() => alexa.intend(builtIn), `Alexa's built-in ${builtIn} hears this`);
      const answer = elicitedAnswer(elicited.intent, elicited.slot, line);
      if (answer !== undefined) {
        return heard(() => alexa.intend(elicited.intent, { ...elicited.slots, [elicited.slot]: answer }),
          `the answer to the question, sent as ${elicited.intent} with ${elicited.slot} "${answer}"`);
      }
    }
    try {
      return await heard(() => alexa.utter(tokenize(line)));
    } catch (e) {
      if (!(e instanceof Error && /Unable to match utterance/i.test(e.message))) throw e;
    }
    if (builtIn !== undefined) return heard(() => alexa.intend(builtIn), `Alexa's built-in ${builtIn} hears this`);
    const open = openSlot(line);
    if (open) return heard(() => alexa.intend(open.intent, open.slots), `a name outside the model's catalogue, sent as ${open.intent}`);
    // Real Alexa sends what no sample phrase matches to the skill's FallbackIntent.
    return heard(() => alexa.intend('AMAZON.FallbackIntent'), 'no sample phrase matched, so Alexa sent FallbackIntent');
  };

  return {
    launch: () => {
      asked = undefined;
      return heard(() => alexa.launch());
    },
    say,
    eliciting: () => asked,
    alexa,
  };
}

interface ModelShape { interactionModel?: { languageModel?: { intents?: { name: string; samples?: string[] }[] } } }

function elicitationOf(envelope: ResponseEnvelope): Elicitation | undefined {
  const directive = envelope.response.directives?.find((d) => d.type === 'Dialog.ElicitSlot');
  if (directive?.type !== 'Dialog.ElicitSlot' || !directive.updatedIntent) return undefined;
  const slots: Record<string, string> = {};
  for (const [name, slot] of Object.entries(directive.updatedIntent.slots ?? {})) if (typeof slot.value === 'string') slots[name] = slot.value;
  return { intent: directive.updatedIntent.name, slot: directive.slotToElicit, slots };
}
