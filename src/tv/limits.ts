// How far one voice command may move the TV. Caps keep a misheard "fifty" from sending fifty IR
// bursts, and keep a whole run inside Alexa's answer window.
export { CHANNEL_MAX, CHANNEL_MIN, isChannelNumber } from '../cloud/types';

/** Most channel steps one "next/previous channel" command sends. */
export const MAX_CHANNEL_STEPS = 5;
/** Most volume steps one "volume up/down" command sends. */
export const MAX_VOLUME_STEPS = 10;
/** Steps sent when the user names no count. */
export const DEFAULT_STEPS = 1;
