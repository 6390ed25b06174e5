// How Google reads a spoken line: the invocation, the line's language, the device it names and the trait
// command it asks for. Google does not publish this; the reader follows what its pages document.
import type { Language } from '../../language';
import { spokenNumbers } from '../sandbox/utterance';
import { traitCommand, traitOf, type AvailableChannel, type Execution, type SyncedDevice } from './devices';

/** What Google made of a line: a command for one device, or why it sends nothing. */
export type Heard =
  | { kind: 'execute'; device: SyncedDevice; execution: Execution }
  /** Several TVs and none named: Google asks which. */
  | { kind: 'which'; devices: SyncedDevice[] }
  /** No device synced at all. */
  | { kind: 'no devices' }
  /** A command the device's SYNC traits do not include: Google does not send it. */
  | { kind: 'no trait'; device: SyncedDevice; trait: string }
  /** Not a TV command the reader knows. */
  | { kind: 'unknown' };

/** Hiragana, katakana, CJK ideographs: a line with any is Japanese. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/u;

/** The language of a spoken line, read from its script: Google hears no locale, only what is said. */
export function lineLanguage(text: string): Language {
  return JAPANESE.test(text.normalize('NFKC')) ? 'ja' : 'en';
}

/**
 * The grammar after the invocation ("Hey Google" / "OK Google" / 「OK Google」 / 「ねえグーグル」), or
 * undefined when the line does not start with one. Full-width letters read as NFKC makes them.
 * "Hey Google" is the invocation and the rest "the grammar" from which Google "determines the smart home
 * intent" (https://developers.home.google.com/cloud-to-cloud/primer/device-types-and-traits,
 * ja: https://developers.home.google.com/cloud-to-cloud/primer/device-types-and-traits?hl=ja).
 */
export function afterInvocation(line: string): string | undefined {
  const text = line.normalize('NFKC').trim();
  const m = /^(?:(?:hey|ok|okay)[\s,、]*google|(?:ok|okay|ねえ|ねぇ|オーケー)[\s,、]*(?:グーグル|google))(?=$|[\s,.、。!?])[\s,.、。!?]*(.*)$/iu.exec(text);
  return m ? m[1]!.trim() : undefined;
}

/** The form names are compared in: NFKC, case-folded, spaces ignored. */
function nameKey(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, '');
}

/** Whether the line holds a name (given as its `nameKey`). */
type Holds = (key: string) => boolean;

/**
 * A line (with or without its invocation) as Google reads it for these devices. Japanese when it holds
 * Japanese script, else English. Number words and kanji numerals (一 … 十二) read as numbers.
 */
export function readGoogleLine(line: string, devices: readonly SyncedDevice[]): Heard {
  const said = afterInvocation(line) ?? line.trim();
  if (devices.length === 0) return { kind: 'no devices' };
  const language = lineLanguage(said);
  const holds = language === 'ja' ? heldIn(nameKey(said)) : heldAsWords(said);
  const device = deviceNamed(holds, devices);
  if (device === 'which') {
    // A command only makes sense once the TV is known; a line that is no command is unknown either way.
    return commandOf(said, devices[0]!, language, holds) === undefined ? { kind: 'unknown' } : { kind: 'which', devices: [...devices] };
  }
  const execution = commandOf(said, device, language, holds);
  if (execution === undefined) return { kind: 'unknown' };
  const trait = traitOf(execution);
  if (!device.traits.includes(`action.devices.traits.${trait}`)) return { kind: 'no trait', device, trait };
  return { kind: 'execute', device, execution };
}

/**
 * The device whose name or nickname the line holds (the longest that does), else the only one. With
 * several and none named Google's pages say nothing of what it does; the stand-in asks which, as people
 * are asked.
 */
function deviceNamed(holds: Holds, devices: readonly SyncedDevice[]): SyncedDevice | 'which' {
  let best: { device: SyncedDevice; length: number } | undefined;
  for (const device of devices) {
    for (const name of [device.name, ...device.nicknames].map(nameKey)) {
      if (name !== '' && holds(name) && (best === undefined || name.length > best.length)) best = { device, length: name.length };
    }
  }
  if (best) return best.device;
  return devices.length === 1 ? devices[0]! : 'which';
}

function commandOf(said: string, device: SyncedDevice, language: Language, holds: Holds): Execution | undefined {
  // A name of availableChannels the line holds, longest first ("NHK Eテレ" before "NHK"); bare numbers
  // are numbers, read below.
  const channel = device.availableChannels
    .flatMap((c) => c.names.map((n) => ({ c, name: n, key: nameKey(n) })))
    .filter((n) => n.key !== '' && !/^\d+$/.test(n.key) && holds(n.key))
    .sort((a, b) => b.key.length - a.key.length)[0];
  return language === 'ja' ? commandJa(said, device, channel) : commandEn(said, device, channel);
}

/** Japanese is written without spaces: a name is anywhere in the line. */
const heldIn = (line: string): Holds => (key) => line.includes(key);

/** English names are whole words, spaced or not ("Fuji TV", "fujitv"): "EX" is not heard in "next". */
function heldAsWords(said: string): Holds {
  const words = said.normalize('NFKC').toUpperCase().toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const spans = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j <= words.length; j++) spans.add(words.slice(i, j).join(''));
  return (key) => spans.has(key.replace(/[^\p{L}\p{N}]/gu, ''));
}

// ---- The command, after each trait page's examples ----
// OnOff "Turn the device on." {on: true} (https://developers.home.google.com/cloud-to-cloud/traits/onoff);
// Channel "Change to KTVU" {channelCode, channelName} (a name from availableChannels), "Turn to channel
// three." {channelNumber: "3"}, "Switch to the next channel" {relativeChannelChange: 1}, "Return to the
// last channel" returnChannel (https://developers.home.google.com/cloud-to-cloud/traits/channel); Volume
// volumeRelative "negative for 'decrease'", levelStepSize "The default step size for relative volume
// queries like 'volume up on <device_name>'" (Default: 1), mute {mute}, setVolume {volumeLevel}
// (https://developers.home.google.com/cloud-to-cloud/traits/volume). The phrasings beyond those examples
// are the ones people use, as the Alexa phrase reader hears them.

type NamedChannel = { c: AvailableChannel; name: string } | undefined;

/** Change to a channel by name: "channelCode … matching one of the availableChannels", with its name. */
const byName = (named: { c: AvailableChannel; name: string }): Execution => traitCommand('selectChannel', { channelCode: named.c.key, channelName: named.name });
const byNumber = (n: string): Execution => traitCommand('selectChannel', { channelNumber: String(Number(n)) });
const volume = (sign: 1 | -1, count: string | undefined, device: SyncedDevice): Execution =>
  traitCommand('volumeRelative', { relativeSteps: sign * (count === undefined ? device.levelStepSize : Number(count)) });

function commandEn(said: string, device: SyncedDevice, named: NamedChannel): Execution | undefined {
  const text = spokenNumbers(said.normalize('NFKC').toLowerCase(), false).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  const count = /\b(\d+)\b/.exec(text)?.[1];
  const channelWord = /\bchannels?\b/.test(text);
  if (/\bunmute\b/.test(text)) return traitCommand('mute', { mute: false });
  if (/\bmute\b/.test(text)) return traitCommand('mute', { mute: true });
  const level = /\bvolume\s+(?:to|at)\s+(\d+)\b/.exec(text);
  if (level) return traitCommand('setVolume', { volumeLevel: Number(level[1]) });
  const louder = /\b(?:up|louder|raise|increase|higher)\b/.test(text);
  const quieter = /\b(?:down|quieter|softer|lower|decrease|reduce)\b/.test(text);
  const aboutVolume = /\b(?:volume|louder|quieter|softer|sound)\b/.test(text) || (!channelWord && /\b(?:turn|crank)\b/.test(text));
  if (aboutVolume && louder !== quieter) return volume(louder ? 1 : -1, count, device);
  if (channelWord) {
    if (/\b(?:previous|last)\s+channel\b/.test(text)) return traitCommand('returnChannel');
    // A channel named by its number is where to go, whatever the verb ("go back to channel 5").
    const number = /\bchannel\s+(?:number\s+|to\s+)?(\d+)\b/.exec(text);
    if (number) return byNumber(number[1]!);
    const next = /\b(?:up|next|forward|ahead)\b/.test(text);
    const back = /\b(?:down|back|backward)\b/.test(text);
    if (next !== back) return traitCommand('relativeChannel', { relativeChannelChange: (next ? 1 : -1) * Number(count ?? 1) });
    const to = /\bto\s+(\d+)\b/.exec(text);
    if (to) return byNumber(to[1]!);
  }
  if (named) return byName(named);
  if (/\b(?:turn|switch|power)\b/.test(text) || /\b(?:on|off)$/.test(text)) {
    if (/\boff\b/.test(text)) return traitCommand('OnOff', { on: false });
    if (/\bon\b/.test(text)) return traitCommand('OnOff', { on: true });
  }
  return undefined;
}

function commandJa(said: string, device: SyncedDevice, named: NamedChannel): Execution | undefined {
  const text = spokenNumbers(said.normalize('NFKC').replace(/[\s、。,.!?！？]/gu, ''), true);
  const count = /(\d+)(?:つ|個|回|段階|ステップ|局)/.exec(text)?.[1];
  if (/ミュート(?:を)?(?:解除|オフ|外)/.test(text)) return traitCommand('mute', { mute: false });
  if (/ミュート|消音/.test(text)) return traitCommand('mute', { mute: true });
  const level = /(?:音量|ボリューム)を?(\d+)に/.exec(text);
  if (level) return traitCommand('setVolume', { volumeLevel: Number(level[1]) });
  if (/音量|ボリューム|音/.test(text)) {
    const louder = /上げ|あげ|大きく|おおきく|アップ/.test(text);
    const quieter = /下げ|さげ|小さく|ちいさく|ダウン/.test(text);
    if (louder !== quieter) return volume(louder ? 1 : -1, count, device);
  }
  if (/チャンネル|ちゃんねる|ch/i.test(text)) {
    if (/(?:前|直前|さっき|元)のチャンネル/.test(text)) return traitCommand('returnChannel');
    // 「5チャンネルに(戻して)」 names where to go; 「2チャンネル上げて」 how far.
    const target = /(\d+)(?:チャンネル|ちゃんねる|ch)(?:に|へ)/i.exec(text) ?? /チャンネルを?(\d+)(?:番)?(?:に|へ)/.exec(text);
    if (target) return byNumber(target[1]!);
    const next = /上げ|あげ|次|進め|アップ/.test(text);
    const back = /下げ|さげ|戻|ダウン/.test(text);
    const steps = count ?? /(\d+)(?:チャンネル|ちゃんねる|ch)/i.exec(text)?.[1];
    if (next !== back) return traitCommand('relativeChannel', { relativeChannelChange: (next ? 1 : -1) * Number(steps ?? 1) });
    const number = /(\d+)(?:チャンネル|ちゃんねる|ch)/i.exec(text);
    if (number) return byNumber(number[1]!);
  }
  if (named) return byName(named);
  if (/消して|けして|消す|オフ|切って|きって|切る|止めて/.test(text)) return traitCommand('OnOff', { on: false });
  if (/つけて|付けて|点けて|つける|オン|入れて|いれて/.test(text)) return traitCommand('OnOff', { on: true });
  return undefined;
}
