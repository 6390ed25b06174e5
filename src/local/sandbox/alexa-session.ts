// Alexa's side of a custom-skill session, for the stand-in (custom-skill.ts): it keeps the session and the
// screen, and builds every request envelope as Alexa sends it, whatever the hearing made of the line.
// Each rule and its Amazon page: docs/sandbox.md#alexa-session.
import { randomUUID } from 'node:crypto';
import type {
  IntentRequest,
  interfaces,
  Request,
  RequestEnvelope,
  ResponseEnvelope,
  SessionEndedReason,
  Slot,
} from 'ask-sdk-model';
import { manifestTakes, screenOfViewport } from '../alexa/apl-rules';
import { keyLabelled, keysOf } from '../alexa/apl-touch';
import { hasDialogModel } from '../alexa/dialog-rules';
import { USER_EVENT } from '../../skill/screen/device';
import { documentToken, RENDER_DOCUMENT, withScreen, type EchoScreen } from './screen';

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
  /**
   * The household's TV names, read at each line: heard by meaning as TV_NAME words, as Alexa fills a
   * custom slot with words outside its catalogue too (custom-skill.ts).
   */
  tvNames?: () => readonly string[];
}

export interface Heard {
  response: ResponseEnvelope;
  /** The request Alexa sent for the line. */
  request: RequestEnvelope;
  /** How Alexa heard the line, when it was not a plain sample match. */
  note?: string;
  /** The intent the line was heard as by meaning, no sample matching it exactly: where a real Echo may differ. */
  byMeaning?: string;
  /** Why Alexa refused the response: then nothing of it is spoken and the session is over. */
  refused?: string;
  /** Alexa says nothing of the response: the request was a SessionEndedRequest. */
  silent?: true;
}

/** A touch on the screen: what Alexa sent and the skill answered, and the key's label; or why there is none. */
export type Touched = (Heard & { key: string }) | { problem: string };

/** The slot a response elicits (Dialog.ElicitSlot), on its updated intent with the values it keeps. */
export interface Elicitation {
  intent: string;
  slot: string;
  slots: Record<string, string>;
}

type DialogDirective = 'Dialog.ElicitSlot' | 'Dialog.ConfirmSlot' | 'Dialog.ConfirmIntent';
/** The dialog the last response continued: the intent it names, its slots, and what it asked. */
export interface Dialog {
  intent: string;
  slots: Record<string, Slot>;
  directive: DialogDirective;
  slot?: string;
}
interface Session {
  id: string;
  isNew: boolean;
  attributes: Record<string, unknown>;
  dialog?: Dialog;
  shown?: unknown;
  listening?: boolean;
}

/** The parts of an interaction model the stand-in reads. */
export interface ModelShape {
  interactionModel?: {
    languageModel?: {
      invocationName?: string;
      intents?: { name: string; samples?: string[]; slots?: { name: string }[] }[];
    };
    dialog?: { intents?: { name: string }[] };
  };
}

/** One Echo's session with the skill, as Alexa keeps it, and the requests Alexa sends in it. */
export class AlexaSession {
  /** The Echo and its user, read afresh for every request: the tests change them between lines. */
  readonly echo: EchoContext;
  private session: Session | undefined;
  private readonly intents: { name: string; slots?: { name: string }[] }[];
  private readonly dialogIntents: Set<string>;

  constructor(private readonly options: CustomSkillStandInOptions) {
    this.echo = { ...options.echo };
    const shape = (options.model as ModelShape).interactionModel;
    this.intents = shape?.languageModel?.intents ?? [];
    // dialogState comes only with a dialog model (REQUEST_TYPES: "included if the skill meets the requirements to use the Dialog directives").
    this.dialogIntents = new Set(
      hasDialogModel(options.model) ? (shape?.dialog?.intents ?? []).map((i) => i.name) : [],
    );
  }

  /** A new session, as every invocation starts one (SESSION_PAGE): `new` true, no attributes. */
  begin(): void {
    this.session = newSession();
  }

  /**
   * The dialog the open session continues, if any. A line said with no session open starts one, so this
   * opens a session when none is.
   */
  dialog(): Dialog | undefined {
    return this.open().dialog;
  }

  /** "open <invocation name>": a LaunchRequest in a new session. */
  launch(): Promise<Heard> {
    this.begin();
    return this.send({ type: 'LaunchRequest', ...this.base() });
  }

  /**
   * The IntentRequest for `name` with the slots the line filled; `continued` is the dialog it answers
   * (then IN_PROGRESS), and a confirmation's answer comes as its status.
   */
  async intent(
    name: string,
    filled: Record<string, Slot>,
    note?: string,
    continued?: Dialog,
    confirmationStatus: 'NONE' | 'CONFIRMED' | 'DENIED' = 'NONE',
    byMeaning = false,
  ): Promise<Heard> {
    const dialogState = this.dialogIntents.has(name)
      ? continued?.intent === name
        ? 'IN_PROGRESS'
        : 'STARTED'
      : undefined;
    const slots = this.declared(name, filled);
    // ask-sdk-model types dialogState as always there; Alexa leaves it out where there is no dialog.
    const request = {
      type: 'IntentRequest',
      ...this.base(),
      ...(dialogState && { dialogState }),
      intent: { name, confirmationStatus, ...(slots && { slots }) },
    } as IntentRequest;
    const heard = await this.send(request, note);
    return byMeaning ? { ...heard, byMeaning: name } : heard;
  }

  /** A touch on a key of the document shown: the UserEvent its SendEvent sends, in the open session. */
  async touch(label: string): Promise<Touched> {
    const shown = this.session?.shown;
    if (!shown)
      return {
        problem:
          'Nothing is on the screen: the skill shows its keypad when it is opened on an Echo with a screen, until its session ends.',
      };
    const key = keyLabelled(shown, label);
    if (!key)
      return {
        problem: `No key "${label}" on the screen. The keys: ${keysOf(shown)
          .map((k) => k.label)
          .join(', ')}`,
      };
    // APL_INTERFACE, UserEvent request: the document's token, the SendEvent's arguments, its source and components.
    const request: interfaces.alexa.presentation.apl.UserEvent = {
      type: USER_EVENT,
      ...this.base(),
      token: documentToken(shown),
      arguments: key.arguments,
      source: { type: 'TouchWrapper', handler: 'Press', id: '', value: false },
      components: {},
    };
    return {
      ...(await this.send(request, `the touch of "${key.label}": ${USER_EVENT} in the open session`)),
      key: key.label,
    };
  }

  /** The session ends without the skill ending it: a SessionEndedRequest, whose response Alexa does not say. */
  async end(reason: SessionEndedReason, note?: string): Promise<Heard> {
    const open = this.open();
    const sent = this.envelope({ type: 'SessionEndedRequest', ...this.base(), reason }, open);
    this.session = undefined;
    const response = await this.options.handler(sent);
    return { response, request: sent, silent: true, ...(note && { note }) };
  }

  /** The screen's 30 seconds pass: the session ends with the screen, and nothing is sent. */
  timeOut(): void {
    this.session = undefined;
  }

  isOpen(): boolean {
    return this.session !== undefined;
  }

  /** The RenderDocument directive on the screen, if any. */
  shown(): unknown {
    return this.session?.shown;
  }

  /** The last response kept the session with `shouldEndSession` false: the microphone is open. */
  listening(): boolean {
    return this.session?.listening === true;
  }

  /** The slot being elicited, if any, with the values its intent keeps. */
  eliciting(): Elicitation | undefined {
    const dialog = this.session?.dialog;
    if (dialog?.directive !== 'Dialog.ElicitSlot' || dialog.slot === undefined) return undefined;
    const slots = Object.fromEntries(
      Object.entries(dialog.slots).flatMap(([name, s]) => (typeof s.value === 'string' ? [[name, s.value]] : [])),
    );
    return { intent: dialog.intent, slot: dialog.slot, slots };
  }

  private open(): Session {
    this.session ??= newSession();
    return this.session;
  }

  private base() {
    return {
      requestId: `amzn1.echo-api.request.${randomUUID()}`,
      timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      locale: this.options.locale,
    };
  }

  private envelope(request: Request, open: Session): RequestEnvelope {
    const { echo } = this;
    const user = {
      userId: echo.userId,
      ...(echo.accessToken !== undefined && { accessToken: echo.accessToken }),
      ...(echo.consentToken !== undefined && { permissions: { consentToken: echo.consentToken } }),
    };
    const application = { applicationId: this.options.skillId };
    const sent: RequestEnvelope = {
      version: '1.0',
      // "The attributes map is empty for requests where a new session has started" (JSON_REFERENCE).
      session: { new: open.isNew, sessionId: open.id, application, user, attributes: open.attributes },
      context: {
        System: {
          application,
          user,
          device: { deviceId: echo.deviceId, supportedInterfaces: {} },
          apiEndpoint: echo.apiEndpoint,
          apiAccessToken: echo.apiAccessToken,
        },
      },
      request,
    };
    return echo.screen && this.showsApl(echo.screen) ? withScreen(sent, echo.screen) : sent;
  }

  // Alexa lists APL only for a screen one of the manifest's viewports takes (apl-rules.ts, manifestTakes).
  private showsApl(screen: EchoScreen): boolean {
    const { manifest } = this.options;
    const size = manifest === undefined ? undefined : screenOfViewport(screen.viewport);
    return manifest === undefined || (size !== undefined && manifestTakes(manifest, size));
  }

  /** The intent's own declared slots: the filled ones with their values, the others with none. */
  private declared(name: string, filled: Record<string, Slot>): Record<string, Slot> | undefined {
    const names = this.intents.find((i) => i.name === name)?.slots?.map((s) => s.name) ?? [];
    if (names.length === 0) return undefined;
    return Object.fromEntries(names.map((slot) => [slot, filled[slot] ?? { name: slot, confirmationStatus: 'NONE' }]));
  }

  /** Sends a request in the open session, checks the response with Alexa's rules, and keeps or ends the session by it. */
  private async send(request: Request, note?: string): Promise<Heard> {
    const open = this.open();
    const sent = this.envelope(request, open);
    const response = await this.options.handler(sent);
    open.isNew = false;
    const refused = this.options.check?.(sent, response);
    if (refused !== undefined) {
      // Alexa ends the session and tells the skill why.
      await this.options
        .handler(
          this.envelope(
            {
              type: 'SessionEndedRequest',
              ...this.base(),
              reason: 'ERROR',
              error: { type: 'INVALID_RESPONSE', message: refused },
            },
            open,
          ),
        )
        .catch(() => undefined);
      this.session = undefined;
      return { response, request: sent, ...(note && { note }), refused };
    }
    const document = response.response.directives?.find((d) => d.type === RENDER_DOCUMENT);
    const listening = response.response.shouldEndSession === false;
    // Left out, on a screen showing what the response sent: open, the microphone closed (SESSION_PAGE).
    const shows =
      response.response.shouldEndSession === undefined && this.echo.screen !== undefined && document !== undefined;
    if ((listening || shows) && this.session === open) {
      open.attributes = response.sessionAttributes ?? {};
      open.dialog = dialogOf(response, request);
      open.listening = listening;
      if (document) open.shown = document;
    } else if (this.session === open) {
      this.session = undefined;
    }
    return { response, request: sent, ...(note && { note }) };
  }
}

function newSession(): Session {
  return { id: `amzn1.echo-api.session.${randomUUID()}`, isNew: true, attributes: {} };
}

/**
 * The dialog a response continues: the intent its Dialog directive names (updatedIntent, or else the
 * request's own intent: DIALOG_REFERENCE), with the slots it keeps.
 */
function dialogOf(envelope: ResponseEnvelope, request: Request): Dialog | undefined {
  for (const d of envelope.response.directives ?? []) {
    if (d.type !== 'Dialog.ElicitSlot' && d.type !== 'Dialog.ConfirmSlot' && d.type !== 'Dialog.ConfirmIntent')
      continue;
    const target = d.updatedIntent ?? (request.type === 'IntentRequest' ? request.intent : undefined);
    if (!target) return undefined;
    const slots = Object.fromEntries(
      Object.entries(target.slots ?? {}).filter(([, s]) => typeof s.value === 'string' && s.value !== ''),
    );
    const slot =
      d.type === 'Dialog.ElicitSlot' ? d.slotToElicit : d.type === 'Dialog.ConfirmSlot' ? d.slotToConfirm : undefined;
    return { intent: target.name, slots, directive: d.type, ...(slot !== undefined && { slot }) };
  }
  return undefined;
}
