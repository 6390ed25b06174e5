// The skill's conversations: every question it asks and waits on, in one table (QUESTIONS: how it is
// asked, which answers it takes, what each leads to). Setting a TV up by voice asks for the TV's name,
// reads it back, asks the prefecture when the Echo's postal code is not known (Japanese), starts the
// setup function (setup-trigger.ts) and follows the run on the user's record, asking which model or
// which remote when the run needs it; forgetting a TV asks to confirm; "Which TV?" asks for the TV of a
// command. A question stays pending in the session until it is answered or cancelled: an answer that
// does not fit, help, or another request gets the same question again, with its options, asked the
// same way (an elicitation stays an elicitation).
//
// How Alexa is asked (Amazon, "Dialog Interface Reference"): a question whose answer is a slot is a
// Dialog.ElicitSlot on the intent the models declare for it in their dialog model (models/build.ts),
// chained from the request being answered where that is another intent ("Change the intent or update
// slot values during the dialog": updatedIntent); yes/no questions are plain questions answered by
// AMAZON.YesIntent and AMAZON.NoIntent. The run itself lives in the table, so an Alexa retry or a
// "yes" on a second Echo finds it (startVoiceSetup decides at most once).
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler, RequestInterceptor } from 'ask-sdk-core';
import type { IntentRequest, Response } from 'ask-sdk-model';
import { asRecord } from '../../json';
import type { Logger } from '../../log';
import type { UserStore, VoiceSetup } from '../../store/types';
import { normalForm } from '../../text';
import { findArea, prefectureById } from '../../tv/areas';
import type { Prefecture } from '../../tv/broadcasters';
import { NAME_MAX, nameCore, namesNothing, spokenTvName } from '../../tv/names';
import { CHOICE_NUMBERS, MAKERS, ORDINALS, makerWords, type Maker } from '../choices';
import type { DeviceAddress } from '../device-address';
import { CHOOSE_TV_INTENT, FORGET_TV_INTENT, NO_INTENT, SET_UP_TV_INTENT, SLOT, YES_INTENT } from '../intents';
import { sayWhileWorking } from '../progressive';
import { findRequestUser, type RequestUser } from '../request-user';
import { close, elicitSlot } from '../respond';
import { isIntent, isTvIntent } from '../routing';
import type { SetupTrigger } from '../setup-trigger';
import { resolvedSlot, type ResolvedSlot } from '../slots';
import { findTv, shortName } from '../tv-choice';
import { words, type Words } from '../words';

export interface ConversationDeps {
  store: UserStore;
  trigger: SetupTrigger;
  now: () => number;
  logger: Logger;
  /** The Echo's postal code, which gives a TV set up by voice its prefecture's station names. */
  address: DeviceAddress;
}

/** A run that never recorded its end (its Lambda died) stops blocking the next after this long. */
export const VOICE_RUN_STALE_SECONDS = 150;
/** How often the record is read while a run goes on. */
const POLL_MS = 300;
/** The answer leaves this long before the request's deadline, whatever the run does. */
const ANSWER_MARGIN_MS = 1000;
/** The permission whose consent card the prefecture question sends (skill/skill.json declares it). */
const ADDRESS_PERMISSION = 'alexa::devices:all:address:country_and_postal_code:read';

type Choice = { id: string; label: string };
/** What a run is asked to do: add a TV (its prefecture, and the model or remote once chosen) or forget one. */
interface RunPlan { kind: VoiceSetup['kind']; tvName: string; area?: string; tvPresetId?: string; remoteName?: string }

/** Every question the skill waits on, with what it needs to ask it again and to act on the answer. */
export type Question =
  | { ask: 'offer' }
  | { ask: 'name' }
  | { ask: 'readBack'; tvName: string }
  | { ask: 'prefecture'; tvName: string }
  /** Which TV model, or which remote faces the TV: the run goes on with the one picked. */
  | { ask: 'model'; plan: RunPlan; choices: Choice[] }
  | { ask: 'remote'; plan: RunPlan; choices: Choice[] }
  | { ask: 'wait'; plan: RunPlan; requestId: string }
  | { ask: 'forget'; tvName: string }
  /** "Which TV?" for `intent` (a TV command, or ForgetTvIntent), its other slots kept. */
  | { ask: 'whichTv'; intent: string; kept: Record<string, string>; names: string[] };

type Ask = 'offer' | 'name' | 'readBack' | 'prefecture' | 'model' | 'remote' | 'wait' | 'forget' | 'whichTv';
type QuestionOf<A extends Ask> = Extract<Question, { ask: A }>;

/** How a question is put: its words, and the slot it elicits on which intent, if its answer is a slot. */
interface Asking { speech: string; reprompt: string; elicit?: { intent: string; slot: string; kept: Record<string, string> } }

interface Turn { deps: ConversationDeps; input: HandlerInput; w: Words }

interface QuestionSpec<Q extends Question> {
  asking(w: Words, q: Q): Asking;
  /** The same question again after an answer that does not fit: with its options. Default: `again` of its words. */
  again?(w: Words, q: Q): string;
  yes?(t: Turn, q: Q): Promise<Response> | Response;
  no?(t: Turn, q: Q): Promise<Response> | Response;
  /** The elicited slot's answer: the next step, or undefined when it does not fit. */
  answer?(t: Turn, q: Q, heard: ResolvedSlot): Promise<Response | undefined> | Response | undefined;
  /** A request the skill's other handlers serve as the answer ("Which TV?": the command, its TV named). */
  passes?(input: HandlerInput, q: Q): boolean;
}

const setUpSlot = (slot: string, tvName?: string): Asking['elicit'] => ({ intent: SET_UP_TV_INTENT, slot, kept: tvName ? { [SLOT.tv]: tvName } : {} });

/** "Which one?" over a numbered list read out, answered on SetUpTvIntent's `choice`; `next` continues the run with the one picked. */
function listQuestion(
  words: (w: Words) => { ask(labels: string[]): string; reprompt: string; notOne(labels: string[]): string },
  next: (plan: RunPlan, picked: Choice) => RunPlan,
): QuestionSpec<QuestionOf<'model' | 'remote'>> {
  const labels = (q: QuestionOf<'model' | 'remote'>) => q.choices.map((c) => c.label);
  return {
    asking: (w, q) => ({ speech: words(w).ask(labels(q)), reprompt: words(w).reprompt, elicit: setUpSlot(SLOT.choice, q.plan.tvName) }),
    again: (w, q) => words(w).notOne(labels(q)),
    answer: (t, q, heard) => {
      const picked = pick(q.choices, heard, t.input);
      return picked ? startRun(t, next(q.plan, picked)) : undefined;
    },
  };
}

const nothingChanged = (t: Turn) => end(t.input, t.w.voiceSetup.nothingChanged);

/** The table: question -> how it is asked -> the answers it takes -> the next step. */
const QUESTIONS: { [A in Ask]: QuestionSpec<QuestionOf<A>> } = {
  offer: {
    asking: (w) => ({ speech: w.voiceSetup.offer, reprompt: w.voiceSetup.offerReprompt }),
    yes: (t) => put(t.input, { ask: 'name' }),
    no: nothingChanged,
  },
  name: {
    asking: (w) => ({ speech: w.voiceSetup.askName, reprompt: w.voiceSetup.askNameReprompt, elicit: setUpSlot(SLOT.tv) }),
    answer: (t, _q, heard) => nameGiven(t, heard.words),
  },
  readBack: {
    asking: (w, q) => ({ speech: w.voiceSetup.confirmName(q.tvName), reprompt: w.voiceSetup.confirmNameReprompt }),
    yes: (t, q) => beforeRun(t, q.tvName),
    no: nothingChanged,
  },
  prefecture: {
    asking: (w, q) => ({ speech: w.voiceSetup.askPrefecture, reprompt: w.voiceSetup.askPrefectureReprompt, elicit: setUpSlot(SLOT.prefecture, q.tvName) }),
    again: (w) => w.voiceSetup.unknownPrefecture,
    answer: (t, q, heard) => {
      const area = (heard.id === undefined ? undefined : prefectureById(heard.id)) ?? prefectureNamed(heard.words);
      return area ? startRun(t, { kind: 'add', tvName: q.tvName, area: area.id }) : undefined;
    },
    // "No" to the prefecture: the TV is set up without station names.
    no: (t, q) => startRun(t, { kind: 'add', tvName: q.tvName }),
  },
  model: listQuestion((w) => ({ ask: w.voiceSetup.choosePreset, reprompt: w.voiceSetup.choosePresetReprompt, notOne: w.voiceSetup.unknownChoice }),
    (plan, preset) => ({ ...plan, tvPresetId: preset.id })),
  remote: listQuestion((w) => ({ ask: w.voiceSetup.chooseRemote, reprompt: w.voiceSetup.chooseRemoteReprompt, notOne: w.voiceSetup.unknownRemote }),
    (plan, remote) => ({ ...plan, remoteName: remote.label })),
  wait: {
    asking: (w) => ({ speech: w.voiceSetup.stillLooking, reprompt: w.voiceSetup.stillLooking }),
    yes: (t, q) => follow(t, q.plan, q.requestId, true),
    no: (t) => end(t.input, t.w.voiceSetup.carriesOn),
  },
  forget: {
    asking: (w, q) => ({ speech: w.voiceSetup.confirmForget(q.tvName), reprompt: w.voiceSetup.confirmForgetReprompt }),
    yes: (t, q) => forgetConfirmed(t, q.tvName),
    no: nothingChanged,
  },
  whichTv: {
    asking: (w, q) => ({ speech: w.tvs.which(q.names), reprompt: w.tvs.which(q.names), elicit: { intent: q.intent, slot: SLOT.tv, kept: q.kept } }),
    // The command again with its TV named (the answer as Alexa sends it), or any other TV command: a new
    // request replaces the question, and asks its own "Which TV?" if it names none.
    passes: (input, q) => isTvIntent(input) || (isIntent(input, q.intent) && hasSlot(input, SLOT.tv)),
  },
};

/** Asks `q` and keeps it pending in the session. `speech` replaces its first words (a "Sorry, …" before it). */
export function put(input: HandlerInput, q: Question, speech?: string, consentCard = false): Response {
  const asking = spec(q).asking(words(input), q);
  setQuestion(input, q);
  const builder = input.responseBuilder.speak(speech ?? asking.speech).reprompt(asking.reprompt);
  if (consentCard) builder.withAskForPermissionsConsentCard([ADDRESS_PERMISSION]);
  if (asking.elicit) elicitSlot(input, asking.elicit.intent, asking.elicit.slot, asking.elicit.kept);
  return builder.getResponse();
}

/** The same question again, with its options. */
function askAgain(input: HandlerInput, q: Question): Response {
  const w = words(input);
  const s = spec(q);
  const again = s.again?.(w, q) ?? w.voiceSetup.again(s.asking(w, q).speech);
  return put(input, q, s.yes ? w.then(again, w.voiceSetup.yesOrNo) : again);
}

export function conversationHandlers(deps: ConversationDeps): { handlers: RequestHandler[]; interceptor: RequestInterceptor } {
  /** Whatever arrives while a question is pending, but for the requests that answer it elsewhere. */
  const pending: RequestHandler = {
    canHandle(input) {
      const q = questionOf(input);
      return q !== undefined && Alexa.getRequestType(input.requestEnvelope) === 'IntentRequest' && !spec(q).passes?.(input, q);
    },
    async handle(input) {
      const q = questionOf(input)!;
      const s = spec(q);
      const t: Turn = { deps, input, w: words(input) };
      if (['AMAZON.CancelIntent', 'AMAZON.StopIntent', 'AMAZON.NavigateHomeIntent'].some((name) => isIntent(input, name))) {
        return q.ask === 'whichTv' ? end(input, t.w.goodbye) : nothingChanged(t);
      }
      if (isIntent(input, 'AMAZON.HelpIntent')) return put(input, q);
      if (isIntent(input, YES_INTENT) && s.yes) return s.yes(t, q);
      if (isIntent(input, NO_INTENT) && s.no) return s.no(t, q);
      const elicited = s.asking(t.w, q).elicit;
      const heard = elicited && isIntent(input, elicited.intent) ? resolvedSlot(input, elicited.slot) : undefined;
      const next = heard && s.answer ? await s.answer(t, q, heard) : undefined;
      return next ?? askAgain(input, q);
    },
  };

  /**
   * A linked user without a TV, on opening the skill, asking for any TV command or choosing a TV: the
   * offer (a "Which TV?" would have no TV to name).
   */
  const offer: RequestHandler = {
    canHandle(input) {
      const user = findRequestUser(input);
      const opening = Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest' || isTvIntent(input) || isIntent(input, CHOOSE_TV_INTENT);
      return opening && user?.linked === true && user.tvs.length === 0;
    },
    handle: (input) => put(input, { ask: 'offer' }),
  };

  /** "Set up another TV", "set up the kitchen TV". */
  const setUp: RequestHandler = {
    canHandle: (input) => isIntent(input, SET_UP_TV_INTENT) && findRequestUser(input)?.linked === true,
    handle(input) {
      const heard = resolvedSlot(input, SLOT.tv);
      return heard ? nameGiven({ deps, input, w: words(input) }, heard.words) : put(input, { ask: 'name' });
    },
  };

  /** "Forget the bedroom TV": asks to confirm first; a name that is none of the TVs asks which. */
  const forget: RequestHandler = {
    canHandle: (input) => isIntent(input, FORGET_TV_INTENT) && findRequestUser(input)?.linked === true,
    handle(input) {
      const user = findRequestUser(input)!;
      const w = words(input);
      if (user.tvs.length === 0) return end(input, w.voiceSetup.noTv);
      const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim() ?? '';
      const tv = findTv(user.tvs, spoken);
      if (tv) return put(input, { ask: 'forget', tvName: tv.deviceName });
      const names = user.tvs.map(shortName);
      const q: Question = { ask: 'whichTv', intent: FORGET_TV_INTENT, kept: {}, names };
      return put(input, q, spoken === '' ? undefined : w.tvs.unknown(spoken, names));
    },
  };

  /** A question answered by another handler (the command with its TV) is no longer pending. */
  const interceptor: RequestInterceptor = {
    process(input) {
      const q = questionOf(input);
      if (q && spec(q).passes?.(input, q)) setQuestion(input, undefined);
    },
  };

  return { handlers: [pending, offer, setUp, forget], interceptor };
}

/** "Which TV?" for a TV command: asked on the command's own intent, its other slots kept. */
export function askWhichTv(input: HandlerInput, names: string[], speech?: string): Response {
  const { intent } = input.requestEnvelope.request as IntentRequest;
  const kept = Object.fromEntries(Object.values(intent.slots ?? {}).flatMap((s) => (s.value && s.name !== SLOT.tv ? [[s.name, s.value]] : [])));
  return put(input, { ask: 'whichTv', intent: intent.name, kept, names }, speech);
}

function spec<Q extends Question>(q: Q): QuestionSpec<Q> {
  return QUESTIONS[q.ask] as unknown as QuestionSpec<Q>;
}

function end(input: HandlerInput, speech: string): Response {
  setQuestion(input, undefined);
  return close(input, speech);
}

/** Only an IntentRequest has slots: a SessionEndedRequest may arrive while any question is pending. */
function hasSlot(input: HandlerInput, slot: string): boolean {
  if (Alexa.getRequestType(input.requestEnvelope) !== 'IntentRequest') return false;
  return (Alexa.getSlotValue(input.requestEnvelope, slot)?.trim() ?? '') !== '';
}

const japanese = (input: HandlerInput): boolean => Alexa.getLocale(input.requestEnvelope)?.toLowerCase().startsWith('ja') === true;

/** The TV's name as heard: none, too long, or like one of the user's TVs, is asked again; otherwise read back. */
function nameGiven(t: Turn, heard: string): Response {
  if (namesNothing(heard)) return askAgain(t.input, { ask: 'name' });
  const tvName = spokenTvName(heard, japanese(t.input));
  if (tvName.length > NAME_MAX) return put(t.input, { ask: 'name' }, t.w.voiceSetup.nameTooLong(NAME_MAX));
  const same = findRequestUser(t.input)?.tvs.find((tv) => nameCore(tv.deviceName) === nameCore(tvName));
  if (same) return put(t.input, { ask: 'name' }, t.w.voiceSetup.nameTaken(same.deviceName));
  return put(t.input, { ask: 'readBack', tvName });
}

/**
 * The name is confirmed: the TV's prefecture from the Echo's postal code, where the user allowed the
 * skill to read it; otherwise a Japanese speaker is asked for it (and told once how to allow it), and an
 * English speaker's TV goes by channel numbers.
 */
async function beforeRun(t: Turn, tvName: string): Promise<Response> {
  const postalCode = await t.deps.address.postalCode(t.input.requestEnvelope);
  const area = postalCode === undefined ? undefined : prefectureNamed(postalCode);
  if (area) return startRun(t, { kind: 'add', tvName, area: area.id });
  if (japanese(t.input)) {
    const q: Question = { ask: 'prefecture', tvName };
    return put(t.input, q, t.w.then(t.w.voiceSetup.askPrefecture, t.w.voiceSetup.grantAddress), true);
  }
  return startRun(t, { kind: 'add', tvName });
}

/** "Yes" to forgetting: a TV already gone (forgotten from another Echo, or by an earlier "yes") starts nothing. */
function forgetConfirmed(t: Turn, tvName: string): Promise<Response> | Response {
  const user = findRequestUser(t.input)!;
  const still = user.tvs.some((tv) => tv.deviceName === tvName);
  return still ? startRun(t, { kind: 'remove', tvName }) : end(t.input, t.w.voiceSetup.alreadyForgotten(tvName));
}

/** The prefecture a name or postal code gives (src/tv/areas.ts), or undefined. */
function prefectureNamed(text: string): Prefecture | undefined {
  const found = findArea(text);
  return found.found ? found.prefecture : undefined;
}

/** The entry a number in the list, an ordinal, a maker or (part of) a label names, by the id Alexa resolved first. */
function pick(entries: Choice[], heard: ResolvedSlot, input: HandlerInput): Choice | undefined {
  const said = normalForm(heard.words);
  const lang = japanese(input) ? 'ja' : 'en';
  const number = heard.id !== undefined && /^\d+$/.test(heard.id) ? Number(heard.id)
    : /^\d+$/.test(said) ? Number(said)
    : CHOICE_NUMBERS.find((n) => ORDINALS[lang](n).some((o) => normalForm(o) === said));
  if (number !== undefined) return entries[number - 1];
  const maker: Maker | undefined = MAKERS.find((m) => m.id === heard.id) ?? MAKERS.find((m) => makerWords(m).includes(said));
  const matches = maker
    ? entries.filter((e) => makerWords(maker).some((word) => normalForm(e.label).includes(word)))
    : entries.filter((e) => normalForm(e.label) === said || (nameCore(e.label) !== '' && nameCore(e.label) === nameCore(heard.words)));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Starts the run at most once for this request (the conditional write decides: a retry of the request
 * starts nothing), plays "looking…" while the first run of a conversation goes on, and follows the run
 * for as long as the request allows. A run already going for the same TV (a "yes" on a second Echo) is
 * followed, not started again.
 */
async function startRun(t: Turn, plan: RunPlan): Promise<Response> {
  const { deps, input, w } = t;
  const user = findRequestUser(input)!;
  const requestId = input.requestEnvelope.request.requestId;
  const started = await deps.store.startVoiceSetup(user.userId, {
    requestId, kind: plan.kind, tvName: plan.tvName, state: 'running', startedAt: Math.floor(deps.now() / 1000),
  }, VOICE_RUN_STALE_SECONDS);
  if (started === 'busy') {
    const going = (await deps.store.get(user.userId))?.voiceSetup;
    if (going?.state === 'running' && going.kind === plan.kind && going.tvName === plan.tvName) return follow(t, plan, going.requestId, false);
    return end(input, w.voiceSetup.failed.busy);
  }
  if (started === 'started') {
    try {
      await deps.trigger.start({
        userId: user.userId, voiceRun: requestId,
        ...(plan.kind === 'remove' ? { removeTv: plan.tvName } : { tvName: plan.tvName }),
        ...(plan.area && { area: plan.area }),
        ...(plan.tvPresetId && { tvPresetId: plan.tvPresetId }),
        ...(plan.remoteName && { remoteName: plan.remoteName }),
      });
    } catch (e) {
      deps.logger.error('could not start the setup function', { userId: user.userId, error: e instanceof Error ? e.message : 'unknown failure' });
      await deps.store.finishVoiceSetup(user.userId, requestId, { state: 'failed', failure: 'other' });
      return end(input, w.voiceSetup.notStarted[plan.kind]);
    }
  }
  // The model or remote chosen continues the same setup: "looking for your TV" was said already.
  const continuing = plan.tvPresetId !== undefined || plan.remoteName !== undefined;
  if (!continuing) void sayWhileWorking(input.requestEnvelope, plan.kind === 'remove' ? w.voiceSetup.forgetting : w.voiceSetup.looking);
  return follow(t, plan, requestId, true);
}

/** Reads the run until it ends or the request must answer; says how it ended, or asks the next question. */
async function follow(t: Turn, plan: RunPlan, requestId: string, mine: boolean): Promise<Response> {
  const { deps, input, w } = t;
  const run = await watch(deps, findRequestUser(input)!, requestId);
  switch (run?.state) {
    case 'ready':
      return end(input, w.voiceSetup.ready(plan.tvName, plan.area === undefined ? undefined : prefectureById(plan.area)));
    case 'removed':
      return end(input, mine ? w.voiceSetup.forgotten(plan.tvName) : w.voiceSetup.alreadyForgotten(plan.tvName));
    case 'choose_preset':
      return put(input, { ask: 'model', plan, choices: run.choices ?? [] });
    case 'choose_remote':
      return put(input, { ask: 'remote', plan, choices: run.choices ?? [] });
    case 'failed':
      return end(input, w.voiceSetup.failed[run.failure ?? 'other']);
    default:
      // Still running (or its record is not there yet): the next turn checks again.
      return put(input, { ask: 'wait', plan, requestId });
  }
}

async function watch(deps: ConversationDeps, user: RequestUser, requestId: string): Promise<VoiceSetup | undefined> {
  for (;;) {
    const run = (await deps.store.get(user.userId))?.voiceSetup;
    const mine = run?.requestId === requestId ? run : undefined;
    if (mine && mine.state !== 'running') return mine;
    if (deps.now() + POLL_MS + ANSWER_MARGIN_MS > user.deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const QUESTION = 'question';

/** The pending question, read back from the session Alexa returns: each kind with its own fields, or none. */
export function questionOf(input: HandlerInput): Question | undefined {
  if (!input.requestEnvelope.session) return undefined;
  const q = asRecord(input.attributesManager.getSessionAttributes()[QUESTION]);
  const text = (o: Record<string, unknown> | undefined, key: string): string | undefined =>
    (typeof o?.[key] === 'string' && o[key] !== '' ? o[key] as string : undefined);
  const tvName = text(q, 'tvName');
  const plan = readPlan(asRecord(q?.['plan']), text);
  switch (q?.['ask']) {
    case 'offer': return { ask: 'offer' };
    case 'name': return { ask: 'name' };
    case 'readBack': return tvName ? { ask: 'readBack', tvName } : undefined;
    case 'prefecture': return tvName ? { ask: 'prefecture', tvName } : undefined;
    case 'forget': return tvName ? { ask: 'forget', tvName } : undefined;
    case 'wait': {
      const requestId = text(q, 'requestId');
      return plan && requestId ? { ask: 'wait', plan, requestId } : undefined;
    }
    case 'model':
    case 'remote': {
      const choices = choicesOf(q['choices']);
      return plan && choices.length > 0 ? { ask: q['ask'], plan, choices } : undefined;
    }
    case 'whichTv': {
      const intent = text(q, 'intent');
      const kept = asRecord(q['kept']);
      const names = Array.isArray(q['names']) ? q['names'].filter((n): n is string => typeof n === 'string') : [];
      const keptText = Object.fromEntries(Object.entries(kept ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return intent && names.length > 0 ? { ask: 'whichTv', intent, kept: keptText, names } : undefined;
    }
    default: return undefined;
  }
}

function readPlan(p: Record<string, unknown> | undefined, text: (o: Record<string, unknown> | undefined, key: string) => string | undefined): RunPlan | undefined {
  const kind = p?.['kind'] === 'add' || p?.['kind'] === 'remove' ? p['kind'] : undefined;
  const tvName = text(p, 'tvName');
  if (!kind || !tvName) return undefined;
  const area = text(p, 'area');
  const tvPresetId = text(p, 'tvPresetId');
  const remoteName = text(p, 'remoteName');
  return { kind, tvName, ...(area && { area }), ...(tvPresetId && { tvPresetId }), ...(remoteName && { remoteName }) };
}

function choicesOf(value: unknown): Choice[] {
  return Array.isArray(value) ? value.flatMap((p: unknown) => {
    const id = asRecord(p)?.['id'];
    const label = asRecord(p)?.['label'];
    return typeof id === 'string' && typeof label === 'string' ? [{ id, label }] : [];
  }) : [];
}

function setQuestion(input: HandlerInput, q: Question | undefined): void {
  if (!input.requestEnvelope.session) return;
  const attributes = { ...input.attributesManager.getSessionAttributes() };
  if (q === undefined) delete attributes[QUESTION];
  else attributes[QUESTION] = q;
  input.attributesManager.setSessionAttributes(attributes);
}
