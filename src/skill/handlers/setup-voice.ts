// Setting a TV up, and forgetting one, by voice: the conversation asks what it needs (the TV's name, then
// which model when the remote offers several), starts the setup function (setup-trigger.ts) and follows
// the run on the user's record, where the function writes how it ended. Where the conversation stands
// is kept in the session; the run itself in the table, so an Alexa retry or a second "yes" finds it.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { IntentRequest, Response } from 'ask-sdk-model';
import { asRecord } from '../../json';
import type { Logger } from '../../log';
import type { UserStore, VoiceSetup } from '../../store/types';
import { normalForm } from '../../text';
import { FORGET_TV_INTENT, NO_INTENT, SET_UP_TV_INTENT, SLOT, YES_INTENT } from '../intents';
import { sayWhileWorking } from '../progressive';
import { findRequestUser, type RequestUser } from '../request-user';
import { ask, close } from '../respond';
import { isIntent, isTvIntent } from '../routing';
import type { SetupTrigger } from '../setup-trigger';
import { findTv, shortName } from '../tv-choice';
import { nameCore } from '../../tv/names';
import { words } from '../words';

export interface VoiceSetupDeps {
  store: UserStore;
  trigger: SetupTrigger;
  now: () => number;
  logger: Logger;
}

/** A run that never recorded its end (its Lambda died) stops blocking the next after this long. */
export const VOICE_RUN_STALE_SECONDS = 150;
/** How often the record is read while a run goes on. */
const POLL_MS = 300;
/** The answer leaves this long before the request's deadline, whatever the run does. */
const ANSWER_MARGIN_MS = 1000;

/** Where the conversation stands, in the session. */
type Talk =
  | { step: 'offer' }
  | { step: 'name'; tvName: string }
  | { step: 'wait'; requestId: string; tvName: string; kind: VoiceSetup['kind'] }
  | { step: 'choose'; tvName: string; presets: { id: string; label: string }[] }
  | { step: 'remote'; tvName: string; remotes: { id: string; label: string }[] }
  | { step: 'forget'; tvName: string };

const TALK = 'setup';

export function voiceSetupHandlers(deps: VoiceSetupDeps): RequestHandler[] {
  /** A linked user without a TV, on opening the skill or asking for any TV command: the offer. */
  const offer: RequestHandler = {
    canHandle(input) {
      const user = findRequestUser(input);
      const opening = Alexa.getRequestType(input.requestEnvelope) === 'LaunchRequest' || isTvIntent(input);
      return opening && user?.linked === true && user.tvs.length === 0;
    },
    handle(input) {
      const w = words(input).voiceSetup;
      setTalk(input, { step: 'offer' });
      return ask(input, w.offer, w.offerReprompt);
    },
  };

  /** "Set up another TV", the TV's name (the answer to the question), or which model. */
  const setUp: RequestHandler = {
    canHandle: (input) => isIntent(input, SET_UP_TV_INTENT) && findRequestUser(input)?.linked === true,
    async handle(input) {
      const w = words(input).voiceSetup;
      const talk = talkOf(input);
      const choice = Alexa.getSlotValue(input.requestEnvelope, SLOT.choice)?.trim();
      if (talk?.step === 'choose' && choice) {
        const preset = pickPreset(talk.presets, choice);
        if (!preset) return ask(input, w.unknownChoice(talk.presets.map((p) => p.label)), w.choosePresetReprompt);
        return startRun(deps, input, { kind: 'add', tvName: talk.tvName, tvPresetId: preset.id });
      }
      if (talk?.step === 'remote' && choice) {
        const remote = pickRemote(talk.remotes, choice);
        if (!remote) return ask(input, w.unknownRemote(talk.remotes.map((r) => r.label)), w.chooseRemoteReprompt);
        return startRun(deps, input, { kind: 'add', tvName: talk.tvName, remoteName: remote.label });
      }
      const name = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim();
      if (!name || normalForm(name) === '') return askName(input);
      const tvName = fullName(name, input);
      setTalk(input, { step: 'name', tvName });
      return ask(input, w.confirmName(tvName), w.confirmNameReprompt);
    },
  };

  /** "Forget the bedroom TV": asks to confirm first. */
  const forget: RequestHandler = {
    canHandle: (input) => isIntent(input, FORGET_TV_INTENT) && findRequestUser(input)?.linked === true,
    handle(input) {
      const user = findRequestUser(input)!;
      const spoken = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv)?.trim() ?? '';
      const tv = findTv(user.tvs, spoken);
      const all = words(input);
      const names = user.tvs.map(shortName);
      if (!tv) return user.tvs.length === 0 ? close(input, all.voiceSetup.noTv) : ask(input, all.tvs.unknown(spoken, names), all.tvs.which(names));
      setTalk(input, { step: 'forget', tvName: tv.deviceName });
      return ask(input, all.voiceSetup.confirmForget(tv.deviceName), all.voiceSetup.confirmForgetReprompt);
    },
  };

  /** "Yes" to the conversation's last question. */
  const yes: RequestHandler = {
    canHandle: (input) => isIntent(input, YES_INTENT) && talkOf(input) !== undefined,
    async handle(input) {
      const talk = talkOf(input)!;
      switch (talk.step) {
        case 'offer': return askName(input);
        case 'name': return startRun(deps, input, { kind: 'add', tvName: talk.tvName });
        case 'forget': return startRun(deps, input, { kind: 'remove', tvName: talk.tvName });
        case 'wait': return follow(deps, input, talk);
        case 'choose': return ask(input, words(input).voiceSetup.choosePreset(talk.presets.map((p) => p.label)), words(input).voiceSetup.choosePresetReprompt);
        case 'remote': return ask(input, words(input).voiceSetup.chooseRemote(talk.remotes.map((r) => r.label)), words(input).voiceSetup.chooseRemoteReprompt);
      }
    },
  };

  /** "No": nothing is started, or nothing more is asked. */
  const no: RequestHandler = {
    canHandle: (input) => isIntent(input, NO_INTENT) && talkOf(input) !== undefined,
    handle(input) {
      setTalk(input, undefined);
      return close(input, words(input).voiceSetup.nothingChanged);
    },
  };

  return [offer, setUp, forget, yes, no];
}

/** The name as the user will say it to Alexa: "bedroom" becomes "bedroom TV" (「寝室」: 「寝室のテレビ」). */
function fullName(name: string, input: HandlerInput): string {
  const japanese = Alexa.getLocale(input.requestEnvelope)?.toLowerCase().startsWith('ja') === true;
  if (japanese) return /テレビ$/.test(name) ? name : `${name}のテレビ`;
  const spoken = name.replace(/^the\s+/i, '');
  return /\b(?:tv|television)$/i.test(spoken) ? spoken.replace(/\b(?:tv|television)$/i, 'TV') : `${spoken} TV`;
}

/** Asks for the name on SetUpTvIntent itself: Alexa hears the answer with the tv slot's samples. */
function askName(input: HandlerInput): Response {
  const w = words(input).voiceSetup;
  setTalk(input, { step: 'offer' });
  return input.responseBuilder.speak(w.askName).reprompt(w.askNameReprompt)
    .addElicitSlotDirective(SLOT.tv, { name: SET_UP_TV_INTENT, confirmationStatus: 'NONE', slots: {
      [SLOT.tv]: { name: SLOT.tv, confirmationStatus: 'NONE' },
      [SLOT.choice]: { name: SLOT.choice, confirmationStatus: 'NONE' },
    } })
    .getResponse();
}

/** The preset a number in the list or a maker names. */
function pickPreset(presets: { id: string; label: string }[], said: string): { id: string; label: string } | undefined {
  const text = normalForm(said);
  const number = /^\d+$/.test(text) ? Number(text) : undefined;
  if (number !== undefined) return presets[number - 1];
  const byMaker = presets.filter((p) => normalForm(p.label).includes(text) || MAKERS[text]?.some((m) => normalForm(p.label).includes(m)));
  return byMaker.length === 1 ? byMaker[0] : undefined;
}

/** The remote a number in the list or (part of) its name names. */
function pickRemote(remotes: { id: string; label: string }[], said: string): { id: string; label: string } | undefined {
  const text = normalForm(said);
  if (/^\d+$/.test(text)) return remotes[Number(text) - 1];
  const named = remotes.filter((r) => normalForm(r.label) === text || nameCore(r.label) === nameCore(said));
  return named.length === 1 ? named[0] : undefined;
}

/** Makers as said in Japanese, to the names the device cloud's presets use. */
const MAKERS: Record<string, string[]> = {
  シャープ: ['sharp'], パナソニック: ['panasonic'], ソニー: ['sony'], 東芝: ['toshiba'], 日立: ['hitachi'], 三菱: ['mitsubishi'],
  エルジー: ['lg'], ハイセンス: ['hisense'], 船井: ['funai'], サムスン: ['samsung'], ティーシーエル: ['tcl'],
};

interface RunAsk {
  kind: VoiceSetup['kind'];
  tvName: string;
  tvPresetId?: string;
  remoteName?: string;
}

/**
 * Starts the run at most once for this request (the conditional write decides: a retry of the request
 * or another run going starts nothing), plays "looking…" meanwhile, and follows the run for as long as
 * the request allows.
 */
async function startRun(deps: VoiceSetupDeps, input: HandlerInput, run: RunAsk): Promise<Response> {
  const user = findRequestUser(input)!;
  const w = words(input).voiceSetup;
  const requestId = input.requestEnvelope.request.requestId;
  const started = await deps.store.startVoiceSetup(user.userId, {
    requestId, kind: run.kind, tvName: run.tvName, state: 'running', startedAt: Math.floor(deps.now() / 1000),
  }, VOICE_RUN_STALE_SECONDS);
  if (started === 'busy') {
    setTalk(input, undefined);
    return close(input, w.failed.busy);
  }
  if (started === 'started') {
    try {
      await deps.trigger.start({
        userId: user.userId, voiceRun: requestId,
        ...(run.kind === 'remove' ? { removeTv: run.tvName } : { tvName: run.tvName }),
        ...(run.tvPresetId && { tvPresetId: run.tvPresetId }),
        ...(run.remoteName && { remoteName: run.remoteName }),
      });
    } catch (e) {
      deps.logger.error('could not start the setup function', { userId: user.userId, error: e instanceof Error ? e.message : 'unknown failure' });
      await deps.store.finishVoiceSetup(user.userId, requestId, { state: 'failed', failure: 'other' });
      setTalk(input, undefined);
      return close(input, w.notStarted[run.kind]);
    }
  }
  void sayWhileWorking(input.requestEnvelope, run.kind === 'remove' ? w.forgetting : w.looking);
  return follow(deps, input, { step: 'wait', requestId, tvName: run.tvName, kind: run.kind });
}

/** Reads the run until it ends or the request must answer; says how it ended, or asks to check again. */
async function follow(deps: VoiceSetupDeps, input: HandlerInput, talk: Extract<Talk, { step: 'wait' }>): Promise<Response> {
  const user = findRequestUser(input)!;
  const w = words(input).voiceSetup;
  const run = await watch(deps, user, talk.requestId);
  switch (run?.state) {
    case 'ready':
      setTalk(input, undefined);
      return close(input, w.ready(talk.tvName));
    case 'removed':
      setTalk(input, undefined);
      return close(input, w.forgotten(talk.tvName));
    case 'choose_preset': {
      const presets = run.choices ?? [];
      setTalk(input, { step: 'choose', tvName: talk.tvName, presets });
      return askChoice(input, talk.tvName, w.choosePreset(presets.map((p) => p.label)), w.choosePresetReprompt);
    }
    case 'choose_remote': {
      const remotes = run.choices ?? [];
      setTalk(input, { step: 'remote', tvName: talk.tvName, remotes });
      return askChoice(input, talk.tvName, w.chooseRemote(remotes.map((r) => r.label)), w.chooseRemoteReprompt);
    }
    case 'failed':
      setTalk(input, undefined);
      return close(input, w.failed[run.failure ?? 'other']);
    default:
      // Still running (or its record is not there yet): the next turn checks again.
      setTalk(input, talk);
      return ask(input, w.stillLooking, w.stillLooking);
  }
}

/** Asks which one on SetUpTvIntent's `choice` slot, the TV's name kept. */
function askChoice(input: HandlerInput, tvName: string, speech: string, reprompt: string): Response {
  const intent: IntentRequest['intent'] = { name: SET_UP_TV_INTENT, confirmationStatus: 'NONE', slots: {
    [SLOT.tv]: { name: SLOT.tv, value: tvName, confirmationStatus: 'NONE' },
    [SLOT.choice]: { name: SLOT.choice, confirmationStatus: 'NONE' },
  } };
  return input.responseBuilder.speak(speech).reprompt(reprompt).addElicitSlotDirective(SLOT.choice, intent).getResponse();
}

async function watch(deps: VoiceSetupDeps, user: RequestUser, requestId: string): Promise<VoiceSetup | undefined> {
  for (;;) {
    const run = (await deps.store.get(user.userId))?.voiceSetup;
    const mine = run?.requestId === requestId ? run : undefined;
    if (mine && mine.state !== 'running') return mine;
    if (deps.now() + POLL_MS + ANSWER_MARGIN_MS > user.deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Where the conversation stands, read back from the session Alexa returns: each step with its own fields, or nothing. */
function talkOf(input: HandlerInput): Talk | undefined {
  if (!input.requestEnvelope.session) return undefined;
  const t = asRecord(input.attributesManager.getSessionAttributes()[TALK]);
  const text = (key: string): string | undefined => (typeof t?.[key] === 'string' && t[key] !== '' ? t[key] as string : undefined);
  const tvName = text('tvName');
  switch (t?.['step']) {
    case 'offer': return { step: 'offer' };
    case 'name': return tvName ? { step: 'name', tvName } : undefined;
    case 'forget': return tvName ? { step: 'forget', tvName } : undefined;
    case 'wait': {
      const requestId = text('requestId');
      const kind = t['kind'] === 'add' || t['kind'] === 'remove' ? t['kind'] : undefined;
      return tvName && requestId && kind ? { step: 'wait', tvName, requestId, kind } : undefined;
    }
    case 'choose': {
      const presets = choicesOf(t['presets']);
      return tvName && presets.length > 0 ? { step: 'choose', tvName, presets } : undefined;
    }
    case 'remote': {
      const remotes = choicesOf(t['remotes']);
      return tvName && remotes.length > 0 ? { step: 'remote', tvName, remotes } : undefined;
    }
    default: return undefined;
  }
}

function choicesOf(value: unknown): { id: string; label: string }[] {
  return Array.isArray(value) ? value.flatMap((p: unknown) => {
    const id = asRecord(p)?.['id'];
    const label = asRecord(p)?.['label'];
    return typeof id === 'string' && typeof label === 'string' ? [{ id, label }] : [];
  }) : [];
}

function setTalk(input: HandlerInput, talk: Talk | undefined): void {
  if (!input.requestEnvelope.session) return;
  const attributes = { ...input.attributesManager.getSessionAttributes() };
  if (talk === undefined) delete attributes[TALK];
  else attributes[TALK] = talk;
  input.attributesManager.setSessionAttributes(attributes);
}
