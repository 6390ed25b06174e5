// What a touch on the keypad asks for: the arguments of a key's SendEvent (document.ts), as they arrive in
// an Alexa.Presentation.APL.UserEvent request (Amazon, "Alexa.Presentation.APL Interface Reference",
// UserEvent request: `token` names the document, `arguments` are the SendEvent's). They come from a
// device and are read as untrusted input: anything that is not exactly what a key sends is no touch.
import { isRecord } from '../../json';
import type { RegisteredTv } from '../../store/types';
import { USER_EVENT } from './device';
import { KEYPAD_TOKEN, PREVIOUS_KEYPAD_TOKEN, TOUCH_COMMANDS, type TouchCommand } from './document';

/** thingIds are short; anything longer is not one of ours. */
const TV_ID_MAX = 128;

/** A touch as a key of the keypad sends it: the command, the TV, and the channel for SetChannelIntent. */
export type Touch =
  | { command: Exclude<TouchCommand, 'SetChannelIntent'>; tv: string }
  | { command: 'SetChannelIntent'; tv: string; channel: number };

/**
 * The touch a UserEvent carries, or undefined when its arguments are not what a key sends: another
 * token, not three arguments, an unknown command, a TV id that is not a short string, a channel that is
 * not a whole number (a whole number outside 1..12 is passed on: the TV domain refuses it, as it does the
 * same number said), or anything but 0 where no channel belongs.
 */
export function readTouch(envelope: unknown): Touch | undefined {
  const request = isRecord(envelope) && isRecord(envelope['request']) ? envelope['request'] : undefined;
  if (
    request?.['type'] !== USER_EVENT ||
    (request['token'] !== KEYPAD_TOKEN && request['token'] !== PREVIOUS_KEYPAD_TOKEN)
  )
    return undefined;
  const args: unknown = request['arguments'];
  if (!Array.isArray(args) || args.length !== 3) return undefined;
  const [command, tv, channel] = args as unknown[];
  if (typeof command !== 'string' || !(TOUCH_COMMANDS as readonly string[]).includes(command)) return undefined;
  if (typeof tv !== 'string' || tv === '' || tv.length > TV_ID_MAX) return undefined;
  if (command === 'SetChannelIntent') {
    return typeof channel === 'number' && Number.isSafeInteger(channel) ? { command, tv, channel } : undefined;
  }
  return channel === 0 ? { command: command as Exclude<TouchCommand, 'SetChannelIntent'>, tv } : undefined;
}

/** The TV a touch is for: one of the user's, by its thingId (a TV of anyone else's is none). */
export function touchedTv(touch: Touch, tvs: readonly RegisteredTv[]): RegisteredTv | undefined {
  return tvs.find((tv) => tv.thingId === touch.tv);
}
