// A local stand-in for Google's side of a Cloud-to-cloud integration, for the sandbox and tests: what
// Google Assistant does with "Hey Google, channel 8 on the TV" once the household has linked. As Google
// does, it first SYNCs and keeps what SYNC said (the agentUserId, each device's id, names, traits,
// availableChannels and levelStepSize); then it reads a spoken line as one of the TV's trait commands and
// sends the fulfillment an EXECUTE for that device, over the same HTTPS event a Lambda Function URL gives
// (payload format 2.0). Every request it sends and every response it gets is checked against Google's
// schemas (schema.ts); a response they refuse, or one naming a device it did not ask about, is refused.
//
// Google does not publish its language understanding. What it documents, and what the reader follows:
// - "Hey Google" / 「OK Google」 is the invocation and the rest "the grammar" from which Google
//   "determines the smart home intent" (https://developers.home.google.com/cloud-to-cloud/primer/device-types-and-traits,
//   ja: https://developers.home.google.com/cloud-to-cloud/primer/device-types-and-traits?hl=ja).
// - Each trait page's command examples: OnOff "Turn the device on." {on: true}
//   (https://developers.home.google.com/cloud-to-cloud/traits/onoff); Channel "Change to KTVU" {channelCode,
//   channelName} (a name from availableChannels), "Turn to channel three." {channelNumber: "3"}, "Switch to
//   the next channel" {relativeChannelChange: 1}, "Return to the last channel" returnChannel
//   (https://developers.home.google.com/cloud-to-cloud/traits/channel); Volume volumeRelative "negative for
//   'decrease'", levelStepSize "The default step size for relative volume queries like 'volume up on
//   <device_name>'" (Default: 1), mute {mute}, setVolume {volumeLevel}
//   (https://developers.home.google.com/cloud-to-cloud/traits/volume).
// The phrasings beyond those examples are the ones people use, as the Alexa phrase reader hears them.
import { randomUUID } from 'node:crypto';
import { isRecord } from '../../json';
import { spokenNumbers } from '../sandbox/utterance';
import { googleRequestErrors, googleResponseErrors } from './schema';

export const SYNC = 'action.devices.SYNC';
export const EXECUTE = 'action.devices.EXECUTE';
const COMMAND = 'action.devices.commands.';

/** A Function URL's answer, as the fulfillment gives it. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The fulfillment as Google reaches it: an HTTPS POST, here the Lambda event of a Function URL. */
export type Fulfillment = (event: unknown) => Promise<HttpAnswer>;

export interface AvailableChannel {
  key: string;
  names: string[];
  number?: string;
}

/** A device as the last SYNC described it: what Google keeps to hear and address it. */
export interface SyncedDevice {
  id: string;
  type: string;
  traits: string[];
  name: string;
  nicknames: string[];
  roomHint?: string;
  availableChannels: AvailableChannel[];
  /** Volume's "default step size for relative volume queries like 'volume up'" (Default: 1). */
  levelStepSize: number;
}

export interface Execution {
  command: string;
  params: Record<string, unknown>;
}

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

/** Which trait declares each command (each trait page's "Device COMMANDS"). */
const TRAIT_OF: Record<string, string> = {
  OnOff: 'OnOff',
  selectChannel: 'Channel', relativeChannel: 'Channel', returnChannel: 'Channel',
  volumeRelative: 'Volume', setVolume: 'Volume', mute: 'Volume',
};

/** The response failed Google's checks; Google would not act on it (the sandbox shows why). */
export class GoogleRefusal extends Error {
  constructor(readonly intent: string, readonly detail: string) {
    super(`Google refused the fulfillment's ${intent} response: ${detail}`);
    this.name = 'GoogleRefusal';
  }
}

// ---- The line: invocation, language, the command ----

/** Hiragana, katakana, CJK ideographs: a line with any is Japanese. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/u;

export function isJapanese(text: string): boolean {
  return JAPANESE.test(text.normalize('NFKC'));
}

/**
 * The grammar after the invocation ("Hey Google" / "OK Google" / 「OK Google」 / 「ねえグーグル」), or
 * undefined when the line does not start with one. Full-width letters read as NFKC makes them.
 */
export function afterInvocation(line: string): string | undefined {
  const text = line.normalize('NFKC').trim();
  const m = /^(?:(?:hey|ok|okay)[\s,、]*google|(?:ok|okay|ねえ|ねぇ|オーケー)[\s,、]*(?:グーグル|google))(?=$|[\s,.、。!?])[\s,.、。!?]*(.*)$/iu.exec(text);
  return m ? m[1]!.trim() : undefined;
}

/** The form names are compared in: NFKC, case-folded, spaces ignored. */
export function nameKey(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, '');
}

/**
 * A line (with or without its invocation) as Google reads it for these devices. Japanese when it holds
 * Japanese script, else English. Number words and kanji numerals (一 … 十二) read as numbers.
 */
export function readGoogleLine(line: string, devices: readonly SyncedDevice[]): Heard {
  const said = afterInvocation(line) ?? line.trim();
  if (devices.length === 0) return { kind: 'no devices' };
  const japanese = isJapanese(said);
  const device = deviceNamed(said, devices);
  if (device === 'which') {
    // A command only makes sense once the TV is known; a line that is no command is unknown either way.
    return commandOf(said, devices[0]!, japanese) === undefined ? { kind: 'unknown' } : { kind: 'which', devices: [...devices] };
  }
  const execution = commandOf(said, device, japanese);
  if (execution === undefined) return { kind: 'unknown' };
  const trait = TRAIT_OF[execution.command.slice(COMMAND.length)]!;
  if (!device.traits.includes(`action.devices.traits.${trait}`)) return { kind: 'no trait', device, trait };
  return { kind: 'execute', device, execution };
}

/**
 * The device whose name or nickname the line holds (the longest that does), else the only one. With
 * several and none named Google's pages say nothing of what it does; the stand-in asks which, as people
 * are asked.
 */
function deviceNamed(said: string, devices: readonly SyncedDevice[]): SyncedDevice | 'which' {
  const holds = isJapanese(said) ? heldIn(nameKey(said)) : heldAsWords(said);
  let best: { device: SyncedDevice; length: number } | undefined;
  for (const device of devices) {
    for (const name of [device.name, ...device.nicknames].map(nameKey)) {
      if (name !== '' && holds(name) && (best === undefined || name.length > best.length)) best = { device, length: name.length };
    }
  }
  if (best) return best.device;
  return devices.length === 1 ? devices[0]! : 'which';
}

function commandOf(said: string, device: SyncedDevice, japanese: boolean): Execution | undefined {
  const holds = japanese ? heldIn(nameKey(said)) : heldAsWords(said);
  // A name of availableChannels the line holds, longest first ("NHK Eテレ" before "NHK"); bare numbers
  // are numbers, read below.
  const channel = device.availableChannels
    .flatMap((c) => c.names.map((n) => ({ c, name: n, key: nameKey(n) })))
    .filter((n) => n.key !== '' && !/^\d+$/.test(n.key) && holds(n.key))
    .sort((a, b) => b.key.length - a.key.length)[0];
  return japanese ? commandJa(said, device, channel) : commandEn(said, device, channel);
}

/** Japanese is written without spaces: a name is anywhere in the line. */
const heldIn = (line: string) => (key: string): boolean => line.includes(key);

/** English names are whole words, spaced or not ("Fuji TV", "fujitv"): "EX" is not heard in "next". */
function heldAsWords(said: string): (key: string) => boolean {
  const words = said.normalize('NFKC').toUpperCase().toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const spans = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j <= words.length; j++) spans.add(words.slice(i, j).join(''));
  return (key) => spans.has(key.replace(/[^\p{L}\p{N}]/gu, ''));
}

type NamedChannel = { c: AvailableChannel; name: string } | undefined;

const exec = (command: string, params: Record<string, unknown> = {}): Execution => ({ command: `${COMMAND}${command}`, params });
/** Change to a channel by name: "channelCode … matching one of the availableChannels", with its name. */
const byName = (named: { c: AvailableChannel; name: string }): Execution => exec('selectChannel', { channelCode: named.c.key, channelName: named.name });
const byNumber = (n: string): Execution => exec('selectChannel', { channelNumber: String(Number(n)) });
const volume = (sign: 1 | -1, count: string | undefined, device: SyncedDevice): Execution =>
  exec('volumeRelative', { relativeSteps: sign * (count === undefined ? device.levelStepSize : Number(count)) });

function commandEn(said: string, device: SyncedDevice, named: NamedChannel): Execution | undefined {
  const text = spokenNumbers(said.normalize('NFKC').toLowerCase(), false).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  const count = /\b(\d+)\b/.exec(text)?.[1];
  const channelWord = /\bchannels?\b/.test(text);
  if (/\bunmute\b/.test(text)) return exec('mute', { mute: false });
  if (/\bmute\b/.test(text)) return exec('mute', { mute: true });
  const level = /\bvolume\s+(?:to|at)\s+(\d+)\b/.exec(text);
  if (level) return exec('setVolume', { volumeLevel: Number(level[1]) });
  const louder = /\b(?:up|louder|raise|increase|higher)\b/.test(text);
  const quieter = /\b(?:down|quieter|softer|lower|decrease|reduce)\b/.test(text);
  const aboutVolume = /\b(?:volume|louder|quieter|softer|sound)\b/.test(text) || (!channelWord && /\b(?:turn|crank)\b/.test(text));
  if (aboutVolume && louder !== quieter) return volume(louder ? 1 : -1, count, device);
  if (channelWord) {
    if (/\b(?:previous|last)\s+channel\b/.test(text)) return exec('returnChannel');
    // A channel named by its number is where to go, whatever the verb ("go back to channel 5").
    const number = /\bchannel\s+(?:number\s+|to\s+)?(\d+)\b/.exec(text);
    if (number) return byNumber(number[1]!);
    const next = /\b(?:up|next|forward|ahead)\b/.test(text);
    const back = /\b(?:down|back|backward)\b/.test(text);
    if (next !== back) return exec('relativeChannel', { relativeChannelChange: (next ? 1 : -1) * Number(count ?? 1) });
    const to = /\bto\s+(\d+)\b/.exec(text);
    if (to) return byNumber(to[1]!);
  }
  if (named) return byName(named);
  if (/\b(?:turn|switch|power)\b/.test(text) || /\b(?:on|off)$/.test(text)) {
    if (/\boff\b/.test(text)) return exec('OnOff', { on: false });
    if (/\bon\b/.test(text)) return exec('OnOff', { on: true });
  }
  return undefined;
}

function commandJa(said: string, device: SyncedDevice, named: NamedChannel): Execution | undefined {
  const text = spokenNumbers(said.normalize('NFKC').replace(/[\s、。,.!?！？]/gu, ''), true);
  const count = /(\d+)(?:つ|個|回|段階|ステップ|局)/.exec(text)?.[1];
  if (/ミュート(?:を)?(?:解除|オフ|外)/.test(text)) return exec('mute', { mute: false });
  if (/ミュート|消音/.test(text)) return exec('mute', { mute: true });
  const level = /(?:音量|ボリューム)を?(\d+)に/.exec(text);
  if (level) return exec('setVolume', { volumeLevel: Number(level[1]) });
  if (/音量|ボリューム|音/.test(text)) {
    const louder = /上げ|あげ|大きく|おおきく|アップ/.test(text);
    const quieter = /下げ|さげ|小さく|ちいさく|ダウン/.test(text);
    if (louder !== quieter) return volume(louder ? 1 : -1, count, device);
  }
  if (/チャンネル|ちゃんねる|ch/i.test(text)) {
    if (/(?:前|直前|さっき|元)のチャンネル/.test(text)) return exec('returnChannel');
    // 「5チャンネルに(戻して)」 names where to go; 「2チャンネル上げて」 how far.
    const target = /(\d+)(?:チャンネル|ちゃんねる|ch)(?:に|へ)/i.exec(text) ?? /チャンネルを?(\d+)(?:番)?(?:に|へ)/.exec(text);
    if (target) return byNumber(target[1]!);
    const next = /上げ|あげ|次|進め|アップ/.test(text);
    const back = /下げ|さげ|戻|ダウン/.test(text);
    const steps = count ?? /(\d+)(?:チャンネル|ちゃんねる|ch)/i.exec(text)?.[1];
    if (next !== back) return exec('relativeChannel', { relativeChannelChange: (next ? 1 : -1) * Number(steps ?? 1) });
    const number = /(\d+)(?:チャンネル|ちゃんねる|ch)/i.exec(text);
    if (number) return byNumber(number[1]!);
  }
  if (named) return byName(named);
  if (/消して|けして|消す|オフ|切って|きって|切る|止めて/.test(text)) return exec('OnOff', { on: false });
  if (/つけて|付けて|点けて|つける|オン|入れて|いれて/.test(text)) return exec('OnOff', { on: true });
  return undefined;
}

// ---- Google's side of the conversation ----

export interface ExecuteResult {
  command: string;
  status: string;
  errorCode?: string;
}

export interface GoogleAnswer {
  heard: Heard;
  /** The EXECUTE's outcome for the device, when one was sent. */
  result?: ExecuteResult;
  /** What Google says back, in the line's language. */
  speech: string;
}

export interface GoogleStandIn {
  /** SYNC, as on linking and on Request Sync: the devices Google keeps from now on. */
  sync(): Promise<readonly SyncedDevice[]>;
  devices(): readonly SyncedDevice[];
  /** SYNC's agentUserId; undefined before the first SYNC, or when SYNC answered an error. */
  agentUserId(): string | undefined;
  /** The errorCode the last SYNC answered instead of devices, if it did. */
  syncError(): string | undefined;
  /** One EXECUTE of one command for one synced device, checked both ways. */
  execute(device: SyncedDevice, execution: Execution): Promise<ExecuteResult>;
  /** A spoken line: SYNC first if none was, then the EXECUTE it maps to, and Google's words. */
  hear(line: string): Promise<GoogleAnswer>;
}

export interface GoogleStandInOptions {
  fulfillment: Fulfillment;
  /** The access token account linking gave Google. */
  token: string;
}

export function googleStandIn({ fulfillment, token }: GoogleStandInOptions): GoogleStandIn {
  let synced: SyncedDevice[] | undefined;
  let agentUserId: string | undefined;
  let syncError: string | undefined;

  /** The body Google POSTs, sent the way a Function URL hands it to the Lambda; the answer parsed and checked. */
  async function send(intent: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const wrong = googleRequestErrors(body);
    // The stand-in's own request: a mistake here is the sandbox's, never the door's.
    if (wrong.length > 0) throw new Error(`the Google stand-in built an invalid ${intent} request: ${wrong.join('; ')}`);
    const answer = await fulfillment({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/',
      // "POST /fulfillment … Content-Type: application/json Authorization: Bearer ACCESS_TOKEN"
      // (https://developers.google.com/assistant/smarthome/develop/process-intents); a Function URL lower-cases header names.
      requestContext: { http: { method: 'POST', path: '/' } },
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    });
    // An invalid token is answered "HTTP 401 Unauthorized" (process-intents): Google would refresh it; here there is no refresh.
    if (answer.statusCode !== 200) throw new GoogleRefusal(intent, `HTTP ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      throw new GoogleRefusal(intent, 'the body is not JSON');
    }
    // "If the response contains incorrect formatting or errorCode, Google Assistant gives users a generic
    // error message" (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions).
    const errors = googleResponseErrors(intent, parsed);
    if (errors.length > 0) throw new GoogleRefusal(intent, `not valid against Google's schema: ${errors.slice(0, 5).join('; ')}`);
    const response = parsed as Record<string, unknown>;
    if (response['requestId'] !== body['requestId']) throw new GoogleRefusal(intent, 'the requestId is not the request\'s');
    return response;
  }

  async function sync(): Promise<readonly SyncedDevice[]> {
    const response = await send(SYNC, { requestId: randomUUID(), inputs: [{ intent: SYNC }] });
    const payload = response['payload'] as Record<string, unknown>;
    // "For systematic errors on SYNC" (intents/sync): no devices to address until a later SYNC lists some.
    if (typeof payload['errorCode'] === 'string') {
      syncError = payload['errorCode'];
      agentUserId = undefined;
      synced = [];
      return synced;
    }
    syncError = undefined;
    if (typeof payload['agentUserId'] !== 'string' || !Array.isArray(payload['devices'])) {
      throw new GoogleRefusal(SYNC, 'SYNC answered neither devices with an agentUserId nor an errorCode');
    }
    const devices = payload['devices'].map(syncedDevice);
    // "The ID of the device … must be unique for the user" (https://developers.home.google.com/cloud-to-cloud/intents/sync).
    const twice = devices.find((d, i) => devices.findIndex((e) => e.id === d.id) !== i);
    if (twice) throw new GoogleRefusal(SYNC, `the device id ${twice.id} is given twice`);
    agentUserId = payload['agentUserId'];
    synced = devices;
    return synced;
  }

  async function execute(device: SyncedDevice, execution: Execution): Promise<ExecuteResult> {
    // Google addresses only devices SYNC gave it.
    if (!(synced ?? []).some((d) => d.id === device.id)) throw new Error(`the Google stand-in has no synced device ${device.id}`);
    const body = {
      requestId: randomUUID(),
      inputs: [{ intent: EXECUTE, payload: { commands: [{ devices: [{ id: device.id }], execution: [execution] }] } }],
    };
    const response = await send(EXECUTE, body);
    const payload = response['payload'] as { commands?: { ids: string[]; status: string; errorCode?: string }[]; errorCode?: string };
    // A global error: "all the devices in the response have the same error" (errors-exceptions).
    if (payload.commands === undefined) return { command: execution.command, status: 'ERROR', errorCode: payload.errorCode ?? 'unknownError' };
    const stranger = payload.commands.flatMap((c) => c.ids).find((id) => id !== device.id);
    if (stranger !== undefined) throw new GoogleRefusal(EXECUTE, `the response names device ${stranger}, which the request did not`);
    const result = payload.commands.find((c) => c.ids.includes(device.id));
    if (result === undefined) throw new GoogleRefusal(EXECUTE, `the response has no result for device ${device.id}`);
    return { command: execution.command, status: result.status, ...(result.errorCode !== undefined && { errorCode: result.errorCode }) };
  }

  return {
    sync,
    devices: () => synced ?? [],
    agentUserId: () => agentUserId,
    syncError: () => syncError,
    execute,
    async hear(line) {
      const devices = synced ?? await sync();
      const heard = readGoogleLine(line, devices);
      const japanese = isJapanese(line);
      if (heard.kind !== 'execute') return { heard, speech: (japanese ? SPEECH_JA : SPEECH_EN).heard(heard) };
      const result = await execute(heard.device, heard.execution);
      return { heard, result, speech: (japanese ? SPEECH_JA : SPEECH_EN).result(result, heard) };
    },
  };
}

/** A SYNC device as Google keeps it; the schema has checked the shape, the attributes are read with their documented defaults. */
function syncedDevice(value: unknown): SyncedDevice {
  const d = value as { id: string; type: string; traits: string[]; name: { name?: string; nicknames?: string[] }; roomHint?: string; attributes?: Record<string, unknown> };
  const attributes = d.attributes ?? {};
  const channels = Array.isArray(attributes['availableChannels']) ? attributes['availableChannels'] : [];
  const step = attributes['levelStepSize'];
  return {
    id: d.id,
    type: d.type,
    traits: d.traits,
    name: d.name.name ?? '',
    nicknames: d.name.nicknames ?? [],
    ...(d.roomHint !== undefined && { roomHint: d.roomHint }),
    availableChannels: channels.filter(isRecord).map((c) => ({
      key: String(c['key']),
      names: Array.isArray(c['names']) ? c['names'].map(String) : [],
      ...(typeof c['number'] === 'string' && { number: c['number'] }),
    })),
    // Volume: levelStepSize "(Default: 1)".
    levelStepSize: typeof step === 'number' && Number.isInteger(step) && step > 0 ? step : 1,
  };
}

// ---- What Google says ----
// Google does not publish its replies for smart home commands; these say what happened, briefly. For a
// refused response it gives "a generic error message, for example, "Sorry, device is not available right
// now"" (errors-exceptions), which is GENERIC_ERROR.

interface Speech {
  heard(heard: Exclude<Heard, { kind: 'execute' }>): string;
  result(result: ExecuteResult, heard: Extract<Heard, { kind: 'execute' }>): string;
}

export const GENERIC_ERROR_EN = 'Sorry, device is not available right now.';
export const GENERIC_ERROR_JA = 'すみません、デバイスは現在利用できません。';

const SPEECH_EN: Speech = {
  heard: (h) => {
    if (h.kind === 'which') return `Sorry, which one: ${h.devices.map((d) => d.name).join(' or ')}?`;
    if (h.kind === 'no devices') return 'It looks like you haven\'t set up any devices in the Google Home app yet.';
    if (h.kind === 'no trait') return `Sorry, ${h.device.name} doesn't support that.`;
    return 'Sorry, I don\'t understand.';
  },
  result: (r, { device, execution }) => {
    const name = device.name;
    if (r.status === 'SUCCESS') {
      const p = execution.params;
      switch (execution.command.slice(COMMAND.length)) {
        case 'OnOff': return `OK, turning ${name} ${p['on'] === true ? 'on' : 'off'}.`;
        case 'selectChannel': case 'relativeChannel': case 'returnChannel': return 'OK, changing the channel.';
        case 'volumeRelative': return `OK, turning the volume ${Number(p['relativeSteps']) < 0 ? 'down' : 'up'}.`;
        default: return 'OK.';
      }
    }
    switch (r.errorCode) {
      case 'functionNotSupported': case 'notSupported': case 'actionNotAvailable': return `Sorry, ${name} can't do that.`;
      case 'deviceOffline': case 'offline': return `Sorry, ${name} isn't responding right now.`;
      case 'valueOutOfRange': return `Sorry, that's out of range for ${name}.`;
      case 'noAvailableChannel': return `Sorry, ${name} doesn't have that channel.`;
      case 'deviceNotFound': return `Sorry, I couldn't find ${name}.`;
      case 'transientError': return `Sorry, ${name} didn't answer in time. Try again.`;
      default: return `Sorry, something went wrong with ${name}.`;
    }
  },
};

const SPEECH_JA: Speech = {
  heard: (h) => {
    if (h.kind === 'which') return `どれですか?${h.devices.map((d) => d.name).join('、')}`;
    if (h.kind === 'no devices') return 'Google Home アプリにデバイスがまだ設定されていないようです。';
    if (h.kind === 'no trait') return `すみません、${h.device.name}はその操作に対応していません。`;
    return 'すみません、よくわかりません。';
  },
  result: (r, { device, execution }) => {
    const name = device.name;
    if (r.status === 'SUCCESS') {
      const p = execution.params;
      switch (execution.command.slice(COMMAND.length)) {
        case 'OnOff': return p['on'] === true ? `はい、${name}をつけます。` : `はい、${name}を消します。`;
        case 'selectChannel': case 'relativeChannel': case 'returnChannel': return 'はい、チャンネルを変えます。';
        case 'volumeRelative': return Number(p['relativeSteps']) < 0 ? 'はい、音量を下げます。' : 'はい、音量を上げます。';
        default: return 'はい。';
      }
    }
    switch (r.errorCode) {
      case 'functionNotSupported': case 'notSupported': case 'actionNotAvailable': return `すみません、${name}ではその操作はできません。`;
      case 'deviceOffline': case 'offline': return `すみません、${name}が応答していません。`;
      case 'valueOutOfRange': return `すみません、${name}ではその値は範囲外です。`;
      case 'noAvailableChannel': return `すみません、${name}にそのチャンネルはありません。`;
      case 'deviceNotFound': return `すみません、${name}が見つかりません。`;
      case 'transientError': return `すみません、${name}の応答がありませんでした。もう一度お試しください。`;
      default: return `すみません、${name}で問題が発生しました。`;
    }
  },
};
