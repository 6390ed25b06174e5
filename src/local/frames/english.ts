// The English frame reader: the device words first (the household's names, then tv, telly, television),
// then the rest must be one action's words and nothing else, or the line is no TV request. The actions
// follow Amazon's and Google's published utterances: docs/sandbox.md#frames-english.
import { normalForm } from '../../text';
import { spokenNumbers } from '../sandbox/utterance';
import {
  GENERIC_EN,
  isSpeakersOwn,
  spokenForms,
  type Action,
  type DeviceRef,
  type Frame,
  type FrameDevice,
} from './frame';

const DEV = '@dev';

/**
 * Words that wrap a request and are looked through (Amazon, "Design the Custom Intents for Your Skill":
 * "prefixes and suffixes like 'please', 'can you', and 'tell me'"), the sounds of thinking, and Hindi's
 * light verbs that Indian English puts after a request ("tv off karo": karo, kar do, "do").
 */
const CARRIERS = new RegExp(
  `\\b(?:${[
    'alexa',
    'hey',
    'ok',
    'okay',
    'um+',
    'uh+',
    'erm',
    'er',
    'hmm',
    'oh',
    'so',
    'well',
    'please',
    'pls',
    'kindly',
    'just',
    'quickly',
    '(?:can|could|would|will) (?:you|u)',
    'go ahead and',
    'i (?:want|need) (?:you )?to',
    'id like (?:you )?to',
    'i would like (?:you )?to',
    'lets',
    'for me',
    'right now',
    'now',
    'thanks',
    'thank you',
    'cheers',
    'mate',
    'yaar',
    'karo',
    'kar do',
    'kardo',
  ].join('|')})\\b`,
  'g',
);

/** A line that asks something is not a request: "what's on channel 5 tonight", "when's the footy on". */
const QUESTION = /^(?:what|whats|when|whens|where|who|whos|how|why|which|is|are|does|do|did|tell me|show me)\b/;

/** The frame an English line asks for, or undefined when it is no TV request. */
export function readEnglishFrame(line: string, devices: readonly FrameDevice[]): Frame | undefined {
  // A reason or a complaint beside the request ("it's way too loud, turn it down") is its own clause; a
  // clause that says how things are ("the sound is very low") asks nothing.
  const parts = line.split(/[,;.!?]|\bthen\b/).filter((c) => c.trim() !== '');
  const clauses = parts.length > 1 ? [...parts, line] : [line];
  const whole = words(line);
  const wholeDevice = findDevice(whole, devices).device;
  for (const clause of clauses) {
    const said = words(clause);
    if (clause !== line && STATEMENT.test(said)) continue;
    const heard = frameOf(said, devices, whole);
    // A channel's name keeps its words as said ("bbc one"), which the platform matches against its names.
    const named = heard?.action.kind === 'channelName' ? frameOf(words(clause, false), devices, whole) : undefined;
    const frame = heard && named?.action.kind === 'channelName' ? { ...heard, action: named.action } : heard;
    // "bedroom tv sound is very low, increase it": "it" is the TV the other clause named.
    if (frame)
      return frame.device.kind === 'generic' && wholeDevice?.kind === 'named'
        ? { ...frame, device: wholeDevice }
        : frame;
  }
  return undefined;
}

const STATEMENT = /\b(?:is|its|are|im|cant|can t|was)\b/;

/** The line as words: normal form, number words as digits (unless `digits` is false), carriers dropped. */
function words(text: string, digits = true): string {
  const said = normalForm(text);
  return (digits ? spokenNumbers(said, false) : said).replace(CARRIERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Words that may follow "tv" when it is the device: a station's name ("tv asahi", "fuji tv") is not. */
const AFTER_DEVICE = new Set([
  'on',
  'off',
  'up',
  'down',
  'volume',
  'sound',
  'channel',
  'channels',
  'to',
  'over',
  'in',
  'and',
  'by',
  'a',
  'an',
  'is',
  'mute',
  'unmute',
  'for',
  'louder',
  'quieter',
  'softer',
  'back',
  'forward',
  'next',
  'previous',
  'again',
  'audio',
  'power',
]);
const BEFORE_DEVICE =
  /(?:^|\b(?:the|my|our|this|that|your|turn|switch|power|put|start|close|open|shut|mute|unmute|on|off|of|in|for|make|chuck|stick|flick|move|take|change|set|raise|lower|increase|decrease|reduce)) $/;

/** The device the words name, and the words with it (and the preposition before it) taken out. */
function findDevice(text: string, devices: readonly FrameDevice[]): { device?: DeviceRef; rest: string } {
  const found: { index: number; start: number; end: number; length: number }[] = [];
  devices.forEach((d, index) => {
    for (const name of d.names) {
      for (const { form, core } of spokenForms(name, false)) {
        // The core alone ("bedroom") is the device only as a place: "the tv in the bedroom", "on the bedroom".
        const re = new RegExp(
          core ? `\\b(?:in|on|for) (?:the )?${escape(form)}\\b` : `\\b(?:the )?${escape(form)}(?: s)?\\b`,
          'g',
        );
        for (const m of text.matchAll(re))
          found.push({ index, start: m.index, end: m.index + m[0].length, length: form.length });
      }
    }
  });
  let rest = text;
  let device: DeviceRef | undefined;
  const best = found.sort((a, b) => b.length - a.length)[0];
  if (best) {
    device = { kind: 'named', index: best.index };
    for (const f of found.filter((x) => x.index === best.index).sort((a, b) => b.start - a.start)) {
      if (rest.slice(f.start, f.end).includes(DEV)) continue;
      rest = `${rest.slice(0, f.start)} ${DEV} ${rest.slice(f.end)}`;
    }
  }
  // The generic word, and "it", where a device stands.
  rest = rest.replace(
    new RegExp(`(?<=^|\\s)(?:the )?(${GENERIC_EN.join('|')})(?: s)?(?=$|\\s)`, 'g'),
    (m, _w, offset: number, all: string) => {
      const before = all.slice(0, offset);
      const next =
        all
          .slice(offset + m.length)
          .trim()
          .split(' ')[0] ?? '';
      // "the tv" is the device wherever it stands; a bare "tv" only where a device can ("fuji tv" is a station).
      if (
        (!m.startsWith('the ') && before !== '' && !BEFORE_DEVICE.test(before)) ||
        (next !== '' && next !== DEV && !AFTER_DEVICE.has(next) && !/^\d+$/.test(next))
      )
        return m;
      device ??= { kind: 'generic' };
      return DEV;
    },
  );
  rest = rest.replace(/\b(?:it|them)\b/g, () => {
    device ??= { kind: 'generic' };
    return DEV;
  });
  // "for the tv", "in the living room": the preposition belongs to the device ("on" may be the verb's: "turn on the tv").
  rest = rest
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`(?:\\b(?:for|of|in|at) )?${DEV}`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return device ? { device, rest } : { rest };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const UP = /^(?:up|louder|higher|high|raise|increase|boost|more|pump|crank|badhao|badha|loud|forward|ahead|next)$/;
const DOWN = /^(?:down|quieter|softer|lower|low|decrease|reduce|less|kam|back|backward|backwards|previous)$/;
/** What only says how much ("a bit", "a notch", "by 3 steps") and the verbs that carry a step. */
const STEP_WORDS = new Set([
  'on',
  'turn',
  'crank',
  'pump',
  'whack',
  'bump',
  'put',
  'bring',
  'push',
  'knock',
  'take',
  'move',
  'go',
  'make',
  'set',
  'get',
  'flick',
  'flip',
  'skip',
  'jump',
  'change',
  'switch',
  'the',
  'a',
  'an',
  'by',
  'bit',
  'little',
  'touch',
  'tad',
  'notch',
  'notches',
  'step',
  'steps',
  'level',
  'levels',
  'times',
  'more',
  'some',
  'very',
  'too',
  'lot',
  'way',
  'slightly',
  'to',
  'over',
  'again',
]);

/** The count said, with "a notch" as one; undefined when none or only "a bit". */
function countOf(ws: string[]): number | undefined {
  const digit = ws.find((w) => /^\d+$/.test(w));
  if (digit !== undefined) return Number(digit);
  return ws.includes('notch') ? 1 : undefined;
}

function frameOf(text: string, devices: readonly FrameDevice[], whole: string): Frame | undefined {
  if (text === '' || QUESTION.test(text)) return undefined;
  const { device, rest } = findDevice(text, devices);
  const ws = rest === '' ? [] : rest.split(' ');
  const action = actionOf(ws, whole);
  if (!action) return undefined;
  if ('unknown' in action)
    return device ? undefined : { device: { kind: 'unknown', words: action.unknown }, action: action.action };
  if (isSpeakersOwn(action, device)) return undefined;
  return { device: device ?? { kind: 'generic' }, action };
}

type Read = Action | { action: Action; unknown: string } | undefined;

/** The words left when the action's own are taken out: an unknown device, or no request at all. */
function leftover(ws: string[], allowed: Set<string> | ((w: string) => boolean)): string {
  const ok = typeof allowed === 'function' ? allowed : (w: string) => allowed.has(w);
  return ws.filter((w) => !ok(w)).join(' ');
}

function actionOf(ws: string[], whole: string): Read {
  const has = (w: string) => ws.includes(w);
  const line = ws.join(' ');
  // Mute words always mean mute: never a channel or a device's name.
  if (has('unmute') || (/\b(?:sound|audio) (?:back )?on\b/.test(line) && /\b(?:turn|switch|put)\b/.test(line))) {
    return withLeftover({ kind: 'mute', on: false }, ws, MUTE_WORDS);
  }
  if (
    has('mute') ||
    has('silence') ||
    /\b(?:sound|audio) off\b|\boff (?:the )?(?:sound|audio)\b|\bkill (?:the )?(?:sound|audio)\b/.test(line)
  ) {
    return withLeftover({ kind: 'mute', on: true }, ws, MUTE_WORDS);
  }
  const aboutChannel = has('channel') || has('channels') || has('station');
  const aboutVolume = ws.some((w) => /^(?:volume|sound|audio|louder|quieter|softer)$/.test(w));
  if (aboutChannel && !aboutVolume) return channelAction(ws);
  if (aboutVolume) return volumeAction(ws);
  const power = powerAction(ws);
  if (power) return power;
  // "turn it up", "turn up the living room tv a bit": Alexa and Google take a bare step for the volume.
  if (
    ws.some((w) => UP.test(w) || DOWN.test(w)) &&
    ws.some((w) => /^(?:turn|crank|pump|whack|bump|make|increase|decrease|reduce|raise|lower)$/.test(w))
  ) {
    const topic =
      /\b(?:channel|channels)\b/.test(whole) && !/\b(?:volume|sound|loud|quiet|hear)\b/.test(whole)
        ? 'channel'
        : 'volume';
    return topic === 'channel' ? channelAction(ws) : volumeAction(ws);
  }
  return channelByName(ws);
}

const MUTE_WORDS = new Set([
  'mute',
  'unmute',
  'silence',
  'put',
  'on',
  'off',
  'turn',
  'switch',
  'kill',
  'the',
  'sound',
  'audio',
  'back',
  'for',
  'a',
  'sec',
  'second',
  'moment',
  'minute',
  'bit',
  'while',
  'go',
  'please',
]);

function withLeftover(action: Action, ws: string[], allowed: Set<string>): Read {
  const left = leftover(ws, allowed);
  return left === '' ? action : { action, unknown: left };
}

function volumeAction(ws: string[]): Read {
  // "set the volume of the speakers to fifty" (Alexa.Speaker): a level, on a device named after "of".
  const level = /\b(?:volume|sound)(?: (?:of|on|for) (?:the )?(.+?))? (?:to|at) (\d+)\b/.exec(ws.join(' '));
  if (level && ws.some((w) => /^(?:set|put|turn|change|make)$/.test(w) || ws[0] === 'volume')) {
    const rest = level[1] === undefined ? ws : ws.join(' ').replace(level[1], '').split(' ');
    const left = leftover(rest, (w) =>
      /^(?:set|put|turn|change|make|the|volume|sound|to|at|of|on|for|\d+|percent|)$/.test(w),
    );
    const action: Action = { kind: 'volumeLevel', level: Number(level[2]) };
    if (left !== '') return undefined;
    return level[1] === undefined ? action : { action, unknown: level[1] };
  }
  const up = ws.some((w) => UP.test(w));
  const down = ws.some((w) => DOWN.test(w));
  if (up === down) return undefined;
  const allowed = (w: string) =>
    UP.test(w) || DOWN.test(w) || STEP_WORDS.has(w) || /^\d+$/.test(w) || /^(?:volume|sound|audio)$/.test(w);
  const left = leftover(ws, allowed);
  const action: Action = { kind: 'volumeStep', up, ...(countOf(ws) !== undefined && { count: countOf(ws) }) };
  return left === '' ? action : { action, unknown: left };
}

function channelAction(ws: string[]): Read {
  const line = ws.join(' ');
  if (/\b(?:previous|last) channel\b/.test(line) && !ws.some((w) => /^\d+$/.test(w))) {
    return leftover(ws, (w) => /^(?:go|to|the|previous|last|channel|back|switch|change|put|on)$/.test(w)) === ''
      ? { kind: 'previousChannel' }
      : undefined;
  }
  // A channel by its number: "channel 4", "channel number 5", "put on channel 3", "change to channel 9".
  const number = /\bchannel (?:number |to )?(\d+)\b/.exec(line) ?? /\b(\d+)(?:st|nd|rd|th)? channel\b/.exec(line);
  const up = ws.some((w) => UP.test(w));
  const down = ws.some((w) => DOWN.test(w));
  if (number && !(up !== down && /\b\d+ channels?\b|\bby \d+\b/.test(line))) {
    const left = leftover(ws, (w) =>
      /^(?:change|switch|turn|put|go|flick|flip|move|tune|chuck|stick|set|take|watch|over|back|on|onto|to|the|channel|number|\d+|st|nd|rd|th)$/.test(
        w,
      ),
    );
    return left === '' ? { kind: 'channelNumber', number: Number(number[1]) } : undefined;
  }
  if (up !== down) {
    const left = leftover(
      ws,
      (w) => UP.test(w) || DOWN.test(w) || STEP_WORDS.has(w) || /^(?:\d+|channel|channels|station|stations)$/.test(w),
    );
    return left === '' ? { kind: 'channelStep', steps: (up ? 1 : -1) * (countOf(ws) ?? 1) } : undefined;
  }
  return channelByName(ws);
}

/**
 * A channel by name: "switch to", "change the channel to", "go to", "tune to" (ChannelController's "go to
 * discovery", Channel's "Change to KTVU"); "watch" ("watch N B C"); "put on", "put … on" as people say it;
 * "open" in Indian English. "turn on the lamp" is power to an unknown device, never a channel.
 */
function channelByName(ws: string[]): Read {
  const text = ws.filter((w) => w !== 'channel' && w !== 'station').join(' ');
  const m =
    /^(?:put|stick|chuck|bung) (.+?) on$/.exec(text) ??
    /^(?:change|switch|turn|flick|flip|move|go|tune|tune in|set)(?: (?:it|over|back|the))* (?:to|onto) (.+?)(?: on)?$/.exec(
      text,
    ) ??
    /^(?:put|stick|chuck|bung)(?: on)? (.+)$|^(?:watch|open) (.+)$/.exec(text);
  const name = (m?.[1] ?? m?.[2])?.trim();
  if (name === undefined || name === '' || /^(?:on|off)\b/.test(name) || /^\d+$/.test(name)) return undefined;
  return { kind: 'channelName', name };
}

const POWER_VERBS = /^(?:turn|switch|power|put|start|close|open|shut|chuck|stick|flick|kill|boot|fire|get)$/;

function powerAction(ws: string[]): Read {
  const on = ws.includes('on') || /^(?:start|boot|fire)$/.test(ws[0] ?? '') || ws.join(' ') === 'power up';
  const off = ws.includes('off') || /^(?:close|shut|kill)$/.test(ws[0] ?? '') || ws.join(' ') === 'power down';
  if (on === off) return undefined;
  const left = leftover(ws, (w) => POWER_VERBS.test(w) || /^(?:on|off|up|down|the|back|again)$/.test(w));
  // "put NHK General on", "switch to NHK on the tv" name a channel; "turn on the lamp" an unknown device.
  const channel = left === '' ? undefined : channelByName(ws);
  if (channel) return channel;
  const action: Action = { kind: 'power', on };
  return left === '' ? action : { action, unknown: left };
}
