// Alexa in front of the custom skill, for the sandbox and every conversation test: one place that turns
// what a person says to an Echo into the request Alexa would send, and holds the skill's responses to
// what Alexa accepts. Every request is built here, fresh; utterance.ts only matches a line against the
// model (`hearingOf`, compiled once per model). What Alexa does around the match, each with its Amazon source:
//
// - Invocation (phrases.ts `customSkillLine`, phrases-ja.ts): a LaunchRequest only for an invocation
//   without a request; an invocation with one sends that request's IntentRequest. "A skill session begins
//   when a user invokes your skill" (SESSION_PAGE): every invocation starts a new session (`new` true,
//   no attributes), one typed while a session is open included.
// - The session: Alexa sends back the attributes the last response set; `shouldEndSession` false keeps
//   it open (the microphone open), true ends it, and then the skill gets no SessionEndedRequest
//   (SESSION_PAGE). Left out, it depends on the device: "If the device has a screen and the skill
//   displays screen content, the session stays open for up to 30 more seconds, without opening the
//   microphone to prompt the user for input", and a request said after the wake word goes to the skill
//   (JSON_REFERENCE, shouldEndSession; SESSION_PAGE, shouldEndSession undefined;
//   ja-JP 「デバイスに画面があり、スキルの応答に視覚コンテンツが含まれている場合、セッションは最大30秒間
//   開いたままになります。ただし、マイクをオンにしてユーザーに入力を求めることはありません」); on one
//   without, it ends. "exit" or "quit" ends it at once with a SessionEndedRequest (USER_INITIATED) that
//   the skill cannot answer (REQUEST_TYPES, SessionEndedRequest).
// - The screen (an Echo whose `screen` is set: APL in supportedInterfaces, its Viewport; APL_INTERFACE):
//   the last RenderDocument of the session is on it, and goes with the session. A touch on one of its
//   keys is the Alexa.Presentation.APL.UserEvent the key's SendEvent sends (SEND_EVENT; the arguments read
//   off the document by apl-touch.ts), a request of the open session like any other: the same session id,
//   `new` false, the attributes the last response set, and its own response's attributes carry on to the
//   next request: the screen is the open session's (SESSION_PAGE, "How devices with screens affect the
//   skill session", ja-JP 「ユーザーが画面付きデバイスを使ってスキルを呼び出した場合、マイクがオフになった後も
//   最大30秒間は画面が開いたままになります」).
//   When those 30 seconds pass (`timeOut`) the session and the screen end together, so there is nothing
//   left to touch; no SessionEndedRequest is sent for it, as REQUEST_TYPES names no reason for one (its
//   reasons: the user's exit, no answer while the microphone is open, an error).
// - Requests: "intent.slots" are the intent's own declared slots, those the line filled with a value,
//   the others without one; nothing carries over from one intent to the next: "a dialog is tied to a
//   specific intent" (REQUEST_TYPES, IntentRequest; DIALOG_REFERENCE, ja-JP 「会話は…特定のインテントと
//   結び付けられています」).
// - The dialog: `dialogState` only on the intents of the model's dialog model (built-in intents have none),
//   STARTED on the first turn of a dialog, IN_PROGRESS on the turns that answer the skill's Dialog
//   directive (ElicitSlot, ConfirmSlot, ConfirmIntent) for the intent it names, whose slots (updatedIntent)
//   come back with the answer; COMPLETED only after Dialog.Delegate, which the skill does not send
//   (REQUEST_TYPES, dialogState; DIALOG_REFERENCE). A confirmation's yes or no comes back as the intent
//   (or slot) CONFIRMED or DENIED (DIALOG_REFERENCE, ConfirmIntent, ConfirmSlot).
// - A pending question (Dialog.ElicitSlot): "exit", a built-in phrase or a line that is a whole sample of
//   an intent (words beyond slot values: "turn off the bedroom tv") is that, as it would be anywhere; a
//   short answer that fits the elicited slot is the answer, and where a line could be either (slot values
//   alone: "5", 「寝室」), Alexa leans toward the elicited slot (AMBIGUITY_PAGE).
// - Built-in intents hear one table per language (phrases.ts `builtInIntent`, phrases-ja.ts) and the
//   samples the model adds to them; a custom slot takes words outside its catalogue too; a line nothing
//   matches is AMAZON.FallbackIntent.
// - The context: the user, the linked token, the device, Alexa's API; `permissions` (a consent token)
//   only once the user granted one (JSON_REFERENCE, System object).
// - Refusing: each response is checked with the rules Alexa applies (`check`, src/local/alexa/rules.ts);
//   a refused response is not spoken, and Alexa ends the session (SessionEndedRequest, reason ERROR).
//
// The pages, on developer.amazon.com/en-US/docs/alexa/custom-skills/: SESSION_PAGE "Manage the Skill
// Session and Session Attributes" (manage-skill-session-and-session-attributes.html); REQUEST_TYPES
// "Request Types Reference" (request-types-reference.html); JSON_REFERENCE "Request and Response JSON
// Reference" (request-and-response-json-reference.html); DIALOG_REFERENCE "Dialog Interface Reference"
// (dialog-interface-reference.html); AMBIGUITY_PAGE "Use a Dialog Model to Manage Ambiguous Responses"
// (use-a-dialog-model-to-manage-ambiguous-responses.html). On developer.amazon.com/en-US/docs/alexa/
// alexa-presentation-language/: APL_INTERFACE "Alexa.Presentation.APL Interface Reference" (apl-interface.html:
// supportedInterfaces, the UserEvent request); SEND_EVENT "SendEvent Command" (apl-send-event-command.html:
// "Generate and send an Alexa.Presentation.APL.UserEvent request to your skill").
import { randomUUID } from 'node:crypto';
import type { IntentRequest, interfaces, Request, RequestEnvelope, ResponseEnvelope, SessionEndedReason, Slot } from 'ask-sdk-model';
import { manifestTakes, screenOfViewport } from '../alexa/apl-rules';
import { keyLabelled, keysOf } from '../alexa/apl-touch';
import { hasDialogModel } from '../alexa/dialog-rules';
import { isJapanese } from '../../language';
import { USER_EVENT } from '../../skill/screen/device';
import { builtInIntent, customSkillLine, endsSession } from './phrases';
import { builtInIntentJa, customSkillLineJa } from './phrases-ja';
import { documentToken, RENDER_DOCUMENT, withScreen, type EchoScreen } from './screen';
import { hearingOf } from './utterance';

/** The Echo and its user, as `context.System` shows them. */
export interface EchoContext {
  userId: string;
  /** The linked account's token (account linking), sent with every request once linked. */
  accessToken?: string;
  deviceId: string;
  apiEndpoint: string;
  apiAccessToken: string;
  /** Only once the user granted the skill a permission (the address): Alexa then sends a consent token. */
  consentToken?: string;
  /** An Echo with a screen (an Echo Show): its APL runtime and its Viewport, in every request. */
  screen?: EchoScreen;
}

export interface CustomSkillStandInOptions {
  /** The interaction model as models/<locale>.json holds it. */
  model: unknown;
  locale: string;
  skillId: string;
  /** The skill, given the request Alexa sends. */
  handler: (request: RequestEnvelope) => Promise<ResponseEnvelope>;
  echo: EchoContext;
  /** Alexa's rules for a response to a request: why Alexa would refuse it, or undefined. */
  check?: (request: RequestEnvelope, response: ResponseEnvelope) => string | undefined;
  /** The skill manifest (skill/skill.json): a screen none of its supportedViewports takes gets no APL. */
  manifest?: unknown;
}

export interface Heard {
  response: ResponseEnvelope;
  /** The request Alexa sent for the line. */
  request: RequestEnvelope;
  /** How Alexa heard the line, when it was not a plain sample match. */
  note?: string;
  /** Why Alexa refused the response: then nothing of it is spoken and the session is over. */
  refused?: string;
  /** Alexa says nothing of the response: the request was a SessionEndedRequest. */
  silent?: true;
}

/** A touch on the screen: what Alexa sent and the skill answered, and the key's label; or why there is none. */
export type Touched = (Heard & { key: string }) | { problem: string };

/** The slot a response elicits (Dialog.ElicitSlot), on its updated intent with the values it keeps. */
export interface Elicitation { intent: string; slot: string; slots: Record<string, string> }

export interface CustomSkillStandIn {
  /**
   * A line said to the Echo (after the wake word): an invocation opens the skill or asks it once, and
   * inside an open session every line goes to the skill. Undefined for a line that is not for the skill.
   */
  hear(line: string): Promise<Heard | undefined>;
  /** "open <invocation name>". */
  launch(): Promise<Heard>;
  /** An invocation with a request ("ask <invocation name> to <request>"): the request in a new session. */
  ask(request: string): Promise<Heard>;
  /** A line inside the open session (without the invocation name). */
  say(line: string): Promise<Heard>;
  /** Alexa heard `intent` with these words in its slots, in the open session (a value no line of the model gives). */
  intend(intent: string, words?: Record<string, string>): Promise<Heard>;
  /** The session ends without the skill ending it (the user said nothing: EXCEEDED_MAX_REPROMPTS). */
  end(reason: SessionEndedReason): Promise<Heard>;
  /** The key labelled `label` of the document on the screen is touched, in the open session. */
  touch(label: string): Promise<Touched>;
  /** The RenderDocument directive on the screen, if any (none once the session is over). */
  shown(): unknown;
  /** The screen's 30 seconds pass with no request: the session ends with the screen, and nothing is sent. */
  timeOut(): void;
  /** The session is open and Alexa is listening (the last response kept it with `shouldEndSession` false). */
  listening(): boolean;
  /** The slot being elicited, if any. */
  eliciting(): Elicitation | undefined;
  sessionOpen(): boolean;
  /** The Echo and its user; change them between lines as the tests need. */
  readonly echo: EchoContext;
}

type DialogDirective = 'Dialog.ElicitSlot' | 'Dialog.ConfirmSlot' | 'Dialog.ConfirmIntent';
/** The dialog the last response continued: the intent it names, its slots, and what it asked. */
interface Dialog { intent: string; slots: Record<string, Slot>; directive: DialogDirective; slot?: string }
interface Session { id: string; isNew: boolean; attributes: Record<string, unknown>; dialog?: Dialog; shown?: unknown; listening?: boolean }

interface ModelShape {
  interactionModel?: {
    languageModel?: { invocationName?: string; intents?: { name: string; samples?: string[]; slots?: { name: string }[] }[] };
    dialog?: { intents?: { name: string }[] };
  };
}

export function customSkillStandIn(options: CustomSkillStandInOptions): CustomSkillStandIn {
  const { model, locale } = options;
  const japanese = isJapanese(locale);
  const shape = (model as ModelShape).interactionModel;
  const intents = shape?.languageModel?.intents ?? [];
  const invocationName = shape?.languageModel?.invocationName ?? '';
  const invocation = (line: string) => (japanese ? customSkillLineJa(line) : customSkillLine(line, invocationName));
  // dialogState comes only with a dialog model (REQUEST_TYPES: "included if the skill meets the requirements to use the Dialog directives").
  const dialogIntents = new Set(hasDialogModel(model) ? (shape?.dialog?.intents ?? []).map((i) => i.name) : []);
  const { matcher, openSlot, elicitedAnswer, catalogue } = hearingOf(model, locale, options.skillId);
  // One table per language, and the samples the model adds to the built-ins ("yes please", 「お願いします」).
  const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s、。.,!?]+/gu, ' ').trim();
  const modelSamples = new Map(intents.filter((i) => i.name.startsWith('AMAZON.'))
    .flatMap((i) => (i.samples ?? []).map((s) => [squash(s), i.name] as const)));
  const builtIn = (line: string): string | undefined => (japanese ? builtInIntentJa(line) : builtInIntent(line)) ?? modelSamples.get(squash(line));
  const exits = (line: string): boolean => !japanese && endsSession(line);

  let session: Session | undefined;
  const echo: EchoContext = { ...options.echo };

  const envelope = (request: Request, open: Session): RequestEnvelope => {
    const user = {
      userId: echo.userId,
      ...(echo.accessToken !== undefined && { accessToken: echo.accessToken }),
      ...(echo.consentToken !== undefined && { permissions: { consentToken: echo.consentToken } }),
    };
    const application = { applicationId: options.skillId };
    const sent: RequestEnvelope = {
      version: '1.0',
      // "The attributes map is empty for requests where a new session has started" (JSON_REFERENCE).
      session: { new: open.isNew, sessionId: open.id, application, user, attributes: open.attributes },
      context: {
        System: {
          application, user, device: { deviceId: echo.deviceId, supportedInterfaces: {} }, apiEndpoint: echo.apiEndpoint, apiAccessToken: echo.apiAccessToken,
        },
      },
      request,
    };
    return echo.screen && showsApl(echo.screen) ? withScreen(sent, echo.screen) : sent;
  };
  // Alexa lists APL only for a screen one of the manifest's viewports takes (apl-rules.ts, manifestTakes).
  const showsApl = (screen: EchoScreen) => {
    const size = options.manifest === undefined ? undefined : screenOfViewport(screen.viewport);
    return options.manifest === undefined || (size !== undefined && manifestTakes(options.manifest, size));
  };
  const base = () => ({ requestId: `amzn1.echo-api.request.${randomUUID()}`, timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), locale });
  const newSession = (): Session => {
    session = { id: `amzn1.echo-api.session.${randomUUID()}`, isNew: true, attributes: {} };
    return session;
  };
  const openSession = (): Session => session ?? newSession();

  /** The intent's own declared slots: the filled ones with their values, the others with none. */
  const declared = (name: string, filled: Record<string, Slot>): Record<string, Slot> | undefined => {
    const names = intents.find((i) => i.name === name)?.slots?.map((s) => s.name) ?? [];
    if (names.length === 0) return undefined;
    return Object.fromEntries(names.map((slot) => [slot, filled[slot] ?? { name: slot, confirmationStatus: 'NONE' }]));
  };

  const send = async (request: Request, note?: string): Promise<Heard> => {
    const open = openSession();
    const sent = envelope(request, open);
    const response = await options.handler(sent);
    open.isNew = false;
    const refused = options.check?.(sent, response);
    if (refused !== undefined) {
      // Alexa ends the session and tells the skill why.
      await options.handler(envelope({ type: 'SessionEndedRequest', ...base(), reason: 'ERROR', error: { type: 'INVALID_RESPONSE', message: refused } }, open))
        .catch(() => undefined);
      session = undefined;
      return { response, request: sent, ...(note && { note }), refused };
    }
    const document = response.response.directives?.find((d) => d.type === RENDER_DOCUMENT);
    const listening = response.response.shouldEndSession === false;
    // Left out, on a screen showing what the response sent: open, the microphone closed (SESSION_PAGE).
    const shows = response.response.shouldEndSession === undefined && echo.screen !== undefined && document !== undefined;
    if ((listening || shows) && session === open) {
      open.attributes = response.sessionAttributes ?? {};
      open.dialog = dialogOf(response, request);
      open.listening = listening;
      if (document) open.shown = document;
    } else if (session === open) {
      session = undefined;
    }
    return { response, request: sent, ...(note && { note }) };
  };

  const touch = async (label: string): Promise<Touched> => {
    const shown = session?.shown;
    if (!shown) return { problem: 'Nothing is on the screen: the skill shows its keypad when it is opened on an Echo with a screen, until its session ends.' };
    const key = keyLabelled(shown, label);
    if (!key) return { problem: `No key "${label}" on the screen. The keys: ${keysOf(shown).map((k) => k.label).join(', ')}` };
    // APL_INTERFACE, UserEvent request: the document's token, the SendEvent's arguments, its source and components.
    const request: interfaces.alexa.presentation.apl.UserEvent = {
      type: USER_EVENT, ...base(), token: documentToken(shown), arguments: key.arguments,
      source: { type: 'TouchWrapper', handler: 'Press', id: '', value: false }, components: {},
    };
    return { ...await send(request, `the touch of "${key.label}": ${USER_EVENT} in the open session`), key: key.label };
  };

  const intent = (name: string, filled: Record<string, Slot>, note?: string, continued?: Dialog, confirmationStatus: 'NONE' | 'CONFIRMED' | 'DENIED' = 'NONE'): Promise<Heard> => {
    const dialogState = dialogIntents.has(name) ? (continued?.intent === name ? 'IN_PROGRESS' : 'STARTED') : undefined;
    const slots = declared(name, filled);
    // ask-sdk-model types dialogState as always there; Alexa leaves it out where there is no dialog.
    const request = {
      type: 'IntentRequest', ...base(), ...(dialogState && { dialogState }),
      intent: { name, confirmationStatus, ...(slots && { slots }) },
    } as IntentRequest;
    return send(request, note);
  };

  const end = async (reason: SessionEndedReason, note?: string): Promise<Heard> => {
    const open = openSession();
    const sent = envelope({ type: 'SessionEndedRequest', ...base(), reason }, open);
    session = undefined;
    const response = await options.handler(sent);
    return { response, request: sent, silent: true, ...(note && { note }) };
  };

  const say = async (line: string): Promise<Heard> => {
    const dialog = openSession().dialog;
    if (exits(line)) return end('USER_INITIATED', `"${line.trim()}" ends the session: Alexa sent SessionEndedRequest (USER_INITIATED), and says nothing`);
    const named = builtIn(line);
    if (dialog && named !== undefined && dialog.directive !== 'Dialog.ElicitSlot' && (named === 'AMAZON.YesIntent' || named === 'AMAZON.NoIntent')) {
      return confirmed(dialog, named === 'AMAZON.YesIntent' ? 'CONFIRMED' : 'DENIED');
    }
    if (named !== undefined) return intent(named, {}, `Alexa's built-in ${named} hears this`);
    const match = await matcher.match(line);
    const elicited = dialog?.directive === 'Dialog.ElicitSlot' ? dialog : undefined;
    const answer = elicited?.slot === undefined ? undefined : elicitedAnswer(elicited.intent, elicited.slot, line);
    // Where the line is both a value of the elicited slot ("2番": choice 2, or channel 2) and a sample of
    // another intent, Alexa leans toward the elicited slot (AMBIGUITY_PAGE); words outside the slot's
    // catalogue that make a whole sample of another intent ("turn off the bedroom tv") are that request.
    if (elicited?.slot !== undefined && answer !== undefined
      && (!match || match.slotsOnly || catalogue(elicited.intent, elicited.slot).has(answer.toLowerCase()))) {
      const slot = (await matcher.fill(elicited.intent, { [elicited.slot]: answer }))[elicited.slot];
      return intent(elicited.intent, { ...elicited.slots, ...(slot && { [elicited.slot]: slot }) },
        `the answer to the question, sent as ${elicited.intent} with ${elicited.slot} "${answer}"`, elicited);
    }
    if (match) {
      // A new request; the same intent as the question continues its dialog.
      const same = dialog?.intent === match.intent;
      return intent(match.intent, same ? { ...dialog.slots, ...match.slots } : match.slots, undefined, same ? dialog : undefined);
    }
    const open = openSlot(line);
    if (open) return intent(open.intent, await matcher.fill(open.intent, open.slots), `a name outside the model's catalogue, sent as ${open.intent}`);
    return intent('AMAZON.FallbackIntent', {}, 'no sample phrase matched, so Alexa sent FallbackIntent');
  };

  /** The yes or no to a Dialog.ConfirmIntent or ConfirmSlot: the dialog's intent, confirmed or denied. */
  const confirmed = (dialog: Dialog, status: 'CONFIRMED' | 'DENIED'): Promise<Heard> => {
    const note = `the answer to the confirmation: ${dialog.intent} ${status}`;
    if (dialog.directive === 'Dialog.ConfirmIntent') return intent(dialog.intent, dialog.slots, note, dialog, status);
    const slot = dialog.slot === undefined ? undefined : dialog.slots[dialog.slot];
    return intent(dialog.intent, { ...dialog.slots, ...(slot && dialog.slot && { [dialog.slot]: { ...slot, confirmationStatus: status } }) }, note, dialog);
  };

  const launch = (): Promise<Heard> => {
    newSession();
    return send({ type: 'LaunchRequest', ...base() });
  };
  const ask = (request: string): Promise<Heard> => {
    newSession();
    return say(request);
  };

  return {
    async hear(line) {
      const opening = invocation(line);
      if (opening?.kind === 'launch') return launch();
      if (opening?.kind === 'utter') return ask(opening.utterance);
      return session ? say(line) : undefined;
    },
    launch,
    ask,
    say,
    async intend(name, words = {}) {
      const dialog = openSession().dialog;
      return intent(name, await matcher.fill(name, words), undefined, dialog?.intent === name ? dialog : undefined);
    },
    end: (reason) => end(reason),
    eliciting: () => {
      const dialog = session?.dialog;
      if (dialog?.directive !== 'Dialog.ElicitSlot' || dialog.slot === undefined) return undefined;
      const slots = Object.fromEntries(Object.entries(dialog.slots).flatMap(([name, s]) => (typeof s.value === 'string' ? [[name, s.value]] : [])));
      return { intent: dialog.intent, slot: dialog.slot, slots };
    },
    sessionOpen: () => session !== undefined,
    touch,
    shown: () => session?.shown,
    timeOut: () => {
      session = undefined;
    },
    listening: () => session?.listening === true,
    echo,
  };
}

/**
 * The dialog a response continues: the intent its Dialog directive names (updatedIntent, or else the
 * request's own intent: DIALOG_REFERENCE), with the slots it keeps.
 */
function dialogOf(envelope: ResponseEnvelope, request: Request): Dialog | undefined {
  for (const d of envelope.response.directives ?? []) {
    if (d.type !== 'Dialog.ElicitSlot' && d.type !== 'Dialog.ConfirmSlot' && d.type !== 'Dialog.ConfirmIntent') continue;
    const target = d.updatedIntent ?? (request.type === 'IntentRequest' ? request.intent : undefined);
    if (!target) return undefined;
    const slots = Object.fromEntries(Object.entries(target.slots ?? {}).filter(([, s]) => typeof s.value === 'string' && s.value !== ''));
    const slot = d.type === 'Dialog.ElicitSlot' ? d.slotToElicit : d.type === 'Dialog.ConfirmSlot' ? d.slotToConfirm : undefined;
    return { intent: target.name, slots, directive: d.type, ...(slot !== undefined && { slot }) };
  }
  return undefined;
}
