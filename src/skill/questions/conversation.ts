// The skill's conversations: every question it asks and waits on, in one table (QUESTIONS: how it is
// asked, which answers it takes, what each leads to). A question stays pending until answered or
// cancelled. How Alexa is asked: docs/architecture.md#conversation-file.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler, RequestInterceptor } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { isJapanese } from '../../language';
import type { Logger } from '../../log';
import type { UserStore } from '../../store';
import { normalForm } from '../../text';
import { findArea, prefectureById } from '../../tv/areas';
import type { Prefecture } from '../../tv/broadcasters';
import { NAME_MAX, nameCore, namesNothing, spokenTvName } from '../../tv/names';
import { MAKERS, makerWords, placeNamed, type Maker } from './choices';
import { pose } from './pose';
import type { Ask, Asking, ListOption, Question, QuestionOf, RunPlan } from './question';
import { questionOf, setQuestion } from './session-codec';
import { follow, startRun, type Next } from './voice-run';
import type { DeviceAddress } from '../services/device-address';
import { INTENT, SLOT } from '../request/intents';
import { findRequestUser } from '../request/request-user';
import { close } from '../response/respond';
import { isIntent, isTvIntent } from '../request/routing';
import type { SetupTrigger } from '../services/setup-trigger';
import { resolvedSlot, type ResolvedSlot } from '../request/slots';
import { answersWhichTv, askWhichTv, findTv, whichTvAsking } from './which-tv';
import { words, type Words } from '../words';

export interface ConversationDeps {
  store: UserStore;
  trigger: SetupTrigger;
  now: () => number;
  logger: Logger;
  /** The Echo's postal code, which gives a TV set up by voice its prefecture's station names. */
  address: DeviceAddress;
}

interface Turn {
  deps: ConversationDeps;
  input: HandlerInput;
  w: Words;
}

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

const setUpSlot = (slot: string, tvName?: string): Asking['elicit'] => ({
  intent: INTENT.setUpTv,
  slot,
  kept: tvName ? { [SLOT.tv]: tvName } : {},
});

/** "Which one?" over a numbered list read out, answered on SetUpTvIntent's `choice`; `next` continues the run with the one picked. */
function listQuestion(
  words: (w: Words) => { ask(labels: string[]): string; reprompt: string; notOne(labels: string[]): string },
  next: (plan: RunPlan, picked: ListOption) => RunPlan,
): QuestionSpec<QuestionOf<'model' | 'remote'>> {
  const labels = (q: QuestionOf<'model' | 'remote'>) => q.choices.map((c) => c.label);
  return {
    asking: (w, q) => ({
      speech: words(w).ask(labels(q)),
      reprompt: words(w).reprompt,
      elicit: setUpSlot(SLOT.choice, q.plan.tvName),
    }),
    again: (w, q) => words(w).notOne(labels(q)),
    answer: (t, q, heard) => {
      const picked = pick(q.choices, heard);
      return picked ? run(t, next(q.plan, picked)) : undefined;
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
    asking: (w) => ({
      speech: w.voiceSetup.askName,
      reprompt: w.voiceSetup.askNameReprompt,
      elicit: setUpSlot(SLOT.tv),
    }),
    answer: (t, _q, heard) => nameGiven(t, heard.words),
  },
  readBack: {
    asking: (w, q) => ({ speech: w.voiceSetup.confirmName(q.tvName), reprompt: w.voiceSetup.confirmNameReprompt }),
    yes: (t, q) => beforeRun(t, q.tvName),
    no: nothingChanged,
  },
  prefecture: {
    asking: (w, q) => ({
      speech: w.voiceSetup.askPrefecture,
      reprompt: w.voiceSetup.askPrefectureReprompt,
      elicit: setUpSlot(SLOT.prefecture, q.tvName),
    }),
    again: (w) => w.voiceSetup.unknownPrefecture,
    answer: (t, q, heard) => {
      const area = (heard.id === undefined ? undefined : prefectureById(heard.id)) ?? prefectureNamed(heard.words);
      return area ? run(t, { kind: 'add', tvName: q.tvName, area: area.id }) : undefined;
    },
    // "No" to the prefecture: the TV is set up without station names.
    no: (t, q) => run(t, { kind: 'add', tvName: q.tvName }),
  },
  model: listQuestion(
    (w) => ({
      ask: w.voiceSetup.choosePreset,
      reprompt: w.voiceSetup.choosePresetReprompt,
      notOne: w.voiceSetup.unknownChoice,
    }),
    (plan, preset) => ({ ...plan, tvPresetId: preset.id }),
  ),
  remote: listQuestion(
    (w) => ({
      ask: w.voiceSetup.chooseRemote,
      reprompt: w.voiceSetup.chooseRemoteReprompt,
      notOne: w.voiceSetup.unknownRemote,
    }),
    (plan, remote) => ({ ...plan, remoteName: remote.label }),
  ),
  wait: {
    asking: (w) => ({ speech: w.voiceSetup.stillLooking, reprompt: w.voiceSetup.stillLooking }),
    yes: async (t, q) => say(t, await follow(t.deps, findRequestUser(t.input)!, t.w, q.plan, q.requestId, true)),
    no: (t) => end(t.input, t.w.voiceSetup.carriesOn),
  },
  forget: {
    asking: (w, q) => ({ speech: w.voiceSetup.confirmForget(q.tvName), reprompt: w.voiceSetup.confirmForgetReprompt }),
    yes: (t, q) => forgetConfirmed(t, q.tvName),
    no: nothingChanged,
  },
  // Owned by which-tv.ts: how it is put, and the requests that answer it.
  whichTv: { asking: whichTvAsking, passes: answersWhichTv },
};

/** Asks `q` as the table says and keeps it pending. `speech` replaces its first words (a "Sorry, …" before it). */
function put(input: HandlerInput, q: Question, speech?: string, consentCard = false): Response {
  return pose(input, q, spec(q).asking(words(input), q), speech, consentCard);
}

/** The same question again, with its options. */
function askAgain(input: HandlerInput, q: Question): Response {
  const w = words(input);
  const s = spec(q);
  const again = s.again?.(w, q) ?? w.voiceSetup.again(s.asking(w, q).speech);
  return put(input, q, s.yes ? w.then(again, w.voiceSetup.yesOrNo) : again);
}

export function conversationHandlers(deps: ConversationDeps): {
  handlers: RequestHandler[];
  interceptor: RequestInterceptor;
} {
  /** Whatever arrives while a question is pending, but for the requests that answer it elsewhere. */
  const pending: RequestHandler = {
    canHandle(input) {
      const q = questionOf(input);
      return (
        q !== undefined &&
        Alexa.getRequestType(input.requestEnvelope) === 'IntentRequest' &&
        !spec(q).passes?.(input, q)
      );
    },
    async handle(input) {
      const q = questionOf(input)!;
      const s = spec(q);
      const t: Turn = { deps, input, w: words(input) };
      if ([INTENT.cancel, INTENT.stop, INTENT.navigateHome].some((name) => isIntent(input, name))) {
        return q.ask === 'whichTv' ? end(input, t.w.goodbye) : nothingChanged(t);
      }
      if (isIntent(input, INTENT.help)) return put(input, q);
      if (isIntent(input, INTENT.yes) && s.yes) return s.yes(t, q);
      if (isIntent(input, INTENT.no) && s.no) return s.no(t, q);
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
      const opening =
        Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest' ||
        isTvIntent(input) ||
        isIntent(input, INTENT.chooseTv);
      return opening && user?.linked === true && user.tvs.length === 0;
    },
    handle: (input) => put(input, { ask: 'offer' }),
  };

  /** "Set up another TV", "set up the kitchen TV". */
  const setUp: RequestHandler = {
    canHandle: (input) => isIntent(input, INTENT.setUpTv) && findRequestUser(input)?.linked === true,
    handle(input) {
      const heard = resolvedSlot(input, SLOT.tv);
      return heard ? nameGiven({ deps, input, w: words(input) }, heard.words) : put(input, { ask: 'name' });
    },
  };

  /** "Forget the bedroom TV": asks to confirm first; a name that is none of the TVs asks which. */
  const forget: RequestHandler = {
    canHandle: (input) => isIntent(input, INTENT.forgetTv) && findRequestUser(input)?.linked === true,
    handle(input) {
      const user = findRequestUser(input)!;
      const w = words(input);
      if (user.tvs.length === 0) return end(input, w.voiceSetup.noTv);
      const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim() ?? '';
      const tv = findTv(user.tvs, spoken);
      if (tv) return put(input, { ask: 'forget', tvName: tv.deviceName });
      return askWhichTv(input, INTENT.forgetTv, {}, user.tvs, spoken);
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

function spec<Q extends Question>(q: Q): QuestionSpec<Q> {
  return QUESTIONS[q.ask] as unknown as QuestionSpec<Q>;
}

function end(input: HandlerInput, speech: string): Response {
  setQuestion(input, undefined);
  return close(input, speech);
}

const japanese = (input: HandlerInput): boolean => isJapanese(Alexa.getLocale(input.requestEnvelope));

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
  if (area) return run(t, { kind: 'add', tvName, area: area.id });
  if (japanese(t.input)) {
    const q: Question = { ask: 'prefecture', tvName };
    return put(t.input, q, t.w.then(t.w.voiceSetup.askPrefecture, t.w.voiceSetup.grantAddress), true);
  }
  return run(t, { kind: 'add', tvName });
}

/** "Yes" to forgetting: a TV already gone (forgotten from another Echo, or by an earlier "yes") starts nothing. */
function forgetConfirmed(t: Turn, tvName: string): Promise<Response> | Response {
  const user = findRequestUser(t.input)!;
  const still = user.tvs.some((tv) => tv.deviceName === tvName);
  return still ? run(t, { kind: 'remove', tvName }) : end(t.input, t.w.voiceSetup.alreadyForgotten(tvName));
}

/** The prefecture a name or postal code gives (src/tv/areas.ts), or undefined. */
function prefectureNamed(text: string): Prefecture | undefined {
  const found = findArea(text);
  return found.found ? found.prefecture : undefined;
}

/** The entry a number in the list, an ordinal, a maker or (part of) a label names, by the id Alexa resolved first. */
function pick(entries: ListOption[], heard: ResolvedSlot): ListOption | undefined {
  const said = normalForm(heard.words);
  const number =
    heard.id !== undefined && /^\d+$/.test(heard.id) ? Number(heard.id) : placeNamed(heard.words, entries.length);
  if (number !== undefined) return entries[number - 1];
  const maker: Maker | undefined =
    MAKERS.find((m) => m.id === heard.id) ?? MAKERS.find((m) => makerWords(m).includes(said));
  const matches = maker
    ? entries.filter((e) => makerWords(maker).some((word) => normalForm(e.label).includes(word)))
    : entries.filter(
        (e) =>
          normalForm(e.label) === said || (nameCore(e.label) !== '' && nameCore(e.label) === nameCore(heard.words)),
      );
  return matches.length === 1 ? matches[0] : undefined;
}

/** Starts the run (voice-run.ts) and says what comes of it. */
async function run(t: Turn, plan: RunPlan): Promise<Response> {
  return say(t, await startRun(t.deps, t.input, findRequestUser(t.input)!, t.w, plan));
}

/** The run's next step: its last words, or the next question. */
function say(t: Turn, next: Next): Response {
  return 'end' in next ? end(t.input, next.end) : put(t.input, next.ask);
}
