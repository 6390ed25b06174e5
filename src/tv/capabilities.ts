// What the TV can do through an IR learning remote, stated once for every door: each door maps this
// description onto its platform's terms (Alexa's interfaces, Google's traits) instead of restating it.
// An IR remote only sends: nothing here can be read back but whether the way to the TV is up.
import { normaliseChannelName, stationsOf, type ChannelNames } from './channels';
import { CHANNEL_MAX, CHANNEL_MIN, DEFAULT_STEPS, MAX_STEPS, VOLUME_STEP_MAX } from './control';

export const TV_CAPABILITIES = {
  /** On and off are sent; whether the TV is on cannot be read. */
  power: { readable: false },
  /**
   * The one-touch buttons CHANNEL_MIN..CHANNEL_MAX (the device cloud's `tuning`), by number or by a name the
   * TV's channel names give (channels.ts), and one channel up or down per press. Which channel is showing
   * cannot be read, so "the previous channel" cannot be known.
   */
  channel: { min: CHANNEL_MIN, max: CHANNEL_MAX, byName: true, stepped: true, readable: false, previous: false },
  /**
   * Stepped up or down one press at a time; the level cannot be read nor set, and the remote has no mute key.
   * One command presses at most `maxSteps` times, whole or refused before the first press.
   */
  volume: {
    stepped: true,
    defaultSteps: DEFAULT_STEPS,
    maxDefaultSteps: VOLUME_STEP_MAX,
    settable: false,
    mute: false,
    readable: false,
  },
  /** Presses one command may send, channel or volume. */
  maxSteps: MAX_STEPS,
  /** Whether the gateway and the TV are online: the one thing the device cloud can tell (health.ts). */
  health: { readable: true },
} as const;

/** A channel a person can pick: its button, and every name that selects it (none for a bare number). */
export interface ChannelChoice {
  channel: number;
  names: readonly string[];
}

/**
 * The channels of this TV, one per button in button order: the names the TV's own map and its
 * prefecture's stations give each button (own names first), else, with no names at all, every button
 * by number.
 */
export function channelChoices(names: ChannelNames | undefined): ChannelChoice[] {
  const byButton = new Map<number, string[]>();
  const add = (channel: number, name: string): void => {
    const list = byButton.get(channel) ?? [];
    if (!list.includes(name)) list.push(name);
    byButton.set(channel, list);
  };
  const own = Object.entries(names?.map ?? {});
  for (const [name, channel] of own) add(channel, name);
  // A station name that is also an own name tunes the own button (resolveChannelName), so it is listed there only.
  const ownKeys = new Set(own.map(([name]) => normaliseChannelName(name)));
  for (const station of stationsOf(names?.area)) {
    for (const name of station.names) if (!ownKeys.has(normaliseChannelName(name))) add(station.channel, name);
  }
  if (byButton.size === 0) {
    return Array.from({ length: CHANNEL_MAX - CHANNEL_MIN + 1 }, (_, i) => ({ channel: CHANNEL_MIN + i, names: [] }));
  }
  return [...byButton.entries()].sort(([a], [b]) => a - b).map(([channel, list]) => ({ channel, names: list }));
}
