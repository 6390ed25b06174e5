// A batch of lines measured by what they do to the TVs, through the sandbox as `npm start` composes it
// (startSandbox: both doors, the Alexa stand-ins, the real handlers and setup), in this process. Each
// line is said on its own, to TVs set to a known state, and judged only by the TVs afterwards: the
// door, the intent and the words are reported, never judged, except for mute, which an IR remote cannot
// do, where the answer must say so. The device cloud is an emulator this harness starts and hands to the
// sandbox as its device cloud (the sandbox's DEVICE_CLOUD_BASE_URL), so it can set and read every TV.
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DeviceCloudApi } from '../../../src/cloud/api';
import { DeviceCloud } from '../../../src/cloud/client';
import { isChannelNumber } from '../../../src/cloud/types';
import { isJapanese } from '../../../src/language';
import { createUserTable, startDynalite, useLocalAwsDefaults } from '../../../src/local/dynamo';
import { startEmulator, type Emulator } from '../../../src/local/emulator';
import type { TvState } from '../../../src/local/emulator/types';
import type { Reply } from '../../../src/local/sandbox/console';
import { startSandbox, type Sandbox } from '../../../src/local/sandbox/sandbox';
import { normaliseChannelName, stationsOf } from '../../../src/tv/channels';
import { isRecord } from '../../../src/json';
import { LOCALES, type ModelLocale } from '../../../models/locales';

export type TvAction =
  'on' | 'off' | 'channel' | 'station' | 'channelUp' | 'channelDown' | 'volumeUp' | 'volumeDown' | 'mute';
const ACTIONS: readonly string[] = [
  'on',
  'off',
  'channel',
  'station',
  'channelUp',
  'channelDown',
  'volumeUp',
  'volumeDown',
  'mute',
];

/** A request for a TV: which TV (none named: the household's only one), what, and the number or station said. */
export interface TvLine {
  line: string;
  tv: 'living room' | 'bedroom' | null;
  action: TvAction;
  value: number | string | null;
}
/** A line for something else (weather, timers, music, shopping): no TV may change. */
export interface OtherLine {
  line: string;
  action: 'none';
}
export type BatchLine = TvLine | OtherLine;
export type Batch = Partial<Record<ModelLocale, BatchLine[]>>;

/** The batch file, checked line by line: a wrong shape names its entry. */
export function readBatch(file: string): Batch {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRecord(raw)) throw new Error(`${file}: not an object of locales`);
  const batch: Batch = {};
  for (const [locale, entries] of Object.entries(raw)) {
    // The file's note on who wrote the batch, and how.
    if (locale === '//') continue;
    const known = LOCALES.find((l) => l === locale);
    if (known === undefined || !Array.isArray(entries)) throw new Error(`${file}: ${locale} is no locale of lines`);
    batch[known] = entries.map((e: unknown, i) => {
      const where = `${file}: ${locale}[${i}]`;
      if (!isRecord(e) || typeof e.line !== 'string' || typeof e.action !== 'string')
        throw new Error(`${where}: needs line and action`);
      if (e.action === 'none') return { line: e.line, action: 'none' };
      if (!ACTIONS.includes(e.action)) throw new Error(`${where}: unknown action ${e.action}`);
      const tv = e.tv ?? null;
      if (tv !== null && tv !== 'living room' && tv !== 'bedroom')
        throw new Error(`${where}: tv must be "living room", "bedroom" or null`);
      const value = e.value ?? null;
      if (value !== null && typeof value !== 'number' && typeof value !== 'string')
        throw new Error(`${where}: value must be a number, a station or null`);
      return { line: e.line, tv, action: e.action as TvAction, value };
    });
  }
  return batch;
}

/** Which door a line is for: the custom skill when it names the invocation name, else the smart-home model. */
export type DoorKind = 'custom skill' | 'smart home';

export interface Outcome {
  entry: BatchLine;
  door: DoorKind;
  right: boolean;
  /** The custom skill heard it by meaning, no sample matching it exactly (the sandbox's note says so). */
  byMeaning: boolean;
  /** Some TV changed. */
  moved: boolean;
  /** The sandbox's door line, its answer and the TVs, for a report. */
  said: string;
}

const START: Omit<TvState, 'thingId' | 'deviceName'> = { power: 'on', channel: 6, volume: 10 };
// Setting the TVs is the harness's own step, not the skill's: it may wait as long as a loaded machine needs.
const SETTING_TIMEOUT_MS = 60_000;
const INVOCATION = /tv remote|テレビリモコン/i;
// The sandbox's door line for a line the custom skill heard by meaning (conversation.ts).
const BY_MEANING = /^custom skill, heard by meaning/;

/** The room names of the two-TV household in each language. */
export function roomNames(locale: ModelLocale): Record<'living room' | 'bedroom', string> {
  return isJapanese(locale)
    ? { 'living room': 'リビング', bedroom: '寝室' }
    : { 'living room': 'living room', bedroom: 'bedroom' };
}

/** What every household's sandbox shares: one DynamoDB (a table each) and one device cloud (an account each). */
interface Shared {
  emulator: Emulator;
  households: number;
}

/** One household's sandbox: its TVs, set to a state before each line and read after it. */
class Household {
  private constructor(
    private readonly sandbox: Sandbox,
    private readonly emulator: Emulator,
    private readonly api: DeviceCloudApi,
    private readonly token: string,
    private readonly locale: ModelLocale,
  ) {}

  static async start(shared: Shared, locale: ModelLocale, tvNames: string[] | undefined): Promise<Household> {
    const n = ++shared.households;
    const token = `hearing-household-${n}`;
    const tableName = `hearing-household-${n}`;
    shared.emulator.addAccount(token);
    await createUserTable(new DynamoDBClient({}), tableName);
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    // Tokyo by postal code: the Echo has that address, the TVs Tokyo's stations on their buttons.
    const sandbox = await startSandbox(
      {
        locale,
        area: '100-0001',
        tableName,
        deviceCloudBaseUrl: shared.emulator.url,
        deviceCloudToken: token,
        ...(tvNames && { tvNames }),
      },
      quiet,
    );
    return new Household(
      sandbox,
      shared.emulator,
      new DeviceCloud({ baseUrl: shared.emulator.url, timeoutMs: SETTING_TIMEOUT_MS }).forToken(token),
      token,
      locale,
    );
  }

  tvs(): TvState[] {
    return this.emulator.tvs(this.token);
  }

  /** Every TV to `power`, channel 6, volume 10, through the device cloud as a remote would. */
  async set(power: 'on' | 'off'): Promise<void> {
    const { api } = this;
    for (const tv of this.tvs()) {
      const { thingId } = tv;
      if (tv.power === 'off') await api.tvPowerOn(thingId);
      if (tv.channel !== START.channel && isChannelNumber(START.channel))
        await api.tvChannel(thingId, { tuning: START.channel });
      for (let v = tv.volume; v !== START.volume; v += v < START.volume ? 1 : -1)
        await api.tvVolume(thingId, v < START.volume ? 'up' : 'down');
      if (power === 'off') await api.tvPowerOff(thingId);
    }
  }

  /** A line said on its own: any session it leaves open (a question, the keypad) is ended after it. */
  async say(line: string): Promise<Reply> {
    const reply = await this.sandbox.converse(line);
    for (let i = 0; i < 2 && stillOpen(reply); i++) {
      const ended = await this.sandbox.converse(isJapanese(this.locale) ? 'ストップ' : 'exit');
      if (!stillOpen(ended)) break;
    }
    return reply;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}

function stillOpen(reply: Reply): boolean {
  return reply.door.startsWith('custom skill') && (reply.sessionOpen || /session stays open/.test(reply.note ?? ''));
}

/** The button a Tokyo station is on, by any of its names. */
function tokyoButton(station: string): number | undefined {
  const key = normaliseChannelName(station);
  return stationsOf('tokyo').find((s) => s.names.some((n) => normaliseChannelName(n) === key))?.channel;
}

/**
 * The answer says the TV cannot mute: the smart-home door's SetMute (which the skill refuses, Alexa
 * saying the device does not support it), Google's mute command, or the custom skill's own words saying
 * it cannot mute. An answer that merely quotes "mute" as a channel or a device name is not one.
 */
export function isMuteAnswer(reply: Reply): boolean {
  if (/Alexa\.Speaker\.SetMute|action\.devices\.commands\.mute\b/.test(reply.door)) return true;
  if (!reply.door.startsWith('custom skill')) return false;
  return (
    (/\bmute\b/i.test(reply.speech) && /can(?:'|no)t|not able|unable/i.test(reply.speech)) ||
    (/ミュート|消音/.test(reply.speech) && /できません/.test(reply.speech))
  );
}

/**
 * A smart-home line asking for volume or mute with no word for a device ("turn up the volume", 「音量上げて」):
 * on an Echo that is the Echo's own volume (Amazon's Speaker utterances all name the device; "Alexa, volume
 * up" sets the Echo), so the TVs must stay as they are. The batch's writer meant the TV; the platform does not.
 */
const NO_DEVICE_WORD = /\b(?:tv|telly|television|it|living room|bedroom)\b|テレビ|リビング|寝室/i;
export function isEchosOwn(entry: BatchLine): boolean {
  return (
    (entry.action === 'volumeUp' || entry.action === 'volumeDown' || entry.action === 'mute') &&
    !INVOCATION.test(entry.line) &&
    !NO_DEVICE_WORD.test(entry.line)
  );
}

const changed = (a: TvState, b: TvState) => a.power !== b.power || a.channel !== b.channel || a.volume !== b.volume;

/** Whether the TVs after the line are what the line asks of them. */
function judge(
  entry: BatchLine,
  before: TvState[],
  after: TvState[],
  target: string | undefined,
  reply: Reply,
): boolean {
  const moved = after.filter((tv, i) => changed(tv, before[i]!));
  if (entry.action === 'none' || isEchosOwn(entry)) return moved.length === 0;
  if (entry.action === 'mute') return moved.length === 0 && isMuteAnswer(reply);
  // Only the TV the line means may change.
  if (moved.some((tv) => tv.deviceName !== target)) return false;
  const now = after.find((tv) => tv.deviceName === target);
  if (now === undefined) return false;
  const step = typeof entry.value === 'number' ? entry.value : undefined;
  switch (entry.action) {
    case 'on':
      return now.power === 'on';
    case 'off':
      return now.power === 'off';
    case 'channel':
      return now.power === 'on' && now.channel === entry.value;
    case 'station':
      return now.power === 'on' && typeof entry.value === 'string' && now.channel === tokyoButton(entry.value);
    case 'channelUp':
      return step === undefined ? now.channel > START.channel : now.channel === START.channel + step;
    case 'channelDown':
      return step === undefined ? now.channel < START.channel : now.channel === START.channel - step;
    case 'volumeUp':
      return step === undefined ? now.volume > START.volume : now.volume === START.volume + step;
    case 'volumeDown':
      return step === undefined ? now.volume < START.volume : now.volume === START.volume - step;
  }
}

/** Measures batches through sandboxes that share one DynamoDB and one device cloud, started once. */
export interface HearingLab {
  /**
   * A locale's batch in two households: one TV for lines naming none, a living room and a bedroom TV for
   * lines naming one. The outcomes come in the batch's order.
   */
  measure(locale: ModelLocale, entries: BatchLine[]): Promise<Outcome[]>;
  close(): Promise<void>;
}

export async function startHearingLab(): Promise<HearingLab> {
  useLocalAwsDefaults();
  const dynamo = await startDynalite();
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  const shared: Shared = { emulator: await startEmulator(), households: 0 };
  return {
    async measure(locale, entries) {
      const rooms = roomNames(locale);
      const named = (entry: BatchLine) => entry.action !== 'none' && entry.tv !== null;
      const outcomes = new Map<BatchLine, Outcome>();
      await Promise.all(
        [false, true].map(async (pair) => {
          const household = await Household.start(
            shared,
            locale,
            pair ? [rooms['living room'], rooms.bedroom] : undefined,
          );
          try {
            for (const entry of entries.filter((e) => named(e) === pair))
              outcomes.set(entry, await measure(household, entry, rooms));
          } finally {
            await household.close();
          }
        }),
      );
      return entries.map((e) => outcomes.get(e)!);
    },
    async close() {
      await shared.emulator.close();
      await dynamo.close();
    },
  };
}

async function measure(
  household: Household,
  entry: BatchLine,
  rooms: Record<'living room' | 'bedroom', string>,
): Promise<Outcome> {
  const target =
    entry.action === 'none' ? undefined : entry.tv === null ? household.tvs()[0]?.deviceName : rooms[entry.tv];
  await household.set(entry.action === 'on' ? 'off' : 'on');
  const before = household.tvs();
  const reply = await household.say(entry.line);
  const after = household.tvs();
  const tvs = after.map((tv) => `${tv.deviceName}: ${tv.power} ${tv.channel} ${tv.volume}`).join('; ');
  return {
    entry,
    door: INVOCATION.test(entry.line) ? 'custom skill' : 'smart home',
    right: judge(entry, before, after, target, reply),
    byMeaning: BY_MEANING.test(reply.door),
    moved: after.some((tv, i) => changed(tv, before[i]!)),
    said: `[${reply.door}${reply.note ? `: ${reply.note}` : ''}] ${reply.speech} | ${tvs}`,
  };
}

/** A locale's figures: its TV lines right, by door, what was right without hearing by meaning, and stray moves. */
export interface Figures {
  lines: number;
  right: number;
  /** Right, and heard by the smart-home door or by an exact sample match: what a real Echo hears at least. */
  exact: number;
  custom: { lines: number; right: number };
  smartHome: { lines: number; right: number };
  /** Lines for no TV that moved one. */
  strayMoves: string[];
}

export function figures(outcomes: Outcome[]): Figures {
  const tv = outcomes.filter((o) => o.entry.action !== 'none');
  const of = (door: DoorKind) => ({
    lines: tv.filter((o) => o.door === door).length,
    right: tv.filter((o) => o.door === door && o.right).length,
  });
  return {
    lines: tv.length,
    right: tv.filter((o) => o.right).length,
    exact: tv.filter((o) => o.right && !o.byMeaning).length,
    custom: of('custom skill'),
    smartHome: of('smart home'),
    strayMoves: outcomes.filter((o) => o.entry.action === 'none' && o.moved).map((o) => o.entry.line),
  };
}

export const share = (right: number, lines: number) =>
  `${lines === 0 ? 100 : Math.round((100 * right) / lines)} % (${right} of ${lines})`;
