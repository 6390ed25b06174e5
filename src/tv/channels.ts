// Channels by name: the button (リモコンキーID, the one-touch buttons 1..12 that are the device cloud's
// `tuning`) a spoken or written channel name stands for, through the user's own name-to-number map and
// the broadcasters of the TV's prefecture (src/tv/broadcasters.ts). Both doors resolve names here. A
// name that is only another prefecture's station is reported as such, never tuned to a wrong button.
import { isRecord } from '../json';
import { hiragana, normalForm, xmlForbiddenCharacter } from '../text';
import { AREA_EXAMPLES, findArea, prefectureById, storedAreaId } from './areas';
import { PREFECTURES, type Prefecture } from './broadcasters';
import { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber, TvRefusal } from './control';

// eslint-disable-next-line no-control-regex -- control characters are what a channel name may not hold
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface Station {
  /** The button on the remote. */
  channel: number;
  /** The name to say back; the first of `names`. */
  name: string;
  /** Every name that selects it: official, short, nicknames, call letters, romaji. */
  names: readonly string[];
}

/** A stored area (a prefecture id, or kanto/kinki/tokai from before) as its prefecture. */
const prefectureOf = (areaId: string | undefined): Prefecture | undefined => {
  const id = storedAreaId(areaId);
  return id === undefined ? undefined : prefectureById(id);
};

/** A value computed on first use: the indexes below cost milliseconds a cold start need not pay. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** Each prefecture's stations in button order. */
const stationLists = once(
  (): ReadonlyMap<string, readonly Station[]> =>
    new Map(
      PREFECTURES.map((p) => [
        p.id,
        p.stations
          .map((b) => ({ channel: b.key, name: b.names[0]!, names: b.names }))
          .sort((a, b) => a.channel - b.channel),
      ]),
    ),
);

type NameIndex = ReadonlyMap<string, { station: Station; matched: string }>;
const nameIndexes = new Map<string, NameIndex>();

/** A prefecture's names in normal form, to the station and the name as written: one lookup per name heard. */
function namesOf(prefectureId: string): NameIndex {
  const built = nameIndexes.get(prefectureId);
  if (built) return built;
  const index = new Map<string, { station: Station; matched: string }>();
  for (const station of stationLists().get(prefectureId) ?? []) {
    for (const matched of station.names) {
      const key = normaliseChannelName(matched);
      if (!index.has(key)) index.set(key, { station, matched });
    }
  }
  nameIndexes.set(prefectureId, index);
  return index;
}

/** The stations of a prefecture (by id, or an area id of before), in button order. */
export function stationsOf(areaId: string | undefined): readonly Station[] {
  const prefecture = prefectureOf(areaId);
  return prefecture === undefined ? [] : (stationLists().get(prefecture.id) ?? []);
}

/** How a TV's channels are named: a prefecture's broadcasters, the user's own names, or both (own names win). */
export interface ChannelNames {
  /** The prefecture id (src/tv/broadcasters.ts); kanto, kinki and tokai stored before read as theirs. */
  area?: string;
  /** Name -> button, as the user gave them at setup. */
  map?: Readonly<Record<string, number>>;
}

/** Limits on a user's own map: it travels in smart-home cookies (about 5000 bytes in all). */
export const CHANNEL_MAP_MAX_ENTRIES = 24;
export const CHANNEL_NAME_MAX = 32;

/**
 * The same channel name however it is written or heard: the normal form of names (src/text.ts), then
 * spaces, middle dots and long-vowel marks ignored and katakana read as hiragana, so "メ〜テレ",
 * "メーテレ", "めてれ" and "Fuji TV", "fujitv" compare equal.
 */
export function normaliseChannelName(name: string): string {
  return hiragana(normalForm(name).replace(/[\s・.\-〜~ー]/gu, ''));
}

/** Every prefecture a channel name belongs to, by normalised name: for answers about a name from elsewhere. */
const prefecturesByName = once((): ReadonlyMap<string, readonly { prefecture: Prefecture; name: string }[]> => {
  const index = new Map<string, { prefecture: Prefecture; name: string }[]>();
  for (const prefecture of PREFECTURES) {
    for (const b of prefecture.stations) {
      for (const n of new Set(b.names.map(normaliseChannelName)))
        index.set(n, [...(index.get(n) ?? []), { prefecture, name: b.names[0]! }]);
    }
  }
  return index;
});

export type ChannelLookup =
  /** `name`: the station's (or own) name to say back; `matched`: the name as written that matched. */
  | { found: true; channel: number; name: string; matched: string }
  /**
   * `known`: the channels the user can name, the user's own first. `elsewhere`: the name is a station
   * of other prefectures only (its name there, and those prefectures), not of this TV's.
   */
  | { found: false; known: KnownChannel[]; elsewhere?: ElsewhereStation };

export interface ElsewhereStation {
  /** The station's name where it broadcasts. */
  name: string;
  /** The prefectures it broadcasts in (東京都, 神奈川県...), in JIS order. */
  prefectures: PrefectureName[];
  /** The TV's own prefecture. */
  here: PrefectureName;
}

/** A prefecture as said: 東京都 / Tokyo. */
export interface PrefectureName {
  name: string;
  romaji: string;
}

const prefectureName = (p: Prefecture): PrefectureName => ({ name: p.name, romaji: p.romaji });

/** A channel the user can name: the name to say, and every other way of saying it. */
export interface KnownChannel {
  name: string;
  names: readonly string[];
}

/** The button a spoken or written channel name stands for, in the user's own map, then the prefecture's table. */
export function resolveChannelName(spoken: string | readonly string[], names: ChannelNames | undefined): ChannelLookup {
  const candidates = (typeof spoken === 'string' ? [spoken] : spoken).map(normaliseChannelName).filter((c) => c !== '');
  const own = Object.entries(names?.map ?? {});
  const here = prefectureOf(names?.area);
  const stations = here === undefined ? undefined : namesOf(here.id);
  for (const candidate of candidates) {
    const mine = own.find(([name]) => normaliseChannelName(name) === candidate);
    if (mine) return { found: true, channel: mine[1], name: mine[0], matched: mine[0] };
    const station = stations?.get(candidate);
    if (station)
      return { found: true, channel: station.station.channel, name: station.station.name, matched: station.matched };
  }
  const known = knownChannelNames(names);
  // Only a TV with a prefecture can tell a station of elsewhere from a name it never heard of.
  for (const candidate of here ? candidates : []) {
    const owners = prefecturesByName().get(candidate);
    if (owners === undefined) continue;
    const prefectures = owners.map((o) => prefectureName(o.prefecture));
    return { found: false, known, elsewhere: { name: owners[0]!.name, prefectures, here: prefectureName(here!) } };
  }
  return { found: false, known };
}

/** What a name tunes on this TV: the button, the station's (or own) name to say back, the name as written that matched. */
export interface NamedChannel {
  channel: number;
  name: string;
  matched: string;
}

/**
 * A name no channel of this TV has: `known` are the names it does have (none: the TV has no channel names
 * at all, so only numbers tune it). Refused before any press, as every door says in its own words.
 */
export class UnknownChannelName extends TvRefusal {
  constructor(
    readonly said: string,
    readonly known: readonly KnownChannel[],
  ) {
    super(known.length === 0 ? 'this TV has no channel names' : 'no channel of this TV has that name');
    this.name = 'UnknownChannelName';
  }
}

/** A station of other prefectures only: never tuned to whatever holds its button here. */
export class StationElsewhere extends TvRefusal {
  constructor(
    readonly said: string,
    readonly station: ElsewhereStation,
  ) {
    super('that station does not broadcast where this TV is');
    this.name = 'StationElsewhere';
  }
}

/**
 * Channel by name, for every door: the channel the first name that this TV knows tunes, or a refusal
 * (UnknownChannelName, StationElsewhere) that the door's error module puts into its own words or code.
 */
export function channelByName(said: readonly string[], names: ChannelNames | undefined): NamedChannel {
  const found = resolveChannelName(said, names);
  if (found.found) return { channel: found.channel, name: found.name, matched: found.matched };
  const first = said.find((n) => n.trim() !== '') ?? '';
  if (found.elsewhere) throw new StationElsewhere(first, found.elsewhere);
  throw new UnknownChannelName(first, found.known);
}

/**
 * The channels the user can name: their own names, then the area's stations in button order, but for
 * a station whose name is an own name in the normal form (saying it tunes the own button).
 */
export function knownChannelNames(names: ChannelNames | undefined): KnownChannel[] {
  const own = Object.keys(names?.map ?? {}).map((name) => ({ name, names: [name] }));
  const ownKeys = new Set(own.map((o) => normaliseChannelName(o.name)));
  const area = stationsOf(names?.area);
  return [
    ...own,
    ...area.filter((s) => !ownKeys.has(normaliseChannelName(s.name))).map((s) => ({ name: s.name, names: s.names })),
  ];
}

export class ChannelNamesError extends Error {
  constructor(
    readonly field: 'area' | 'channels',
    message: string,
  ) {
    super(message);
    this.name = 'ChannelNamesError';
  }
}

/** Validates the setup fields `area` and `channels`; messages name the field. */
export function parseChannelNames(area: unknown, channels: unknown): ChannelNames | undefined {
  const out: ChannelNames = {};
  if (area !== undefined && area !== null) {
    if (typeof area !== 'string' || area.trim() === '')
      throw new ChannelNamesError('area', `area must be ${AREA_EXAMPLES}`);
    const lookup = findArea(area);
    if (!lookup.found) {
      const shown = area.length > 40 ? `${area.slice(0, 40)}…` : area;
      throw new ChannelNamesError(
        'area',
        lookup.reason === 'unknown-postal-code'
          ? `area '${shown}' is not a postal code in use in Japan; give the TV's prefecture instead, or ${AREA_EXAMPLES}`
          : `area '${shown}' is not a Japanese prefecture; write ${AREA_EXAMPLES}`,
      );
    }
    out.area = lookup.prefecture.id;
  }
  if (channels !== undefined && channels !== null) out.map = parseChannelMap(channels);
  return out.area !== undefined || out.map !== undefined ? out : undefined;
}

const PLAIN_OBJECT: object = {};

function parseChannelMap(value: unknown): Record<string, number> {
  if (!isRecord(value)) {
    throw new ChannelNamesError('channels', 'channels must be an object of names to buttons, such as {"BBC One": 1}');
  }
  const entries = Object.entries(value);
  if (entries.length === 0) throw new ChannelNamesError('channels', 'channels must name at least one channel');
  if (entries.length > CHANNEL_MAP_MAX_ENTRIES) {
    throw new ChannelNamesError('channels', `channels may name at most ${CHANNEL_MAP_MAX_ENTRIES} channels`);
  }
  const map: Record<string, number> = {};
  const seen = new Set<string>();
  for (const [rawName, channel] of entries) {
    const name = rawName.trim();
    if (
      name === '' ||
      name.length > CHANNEL_NAME_MAX ||
      CONTROL.test(name) ||
      xmlForbiddenCharacter(name) !== undefined ||
      normaliseChannelName(name) === ''
    ) {
      throw new ChannelNamesError(
        'channels',
        `channels: every name must be 1 to ${CHANNEL_NAME_MAX} printable characters, with a letter or digit`,
      );
    }
    // The map is stored and read as a plain object: a name that is a property every object has
    // (constructor, __proto__, toString...) would be taken for that property, not for a channel.
    if (name in PLAIN_OBJECT)
      throw new ChannelNamesError(
        'channels',
        `channels: '${name}' cannot be a channel name (it is reserved); write it differently, e.g. with a capital letter`,
      );
    if (seen.has(normaliseChannelName(name)))
      throw new ChannelNamesError('channels', `channels: '${name}' is given twice`);
    seen.add(normaliseChannelName(name));
    if (!isChannelNumber(channel)) {
      throw new ChannelNamesError(
        'channels',
        `channels: '${name}' must be a button from ${CHANNEL_MIN} to ${CHANNEL_MAX}`,
      );
    }
    map[name] = channel;
  }
  return map;
}

/** Tolerant read of a stored value (DynamoDB item, cookie): what is valid is kept, the rest dropped. */
export function readChannelNames(value: unknown): ChannelNames | undefined {
  if (!isRecord(value)) return undefined;
  const v = value as { area?: unknown; map?: unknown };
  const out: ChannelNames = {};
  const area = storedAreaId(v.area);
  if (area !== undefined) out.area = area;
  if (isRecord(v.map)) {
    const map: Record<string, number> = {};
    for (const [name, channel] of Object.entries(v.map)) {
      if (isChannelNumber(channel) && !(name in PLAIN_OBJECT)) map[name] = channel;
    }
    if (Object.keys(map).length > 0) out.map = map;
  }
  return out.area !== undefined || out.map !== undefined ? out : undefined;
}
