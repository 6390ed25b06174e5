// How the sandbox plays Alexa's two doors in English (phrases-ja.ts reads Japanese): a line naming the
// invocation name goes to the custom skill, any other becomes a Smart Home directive. The utterances it
// covers and their sources: docs/sandbox.md#phrases.
import { randomUUID } from 'node:crypto';
import type { ErrorType } from '../../alexa/messages';
import type { DeviceRef, Frame, FrameDevice } from '../frames/frame';
import { readFrame } from '../frames/read';

export type CustomSkillLine = { kind: 'launch' } | { kind: 'utter'; utterance: string };

/**
 * A line that invokes the skill, as Amazon lists the English forms ("Understand How Users Invoke Custom
 * Skills", developer.amazon.com/en-US/docs/alexa/custom-skills/understanding-how-users-invoke-custom-skills.html): with no request ("open tv
 * remote", "ask tv remote", "start …", "launch …", "begin …", "talk to …", "run …", "load …": the launch
 * words of that page, which Amazon's "Crafting great example phrases that meet certification requirements"
 * lists as "open," "ask," "start," "launch," "begin," "talk to," "run," "load"), which Alexa sends as a LaunchRequest; or with one, sent as
 * the request's IntentRequest: "ask/tell <name> to/for/about <request>", "open/start/launch/talk to
 * <name> and <request>", "<request> using/from <name>" ("get today's Taurus report from Daily
 * Horoscopes"); "the" may come before the name. Undefined for any other line: a word like "ask" or "tell"
 * inside a line ("what can I ask", "turn on the telly") invokes nothing. The request keeps its words
 * ("please" too): the custom model's grammar (models/grammar/en.ts) hears them as said.
 */
export function customSkillLine(line: string, invocationName: string): CustomSkillLine | undefined {
  const text = plain(line);
  const name = `(?:the\\s+)?${invocationName.toLowerCase().trim().replace(/\s+/g, '\\s+')}`;
  const OPEN = '(?:open|start|launch|talk\\s+to)';
  const LAUNCH = '(?:open|ask|start|launch|begin|talk\\s+to|run|load)';
  if (new RegExp(`^${LAUNCH}\\s+${name}$`).test(text)) return { kind: 'launch' };
  const asked =
    new RegExp(`^(?:tell|ask)\\s+${name}\\s+(?:(?:to|for|about)\\s+)?(.+)$`).exec(text) ??
    new RegExp(`^${OPEN}\\s+${name}\\s+and\\s+(.+)$`).exec(text) ??
    new RegExp(`^(.+?)\\s+(?:using|from)\\s+${name}$`).exec(text);
  return asked ? { kind: 'utter', utterance: asked[1]! } : undefined;
}

/**
 * What Alexa's built-in intents hear in English inside the custom skill, one table (the model's own
 * samples for them are added by the stand-in: "you can [provide sample utterances] if you want to extend
 * the intent"). Amazon's subset of what each hears (Amazon, "Standard Built-in Intents", Common
 * Utterances, developer.amazon.com/en-US/docs/alexa/custom-skills/standard-built-in-intents.html): Cancel "cancel",
 * "never mind", "forget it"; Help "help", "help me", "can you help me"; Stop "stop", "off", "shut up";
 * Yes "yes", "yes please", "sure"; No "no", "no thanks"; NavigateHome "go home". Beyond that subset, the
 * questions people ask for help ("what can I say", "what can I ask"). "exit" and "quit" are no intent:
 * they end the session (endsSession). Undefined for any other line.
 */
export function builtInIntent(line: string): string | undefined {
  const text = normalise(line);
  return BUILT_IN.find(([pattern]) => pattern.test(text))?.[1];
}

const BUILT_IN: [RegExp, string][] = [
  [
    /^(?:help(?: me)?|can you help me|i need help|what can i (?:say|ask(?: you)?|do)|what (?:can you do|do i say|should i say|are my options)|how does (?:this|it) work)$/,
    'AMAZON.HelpIntent',
  ],
  [/^(?:stop|off|shut up)$/, 'AMAZON.StopIntent'],
  [/^(?:cancel|never mind|nevermind|forget it)$/, 'AMAZON.CancelIntent'],
  [/^(?:yes|yes please|sure)$/, 'AMAZON.YesIntent'],
  [/^(?:no|no thanks)$/, 'AMAZON.NoIntent'],
  [/^go home$/, 'AMAZON.NavigateHomeIntent'],
];

/**
 * "exit" and "quit" end the skill's session at once: the skill gets a SessionEndedRequest (reason
 * USER_INITIATED) and can say nothing. Amazon, "Request Types Reference", SessionEndedRequest: "The user
 * says "exit" or "quit""; "Best Practices for Custom Interfaces": "you cannot handle cases in which the
 * user ends the skill by saying "Exit" or "Quit". In these cases, the session ends immediately."
 */
export function endsSession(line: string): boolean {
  return /^(?:exit|quit)$/.test(normalise(line));
}

/** A discovered endpoint as the phrase reader needs it. */
export interface KnownEndpoint {
  endpointId: string;
  friendlyName: string;
  cookie: Record<string, string>;
}

export interface SmartHomeRequest {
  namespace: string;
  name: string;
  payload: Record<string, unknown>;
  /** The device the line names: one of the endpoints (by its index), the generic TV, or words naming none. */
  device: DeviceRef;
}

/**
 * The directive Alexa sends for a frame (src/local/frames/): each action is the directive its interface's
 * page documents. A volume step with no amount said is some volume flagged `volumeDefault` (Alexa.Speaker
 * AdjustVolume: "volumeDefault … true when the user didn't specify the volume step"); "previous channel" is
 * one channel back (SkipChannels).
 */
export function smartHomeRequest({ device, action }: Frame): SmartHomeRequest {
  const request = (namespace: string, name: string, payload: Record<string, unknown>): SmartHomeRequest => ({
    namespace,
    name,
    payload,
    device,
  });
  switch (action.kind) {
    case 'power':
      return request('Alexa.PowerController', action.on ? 'TurnOn' : 'TurnOff', {});
    case 'channelNumber':
      return request('Alexa.ChannelController', 'ChangeChannel', { channel: { number: String(action.number) } });
    case 'channelName':
      return request('Alexa.ChannelController', 'ChangeChannel', {
        channel: {},
        channelMetadata: { name: action.name },
      });
    case 'channelStep':
      return request('Alexa.ChannelController', 'SkipChannels', { channelCount: action.steps });
    case 'previousChannel':
      return request('Alexa.ChannelController', 'SkipChannels', { channelCount: -1 });
    case 'volumeStep': {
      const sign = action.up ? 1 : -1;
      return request(
        'Alexa.Speaker',
        'AdjustVolume',
        action.count === undefined
          ? { volume: sign * 10, volumeDefault: true }
          : { volume: sign * action.count, volumeDefault: false },
      );
    }
    case 'volumeLevel':
      return request('Alexa.Speaker', 'SetVolume', { volume: action.level });
    case 'mute':
      return request('Alexa.Speaker', 'SetMute', { mute: action.on });
  }
}

/** The endpoints as the frame reader knows them: each by its friendly name. */
export const frameDevices = (endpoints: readonly KnownEndpoint[]): FrameDevice[] =>
  endpoints.map((e) => ({ names: [e.friendlyName] }));

/**
 * The smart-home request an English line asks of these endpoints; undefined when it is no TV request
 * Alexa would recognise. Number words count as digits ("put on channel seven" is channel 7, as Alexa hears
 * it), except in a channel's name.
 */
export function readSmartHomeLine(
  line: string,
  endpoints: readonly KnownEndpoint[] = [],
): SmartHomeRequest | undefined {
  const frame = readFrame(line, frameDevices(endpoints), false);
  return frame && smartHomeRequest(frame);
}

/** Why no endpoint was picked, for the locale's words: none discovered, several and none named, or no such name. */
export type EndpointProblem =
  { problem: 'none' } | { problem: 'several'; names: string[] } | { problem: 'unknown'; words: string };

/** The endpoint the line names: the one named, or the only TV for "the tv" / no words. */
export function pickEndpoint(device: DeviceRef, endpoints: readonly KnownEndpoint[]): KnownEndpoint | EndpointProblem {
  if (device.kind === 'named') return endpoints[device.index] ?? { problem: 'none' };
  if (device.kind === 'unknown') return { problem: 'unknown', words: device.words };
  if (endpoints.length === 1) return endpoints[0]!;
  if (endpoints.length === 0) return { problem: 'none' };
  return { problem: 'several', names: endpoints.map((e) => e.friendlyName) };
}

/**
 * What an Echo says when the device words name nothing it knows. With several TVs and none named, it asks
 * which as people report hearing it ("A few things share the name Master Bedroom Light. Which one did you
 * want?", quoted in github.com/NorthernMan54/homebridge-alexa/issues/451); Amazon publishes no wording.
 */
export function deviceProblemSpeech(p: EndpointProblem): string {
  switch (p.problem) {
    case 'none':
      return 'Sorry, I couldn\'t find any TV. Say "discover devices" after setting one up.';
    case 'several':
      return 'A few things share the name TV. Which one did you want?';
    case 'unknown':
      return `Sorry, I couldn't find a device named "${p.words}".`;
  }
}

/** The directive Alexa would send for the request to the endpoint, with the linked token. */
export function directiveFor(request: SmartHomeRequest, endpoint: KnownEndpoint, token: string): unknown {
  return {
    directive: {
      header: {
        namespace: request.namespace,
        name: request.name,
        payloadVersion: '3',
        messageId: randomUUID(),
        correlationToken: randomUUID(),
      },
      endpoint: { scope: { type: 'BearerToken', token }, endpointId: endpoint.endpointId, cookie: endpoint.cookie },
      payload: request.payload,
    },
  };
}

/** What Alexa sends once the account is linked: the grant to send events, and whose it is. */
export function acceptGrantDirective(code: string, grantee: string): unknown {
  return {
    directive: {
      header: { namespace: 'Alexa.Authorization', name: 'AcceptGrant', payloadVersion: '3', messageId: randomUUID() },
      payload: { grant: { type: 'OAuth2.AuthorizationCode', code }, grantee: { type: 'BearerToken', token: grantee } },
    },
  };
}

export function discoverDirective(token: string): unknown {
  return {
    directive: {
      header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: randomUUID() },
      payload: { scope: { type: 'BearerToken', token } },
    },
  };
}

/** Where a sentence Alexa says comes from: Amazon's published words, or the error type's meaning in ours. */
export type WordsFrom = 'Amazon' | 'ours';

/** What Alexa says for one error type: `device` is the endpoint's friendly name. */
export interface SpokenError {
  from: WordsFrom;
  say(device: string, validRange?: { minimumValue: number; maximumValue: number }): string;
}

/** Alexa's answers to a smart-home directive in one language. */
export interface SmartHomeWords {
  ok: string;
  /** One sentence for each error type the smart-home door sends. */
  errors: Record<ErrorType, SpokenError>;
  /** An error type the table does not know. */
  other(device: string): string;
}

/**
 * What Alexa says for a smart-home answer: for an ErrorResponse, the words for its `type`, and never its
 * `message` ("Alexa doesn't share this with the customer": the ErrorResponse pages' payload tables, e.g.
 * "Alexa.ThermostatController.ErrorResponse Interface 3"; "Alexa.ErrorResponse Interface 3" for the types).
 * VALUE_OUT_OF_RANGE's validRange is meant for Alexa, so it may be said.
 */
export function smartHomeAnswer(
  words: SmartHomeWords,
  response: { event: { header: { name: string }; payload: Record<string, unknown> } },
  device: string,
): string {
  if (response.event.header.name !== 'ErrorResponse') return words.ok;
  const type = response.event.payload['type'];
  const spoken =
    typeof type === 'string' && Object.hasOwn(words.errors, type) ? words.errors[type as ErrorType] : undefined;
  if (spoken === undefined) return words.other(device);
  const range = response.event.payload['validRange'] as { minimumValue?: unknown; maximumValue?: unknown } | undefined;
  const valid =
    typeof range?.minimumValue === 'number' && typeof range.maximumValue === 'number'
      ? { minimumValue: range.minimumValue, maximumValue: range.maximumValue }
      : undefined;
  return spoken.say(device, valid);
}

const RELINK = 'Please link the TV remote skill again in the Alexa app.';

/**
 * Alexa's English answers. Amazon publishes the words for an unreachable device only ("Alexa.EndpointHealth
 * Interface 3.1", connectivity: "<device name> isn't responding. Please check its network connection and
 * power supply."; Amazon's "Common Alexa smart home errors" post quotes "Sorry, living room light isn't
 * responding."); every other sentence says the type's meaning from "Alexa.ErrorResponse Interface 3" in
 * our words.
 */
export const SMART_HOME_WORDS: SmartHomeWords = {
  ok: 'OK.',
  errors: {
    ENDPOINT_UNREACHABLE: {
      from: 'Amazon',
      say: (d) => `${d} isn't responding. Please check its network connection and power supply.`,
    },
    BRIDGE_UNREACHABLE: {
      from: 'ours',
      say: (d) => `${d} can't be reached: the hub it's connected to isn't responding.`,
    },
    EXPIRED_AUTHORIZATION_CREDENTIAL: {
      from: 'ours',
      say: (d) => `The account linked for ${d} has expired. ${RELINK}`,
    },
    INVALID_AUTHORIZATION_CREDENTIAL: {
      from: 'ours',
      say: (d) => `The account linked for ${d} isn't valid. ${RELINK}`,
    },
    INSUFFICIENT_PERMISSIONS: { from: 'ours', say: (d) => `The TV remote skill isn't allowed to control ${d}.` },
    INTERNAL_ERROR: { from: 'ours', say: (d) => `Sorry, something went wrong with ${d}.` },
    INVALID_DIRECTIVE: { from: 'ours', say: (d) => `${d} doesn't support that.` },
    INVALID_VALUE: { from: 'ours', say: (d) => `Sorry, ${d} can't be set to that.` },
    NO_SUCH_ENDPOINT: { from: 'ours', say: (d) => `I can't find ${d} any more.` },
    NOT_SUPPORTED_IN_CURRENT_MODE: { from: 'ours', say: (d) => `${d} can't do that in its current mode.` },
    VALUE_OUT_OF_RANGE: {
      from: 'ours',
      say: (d, range) =>
        range
          ? `${d} can only be set between ${range.minimumValue} and ${range.maximumValue}.`
          : `That's out of range for ${d}.`,
    },
  },
  other: (d) => `Sorry, ${d} isn't working right now.`,
};

/** What an Echo says in English for a smart-home answer. */
export const smartHomeSpeech = (
  response: { event: { header: { name: string }; payload: Record<string, unknown> } },
  device: string,
): string => smartHomeAnswer(SMART_HOME_WORDS, response, device);

/** A line as said: lower case, without "Alexa," or the closing punctuation. */
function plain(line: string): string {
  return line
    .toLowerCase()
    .replace(/^alexa[,\s]+/, '')
    .replace(/[.!?,]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** For the built-in intents, "please" anywhere is dropped. */
function normalise(line: string): string {
  return plain(line.replace(/\b(?:please)\b/gi, ''));
}
