// How the sandbox plays Alexa's two doors. A line naming the skill's invocation name goes to the custom
// skill; any other line is read as a smart-home request ("turn on the tv", "channel 5 on the living
// room tv") and becomes a Smart Home directive for one of the discovered endpoints. English here
// (phrases-ja.ts reads Japanese): on an Echo, Alexa's own language understanding does this part. The
// rules cover the utterances each interface's page documents (PowerController, ChannelController,
// Speaker: https://developer.amazon.com/docs/device-apis/alexa-speaker.html and its siblings), and the
// same requests as people phrase them ("tv on", "make the tv quieter").
import { randomUUID } from 'node:crypto';
import type { ErrorType } from '../../alexa/messages';
import { nameCore } from '../../tv/names';
import { spokenNumbers } from './utterance';

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
  const asked = new RegExp(`^(?:tell|ask)\\s+${name}\\s+(?:(?:to|for|about)\\s+)?(.+)$`).exec(text)
    ?? new RegExp(`^${OPEN}\\s+${name}\\s+and\\s+(.+)$`).exec(text)
    ?? new RegExp(`^(.+?)\\s+(?:using|from)\\s+${name}$`).exec(text);
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
  [/^(?:help(?: me)?|can you help me|i need help|what can i (?:say|ask(?: you)?|do)|what (?:can you do|do i say|should i say|are my options)|how does (?:this|it) work)$/, 'AMAZON.HelpIntent'],
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
  /** The device words of the line ("the living room tv"), or undefined when it named none. */
  device?: string;
}

type Rule = [RegExp, (m: RegExpExecArray) => SmartHomeRequest];

const ON_DEVICE = '(?:\\s+(?:on|for)\\s+(.+))?';
/** Alexa.Speaker AdjustVolume. With no amount said Alexa sends some volume flagged `volumeDefault`. */
export const volumeRequest = (sign: 1 | -1, count: string | undefined, device: string | undefined): SmartHomeRequest => ({
  namespace: 'Alexa.Speaker',
  name: 'AdjustVolume',
  payload: count === undefined ? { volume: sign * 10, volumeDefault: true } : { volume: sign * Number(count), volumeDefault: false },
  device,
});
export const setVolumeRequest = (level: string, device: string | undefined): SmartHomeRequest =>
  ({ namespace: 'Alexa.Speaker', name: 'SetVolume', payload: { volume: Number(level) }, device });
/** "a channel" is one; no count at all is one too. */
const skip = (sign: 1 | -1, count: string | undefined, device: string | undefined): SmartHomeRequest =>
  ({ namespace: 'Alexa.ChannelController', name: 'SkipChannels', payload: { channelCount: sign * (count === undefined || count === 'a' ? 1 : Number(count)) }, device });
const up = (word: string): 1 | -1 => (/^(up|next|louder|forward|ahead|raise|increase)$/.test(word) ? 1 : -1);
const COUNT = '(a|\\d+)';
const DIRECTION = '(up|down|back|forward|ahead)';

const RULES: Rule[] = [
  [/^(?:turn|switch|power)\s+(on|off)\s+(.+)$/, (m) => power(m[1]!, m[2])],
  [/^(?:turn|switch|power)\s+(.+?)\s+(on|off)$/, (m) => power(m[2]!, m[1])],
  [new RegExp(`^(?:change\\s+(?:the\\s+)?channel\\s+to|go\\s+to\\s+channel|watch\\s+channel|put\\s+on\\s+channel|switch\\s+to\\s+channel|tune\\s+to\\s+channel|channel)\\s+(\\d+)${ON_DEVICE}$`),
    (m) => ({ namespace: 'Alexa.ChannelController', name: 'ChangeChannel', payload: { channel: { number: m[1] } }, device: m[2] })],
  [new RegExp(`^(?:go\\s+to\\s+the\\s+)?(next|previous)\\s+channel${ON_DEVICE}$`), (m) => skip(up(m[1]!), undefined, m[2])],
  // "channel up", "channel down 2", "turn the channel up by 3"
  [new RegExp(`^(?:turn\\s+)?(?:the\\s+)?channel\\s+(up|down)(?:\\s+by)?(?:\\s+(\\d+))?${ON_DEVICE}$`), (m) => skip(up(m[1]!), m[2], m[3])],
  // "go back a channel", "go up 3 channels", "skip ahead 2 channels", "up 2 channels"
  [new RegExp(`^(?:(?:go|move|skip|jump|channel)\\s+)?${DIRECTION}\\s+${COUNT}\\s+channels?${ON_DEVICE}$`), (m) => skip(up(m[1]!), m[2], m[3])],
  // "two channels up", "a channel back", "skip 2 channels"
  [new RegExp(`^(?:skip\\s+)?${COUNT}\\s+channels?(?:\\s+${DIRECTION})?${ON_DEVICE}$`), (m) => skip(up(m[2] ?? 'up'), m[1], m[3])],
  // A channel by name ("switch to bbc one"): read from the words as said, number words and all.
  [new RegExp(`^(?:change\\s+(?:the\\s+)?channel\\s+to|switch\\s+to|put\\s+on|watch)\\s+(\\D.*?)${ON_DEVICE}$`),
    channelByName],
  // "turn the volume down on the stereo by twenty" (Speaker's page)
  [/^turn\s+(?:the\s+)?volume\s+(up|down)\s+on\s+(.+?)\s+by\s+(\d+)$/, (m) => volumeRequest(up(m[1]!), m[3], m[2])],
  [new RegExp(`^(?:turn\\s+(?:the\\s+)?)?volume\\s+(up|down)(?:\\s+by)?(?:\\s+(\\d+))?${ON_DEVICE}$`), (m) => volumeRequest(up(m[1]!), m[2], m[3])],
  [new RegExp(`^turn\\s+(up|down)\\s+(?:the\\s+)?volume(?:\\s+by\\s+(\\d+))?${ON_DEVICE}$`), (m) => volumeRequest(up(m[1]!), m[2], m[3])],
  // "raise the tv volume", "lower the volume by 2 on the tv", "increase the volume"
  [new RegExp(`^(raise|lower|increase|decrease)\\s+(?:the\\s+)?(?:(.+?)(?:'s)?\\s+)?volume(?:\\s+by\\s+(\\d+))?${ON_DEVICE}$`),
    (m) => volumeRequest(up(m[1]!), m[3], m[2] ?? m[4])],
  [new RegExp(`^(louder|quieter|softer)${ON_DEVICE}$`), (m) => volumeRequest(up(m[1]!), undefined, m[2])],
  // "make the tv quieter", "make it louder"
  [/^make\s+(.+?)\s+(louder|quieter|softer)$/, (m) => volumeRequest(up(m[2]!), undefined, m[1])],
  [/^turn\s+(.+?)\s+(up|down)(?:\s+by)?(?:\s+(\d+))?$/, (m) => volumeRequest(up(m[2]!), m[3], m[1])],
  // "set the volume of the speakers to fifty": a level, which Speaker's SetVolume carries.
  [new RegExp(`^set\\s+(?:the\\s+)?volume(?:\\s+(?:of|on)\\s+(.+?))?\\s+to\\s+(\\d+)${ON_DEVICE}$`), (m) => setVolumeRequest(m[2]!, m[1] ?? m[3])],
  [/^set\s+(.+?)\s+volume\s+to\s+(\d+)$/, (m) => setVolumeRequest(m[2]!, m[1])],
  [/^(un)?mute\s+(.+)$/, (m) => ({ namespace: 'Alexa.Speaker', name: 'SetMute', payload: { mute: !m[1] }, device: m[2] })],
  // "tv on", "put the tv on", "the bedroom tv off": last, so no rule above loses a line ending in on/off.
  [/^(?:put\s+)?(.+?)\s+(on|off)$/, (m) => power(m[2]!, m[1])],
];

function channelByName(m: RegExpExecArray): SmartHomeRequest {
  return { namespace: 'Alexa.ChannelController', name: 'ChangeChannel', payload: { channel: {}, channelMetadata: { name: m[1] } }, device: m[2] };
}

function power(state: string, device: string | undefined): SmartHomeRequest {
  return { namespace: 'Alexa.PowerController', name: state === 'on' ? 'TurnOn' : 'TurnOff', payload: {}, device };
}

/**
 * The smart-home request a line asks for; undefined when it is no TV request Alexa would recognise.
 * Number words count as digits ("put on channel seven" is channel 7, as Alexa hears it), except in a
 * channel's name, which keeps the words said.
 */
export function readSmartHomeLine(line: string): SmartHomeRequest | undefined {
  const words = withoutCarriers(normalise(line));
  const digits = spokenNumbers(words, false);
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(build === channelByName ? words : digits);
    if (m) return build(m);
  }
  return undefined;
}

const GENERIC = /^(?:the\s+)?(?:tv|television|telly|it)$/;

/** Why no endpoint was picked, for the locale's words: none discovered, several and none named, or no such name. */
export type EndpointProblem = { problem: 'none' } | { problem: 'several'; names: string[] } | { problem: 'unknown'; words: string };

/** The endpoint the device words name: by friendly name, or the only TV for "the tv" / no words. */
export function pickEndpoint(device: string | undefined, endpoints: KnownEndpoint[]): KnownEndpoint | EndpointProblem {
  const words = device?.replace(/^the\s+/, '').trim();
  if (words) {
    // Alexa's own matching is looser still; "the bedroom" finds "Bedroom TV" here too.
    const named = endpoints.find((e) => e.friendlyName.toLowerCase() === words)
      ?? (nameCore(words) === '' ? undefined : endpoints.find((e) => nameCore(e.friendlyName) === nameCore(words)));
    if (named) return named;
  }
  if (words === undefined || GENERIC.test(words)) {
    if (endpoints.length === 1) return endpoints[0]!;
    if (endpoints.length === 0) return { problem: 'none' };
    return { problem: 'several', names: endpoints.map((e) => e.friendlyName) };
  }
  return { problem: 'unknown', words };
}

/** What an Echo says when the device words name nothing it knows. */
export function deviceProblemSpeech(p: EndpointProblem): string {
  switch (p.problem) {
    case 'none': return "Sorry, I couldn't find any TV. Say \"discover devices\" after setting one up.";
    case 'several': return `You have several TVs. Which one: ${p.names.map((n) => `"${n}"`).join(', ')}?`;
    case 'unknown': return `Sorry, I couldn't find a device named "${p.words}".`;
  }
}

/** The directive Alexa would send for the request to the endpoint, with the linked token. */
export function directiveFor(request: SmartHomeRequest, endpoint: KnownEndpoint, token: string): unknown {
  return {
    directive: {
      header: { namespace: request.namespace, name: request.name, payloadVersion: '3', messageId: randomUUID(), correlationToken: randomUUID() },
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
export function smartHomeAnswer(words: SmartHomeWords, response: { event: { header: { name: string }; payload: Record<string, unknown> } }, device: string): string {
  if (response.event.header.name !== 'ErrorResponse') return words.ok;
  const type = response.event.payload['type'];
  const spoken = typeof type === 'string' && Object.hasOwn(words.errors, type) ? words.errors[type as ErrorType] : undefined;
  if (spoken === undefined) return words.other(device);
  const range = response.event.payload['validRange'] as { minimumValue?: unknown; maximumValue?: unknown } | undefined;
  const valid = typeof range?.minimumValue === 'number' && typeof range.maximumValue === 'number'
    ? { minimumValue: range.minimumValue, maximumValue: range.maximumValue } : undefined;
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
    ENDPOINT_UNREACHABLE: { from: 'Amazon', say: (d) => `${d} isn't responding. Please check its network connection and power supply.` },
    BRIDGE_UNREACHABLE: { from: 'ours', say: (d) => `${d} can't be reached: the hub it's connected to isn't responding.` },
    EXPIRED_AUTHORIZATION_CREDENTIAL: { from: 'ours', say: (d) => `The account linked for ${d} has expired. ${RELINK}` },
    INVALID_AUTHORIZATION_CREDENTIAL: { from: 'ours', say: (d) => `The account linked for ${d} isn't valid. ${RELINK}` },
    INSUFFICIENT_PERMISSIONS: { from: 'ours', say: (d) => `The TV remote skill isn't allowed to control ${d}.` },
    INTERNAL_ERROR: { from: 'ours', say: (d) => `Sorry, something went wrong with ${d}.` },
    INVALID_DIRECTIVE: { from: 'ours', say: (d) => `${d} doesn't support that.` },
    INVALID_VALUE: { from: 'ours', say: (d) => `Sorry, ${d} can't be set to that.` },
    NO_SUCH_ENDPOINT: { from: 'ours', say: (d) => `I can't find ${d} any more.` },
    NOT_SUPPORTED_IN_CURRENT_MODE: { from: 'ours', say: (d) => `${d} can't do that in its current mode.` },
    VALUE_OUT_OF_RANGE: {
      from: 'ours',
      say: (d, range) => (range ? `${d} can only be set between ${range.minimumValue} and ${range.maximumValue}.` : `That's out of range for ${d}.`),
    },
  },
  other: (d) => `Sorry, ${d} isn't working right now.`,
};

/** What an Echo says in English for a smart-home answer. */
export const smartHomeSpeech = (response: { event: { header: { name: string }; payload: Record<string, unknown> } }, device: string): string =>
  smartHomeAnswer(SMART_HOME_WORDS, response, device);

/** A line as said: lower case, without "Alexa," or the closing punctuation. */
function plain(line: string): string {
  return line.toLowerCase().replace(/^alexa[,\s]+/, '').replace(/[.!?,]+$/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The words people wrap a request in, which Alexa's understanding looks through: a question or a
 * courtesy before it ("can you", "could you", "would you", "kindly") and after it ("for me", "now").
 * Amazon's "Design the Custom Intents for Your Skill" ("Variations can also include prefixes and suffixes
 * like 'please', 'can you', and 'tell me'", developer.amazon.com/en-US/docs/alexa/interaction-model-design/
 * design-the-custom-intents-for-your-skill.html) names them as what an utterance carries beside its
 * request; the smart-home utterances of the interface pages are the requests inside them.
 */
function withoutCarriers(words: string): string {
  return words.replace(/^(?:(?:can|could|would|will)\s+you|kindly)\s+/, '').replace(/\s+(?:for\s+me|now|thanks|thank\s+you)$/, '').trim();
}

/** For the rules, "please" anywhere is dropped. */
function normalise(line: string): string {
  return plain(line.replace(/\b(?:please)\b/gi, ''));
}
