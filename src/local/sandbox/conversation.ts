// A line through the doors, as the console shows the answer: Google's when said to Google, the custom
// skill's when Alexa passes the line to it, otherwise a smart-home directive; then each TV's state.
import type { ResponseEnvelope } from 'ask-sdk-model';
import { refusalSpeech } from '../alexa/rules';
import type { Emulator } from '../emulator';
import type { Reply, TvLine } from './console';
import type { Heard } from './custom-skill';
import { SANDBOX_USER_ID, type SandboxParts, type SandboxState } from './parts';
import { answeredDevice } from '../frames/frame';
import { directiveFor, frameDevices, pickEndpoint, type KnownEndpoint, type SmartHomeRequest } from './phrases';
import { speechText } from './speech-text';
import { userTvs } from './tv-setup';

export interface Conversation {
  converse(line: string): Promise<Reply>;
  tvStates(): Promise<TvLine[]>;
  /** A line or a touch, noting the presses it sent that a TV that is off ignored. */
  notingIgnored<T>(send: () => Promise<T>): Promise<T>;
  /** The custom skill's answer as the Echo gives it. */
  customSkill(heard: Heard): Reply;
}

export function conversation(parts: SandboxParts, state: SandboxState): Conversation {
  const { alexa, emulator, language, token } = parts;

  const notingIgnored = async <T>(send: () => Promise<T>): Promise<T> => {
    const calls = emulator?.calls.length ?? 0;
    const result = await send();
    state.ignored = emulator ? ignoredPresses(emulator, calls) : new Map<string, number>();
    return result;
  };
  const customSkill = (heard: Heard): Reply => {
    if (heard.refused !== undefined) {
      // What the Echo says when Alexa refuses the response; the session is over.
      return {
        speech: refusalSpeech(parts.locale),
        sessionOpen: false,
        door: 'custom skill',
        note: `Alexa refused the skill's response: ${heard.refused}`,
      };
    }
    const reply = heard.silent ? { speech: '', sessionOpen: false, door: 'custom skill' } : toReply(heard.response);
    // Heard by meaning, no sample matching it: where a real Echo might differ, so the door line says so.
    if (heard.byMeaning !== undefined) reply.door = `custom skill, heard by meaning: ${heard.byMeaning}`;
    // Open with the microphone closed (the keypad on the screen): said, a line still goes to the skill.
    const quiet =
      alexa.sessionOpen() && !alexa.listening()
        ? 'the session stays open with the keypad on the screen, the microphone closed'
        : undefined;
    const note = [heard.note, quiet].filter(Boolean).join('; ');
    return { ...reply, sessionOpen: alexa.listening(), ...(note && { note }) };
  };
  /** The request Alexa asked "Which one?" about, until the next line answers it or moves on. */
  let asked: SmartHomeRequest | undefined;
  const smartHomeLine = async (line: string): Promise<Reply> => {
    const endpoints = parts.alexaSide.devices(SANDBOX_USER_ID);
    const question = asked;
    asked = undefined;
    // Alexa takes the answer to its own question: a name, a part of one, "the bedroom one", 「寝室の方」.
    // A line that is no answer is heard as a new request.
    const answer = question && answeredDevice(line, frameDevices(endpoints), language.japanese);
    if (question && answer !== undefined) return send(question, endpoints[answer]!);
    const request = language.readSmartHomeLine(line, endpoints);
    if (!request) {
      return {
        speech: language.dontKnow,
        sessionOpen: false,
        door: 'no door',
        // A volume or mute that names no device is the Echo's own (src/local/frames/frame.ts).
        note: `not a TV request Alexa would recognise (a volume or mute that names no TV is the Echo's own); to use the custom skill say "${language.askPhrase}"`,
      };
    }
    const endpoint = pickEndpoint(request.device, endpoints);
    if ('problem' in endpoint) {
      if (endpoint.problem === 'several') asked = request;
      return { speech: language.deviceProblem(endpoint), sessionOpen: false, door: 'smart home' };
    }
    return send(request, endpoint);
  };
  const send = async (request: SmartHomeRequest, endpoint: KnownEndpoint): Promise<Reply> => {
    const response = await parts.smartHome(directiveFor(request, endpoint, token));
    const outcome =
      response.event.header.name === 'ErrorResponse'
        ? `ErrorResponse ${String(response.event.payload['type'])}`
        : response.event.header.name;
    return {
      speech: language.smartHomeSpeech(response, endpoint.friendlyName),
      sessionOpen: false,
      door: `smart home: ${request.namespace}.${request.name} to "${endpoint.friendlyName}" -> ${outcome}`,
    };
  };

  return {
    notingIgnored,
    customSkill,
    tvStates: async () =>
      state.tvs.flatMap((tv) => {
        const now = emulator?.tvState(tv.thingId);
        const presses = state.ignored.get(tv.thingId);
        return now
          ? [
              {
                name: tv.deviceName,
                power: now.power,
                channel: now.channel,
                volume: now.volume,
                ...(presses && { ignored: presses }),
              },
            ]
          : [];
      }),
    async converse(line) {
      // The invocation name opens the custom skill (or asks it once), and inside an open session Alexa
      // passes whatever is said to it; anything else is a smart-home request.
      const heard = parts.addresses.spoken().length;
      const arrived = parts.newEvents();
      const reply = await notingIgnored(async () => {
        if (parts.google.takes(line, state.platform)) return parts.google.answer(line);
        const skill = await alexa.hear(line);
        return skill ? customSkill(skill) : smartHomeLine(line);
      });
      // A voice setup may have added or forgotten a TV.
      if (reply.door.startsWith('custom skill')) state.tvs = await userTvs(parts.store);
      await parts.persist();
      // What Alexa played while the skill worked (progressive responses), before its answer.
      const played = parts.addresses
        .spoken()
        .slice(heard)
        .map((s) => speechText({ type: 'SSML', ssml: s.speech }));
      // Alexa events that reached the gateway meanwhile (this line's setup, or another terminal's).
      const events = [...arrived, ...parts.newEvents()].map((l) => l.trim());
      const withEvents =
        events.length > 0 ? { ...reply, note: [reply.note, ...events].filter(Boolean).join('; ') } : reply;
      return played.length > 0 ? { ...withEvents, speech: `${played.join(' ')} … ${withEvents.speech}` } : withEvents;
    },
  };
}

function toReply(envelope: ResponseEnvelope): Reply {
  const r = envelope.response;
  const card =
    r.card && 'content' in r.card
      ? { title: r.card.title, content: r.card.content }
      : r.card && r.card.type === 'LinkAccount'
        ? { title: 'Link account', content: 'Link your account in the Alexa app.' }
        : undefined;
  return { speech: speechText(r.outputSpeech), card, sessionOpen: r.shouldEndSession === false, door: 'custom skill' };
}

/**
 * The channel and volume presses of this line (the emulator's calls since `from`) that a TV ignored
 * because it is off, by TV: the device cloud answers OK to them, as it cannot see the TV.
 */
function ignoredPresses(emulator: Emulator, from: number): Map<string, number> {
  const ignored = new Map<string, number>();
  for (const call of emulator.calls.slice(from)) {
    const thingId = (call.body as { thingId?: unknown } | undefined)?.thingId;
    if (
      call.method !== 'PUT' ||
      !/^\/device\/v2\/tv\/(?:channel|volume)\/$/.test(call.path) ||
      typeof thingId !== 'string'
    )
      continue;
    if (emulator.tvState(thingId)?.power === 'off') ignored.set(thingId, (ignored.get(thingId) ?? 0) + 1);
  }
  return ignored;
}
