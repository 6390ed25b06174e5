// Channels by name: the remote-control numbers (リモコンキーID, the one-touch buttons 1..12 that are the
// device cloud's `tuning`) of Japan's terrestrial broadcasters per broadcast area, with the names and
// nicknames people say, and the user's own name-to-number map. Both doors resolve names here.
// Sources: the リモコンキーID assignments of 関東広域圏, 近畿広域圏 and 中京広域圏 (Wikipedia
// 「日本のリモコンキーID」, the broadcasters' own pages); the numbers are the same across each area
// except where a prefecture's own station shares a button (not listed).
import { isRecord } from '../json';
import { normalForm, xmlForbiddenCharacter } from '../text';
import { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber } from './control';

export interface Station {
  /** The button on the remote. */
  channel: number;
  /** The name to say back; the first of `names`. */
  name: string;
  /** Every name that selects it: official, short, nicknames, call letters, romaji. */
  names: readonly string[];
}

export interface BroadcastArea {
  id: AreaId;
  /** How the area is named in Japanese, for messages. */
  label: string;
  /** Other ways to write the area in setup ("tokyo", "関東"). */
  aliases: readonly string[];
  stations: readonly Station[];
}

export const AREA_IDS = ['kanto', 'kinki', 'tokai'] as const;
export type AreaId = (typeof AREA_IDS)[number];

const station = (channel: number, ...names: string[]): Station => ({ channel, name: names[0]!, names });

const NHK_G = (channel: number) => station(channel, 'NHK総合', 'NHK', '総合', 'NHK総合テレビ', 'エヌエイチケー', 'NHK General');
const NHK_E = (channel: number) => station(channel, 'NHK Eテレ', 'Eテレ', 'イーテレ', '教育', 'NHK教育', '教育テレビ', 'NHK E Tele');

export const BROADCAST_AREAS: Readonly<Record<AreaId, BroadcastArea>> = {
  kanto: {
    id: 'kanto',
    label: '関東',
    aliases: ['tokyo', '関東', '東京', '関東広域圏', 'kantou'],
    stations: [
      NHK_G(1),
      NHK_E(2),
      station(4, '日本テレビ', '日テレ', 'NTV', 'Nippon TV'),
      station(5, 'テレビ朝日', 'テレ朝', 'EX', 'TV Asahi'),
      station(6, 'TBS', 'TBSテレビ', 'ティービーエス'),
      station(7, 'テレビ東京', 'テレ東', 'TX', 'TV Tokyo'),
      station(8, 'フジテレビ', 'フジ', 'CX', 'Fuji TV'),
      station(9, 'TOKYO MX', 'MX', 'エムエックス', '東京MX', 'MXテレビ'),
    ],
  },
  kinki: {
    id: 'kinki',
    label: '近畿',
    aliases: ['osaka', 'kansai', '近畿', '関西', '大阪', '近畿広域圏'],
    stations: [
      NHK_G(1),
      NHK_E(2),
      station(4, 'MBS毎日放送', 'MBS', '毎日放送', 'MBSテレビ'),
      station(6, 'ABCテレビ', 'ABC', '朝日放送', '朝日放送テレビ'),
      station(7, 'テレビ大阪', 'TVO', 'テレ大'),
      station(8, '関西テレビ', '関テレ', 'カンテレ', 'KTV'),
      station(10, '読売テレビ', 'よみうりテレビ', 'ytv', '読売'),
    ],
  },
  tokai: {
    id: 'tokai',
    label: '東海',
    aliases: ['nagoya', 'chukyo', '東海', '名古屋', '中京', '愛知'],
    stations: [
      station(1, '東海テレビ', 'THK'),
      NHK_E(2),
      NHK_G(3),
      station(4, '中京テレビ', 'CTV'),
      station(5, 'CBCテレビ', 'CBC'),
      station(6, 'メ〜テレ', 'メーテレ', '名古屋テレビ', 'NBN'),
      station(10, 'テレビ愛知', 'TVA', 'テレ愛'),
    ],
  },
};

/** How a TV's channels are named: a broadcast area, the user's own names, or both (own names win). */
export interface ChannelNames {
  area?: AreaId;
  /** Name -> button, as the user gave them at setup. */
  map?: Readonly<Record<string, number>>;
}

/** Limits on a user's own map: it travels in smart-home cookies (about 5000 bytes in all). */
export const CHANNEL_MAP_MAX_ENTRIES = 24;
export const CHANNEL_NAME_MAX = 32;

/**
 * The same name however it is written: the normal form of names (src/text.ts), then spaces, middle
 * dots and long-vowel marks ignored ("メ〜テレ" is "メーテレ").
 */
export function normaliseChannelName(name: string): string {
  return normalForm(name).replace(/[\s・.\-〜~ー]/g, '');
}

/** The area a setup value names ("tokyo", "関西", "kinki"), or undefined. */
export function findArea(text: string): AreaId | undefined {
  const wanted = normaliseChannelName(text);
  for (const area of Object.values(BROADCAST_AREAS)) {
    if (normaliseChannelName(area.id) === wanted || area.aliases.some((a) => normaliseChannelName(a) === wanted)) return area.id;
  }
  return undefined;
}

export type ChannelLookup =
  /** `name`: the station's (or own) name to say back; `matched`: the name as written that matched. */
  | { found: true; channel: number; name: string; matched: string }
  /** `known`: the channels the user can name, the user's own first. */
  | { found: false; known: KnownChannel[] };

/** A channel the user can name: the name to say, and every other way of saying it. */
export interface KnownChannel {
  name: string;
  names: readonly string[];
}

/** The button a spoken or written channel name stands for, in the user's own map, then the area's table. */
export function resolveChannelName(spoken: string | readonly string[], names: ChannelNames | undefined): ChannelLookup {
  const candidates = (typeof spoken === 'string' ? [spoken] : spoken).map(normaliseChannelName).filter((c) => c !== '');
  const own = Object.entries(names?.map ?? {});
  const stations = names?.area ? BROADCAST_AREAS[names.area].stations : [];
  for (const candidate of candidates) {
    const mine = own.find(([name]) => normaliseChannelName(name) === candidate);
    if (mine) return { found: true, channel: mine[1], name: mine[0], matched: mine[0] };
    for (const s of stations) {
      const matched = s.names.find((n) => normaliseChannelName(n) === candidate);
      if (matched) return { found: true, channel: s.channel, name: s.name, matched };
    }
  }
  return { found: false, known: knownChannelNames(names) };
}

/** The channels the user can name: their own names, then the area's stations in button order. */
export function knownChannelNames(names: ChannelNames | undefined): KnownChannel[] {
  const own = Object.keys(names?.map ?? {}).map((name) => ({ name, names: [name] }));
  const area = names?.area ? BROADCAST_AREAS[names.area].stations : [];
  return [...own, ...area.filter((s) => !own.some((o) => o.name === s.name)).map((s) => ({ name: s.name, names: s.names }))];
}

export class ChannelNamesError extends Error {
  constructor(readonly field: 'area' | 'channels', message: string) {
    super(message);
    this.name = 'ChannelNamesError';
  }
}

/** Validates the setup fields `area` and `channels`; messages name the field. */
export function parseChannelNames(area: unknown, channels: unknown): ChannelNames | undefined {
  const out: ChannelNames = {};
  if (area !== undefined && area !== null) {
    if (typeof area !== 'string' || area.trim() === '') throw new ChannelNamesError('area', 'area must be a non-empty string such as "tokyo"');
    const id = findArea(area);
    if (!id) {
      const shown = area.length > 40 ? `${area.slice(0, 40)}…` : area;
      throw new ChannelNamesError('area', `area '${shown}' is not known; known areas: ${AREA_IDS.map((a) => `${a} (${BROADCAST_AREAS[a].aliases.slice(0, 2).join(', ')})`).join(', ')}`);
    }
    out.area = id;
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
    // eslint-disable-next-line no-control-regex
    if (name === '' || name.length > CHANNEL_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name) || xmlForbiddenCharacter(name) !== undefined || normaliseChannelName(name) === '') {
      throw new ChannelNamesError('channels', `channels: every name must be 1 to ${CHANNEL_NAME_MAX} printable characters, with a letter or digit`);
    }
    // The map is stored and read as a plain object: a name that is a property every object has
    // (constructor, __proto__, toString...) would be taken for that property, not for a channel.
    if (name in PLAIN_OBJECT) throw new ChannelNamesError('channels', `channels: '${name}' cannot be a channel name (it is reserved); write it differently, e.g. with a capital letter`);
    if (seen.has(normaliseChannelName(name))) throw new ChannelNamesError('channels', `channels: '${name}' is given twice`);
    seen.add(normaliseChannelName(name));
    if (!isChannelNumber(channel)) {
      throw new ChannelNamesError('channels', `channels: '${name}' must be a button from ${CHANNEL_MIN} to ${CHANNEL_MAX}`);
    }
    map[name] = channel;
  }
  return map;
}

/**
 * ChannelNames as string values for a smart-home endpoint cookie (values must be strings; the whole
 * discovery response is limited, so only the area id and the user's own short map travel).
 */
export function channelNamesToCookie(names: ChannelNames | undefined): Record<string, string> {
  const cookie: Record<string, string> = {};
  if (names?.area) cookie.channelArea = names.area;
  if (names?.map) cookie.channelMap = JSON.stringify(names.map);
  return cookie;
}

/** The inverse of channelNamesToCookie, tolerant: anything malformed reads as absent. */
export function channelNamesFromCookie(cookie: Record<string, unknown> | undefined): ChannelNames | undefined {
  return readChannelNames({ area: cookie?.channelArea, map: parseJson(cookie?.channelMap) });
}

/** Tolerant read of a stored value (DynamoDB item, cookie): what is valid is kept, the rest dropped. */
export function readChannelNames(value: unknown): ChannelNames | undefined {
  if (!isRecord(value)) return undefined;
  const v = value as { area?: unknown; map?: unknown };
  const out: ChannelNames = {};
  if (typeof v.area === 'string' && (AREA_IDS as readonly string[]).includes(v.area)) out.area = v.area as AreaId;
  if (isRecord(v.map)) {
    const map: Record<string, number> = {};
    for (const [name, channel] of Object.entries(v.map)) {
      if (isChannelNumber(channel) && !(name in PLAIN_OBJECT)) map[name] = channel;
    }
    if (Object.keys(map).length > 0) out.map = map;
  }
  return out.area !== undefined || out.map !== undefined ? out : undefined;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
