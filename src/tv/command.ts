// One contract for every handler of a TV command, whichever door it serves (an Alexa directive, a Google
// trait command): the platform's input, and the TV as the door knows it, its control bound to the request's
// token and deadline, and the clock. The door builds the TV reference from what it holds (Google: the
// gateway index; Alexa: the endpoint's cookie), so a handler never reads a table or a platform's format.
import { readChannelNames, type ChannelNames } from './channels';
import { isVolumeStep, type TvControl } from './control';

/** The TV a command is for: its thingId, how its channels are named, its presses for "volume up". */
export interface TvRef {
  thingId: string;
  channels?: ChannelNames;
  volumeStep?: number;
}

export interface CommandContext {
  tv: TvRef;
  control: TvControl;
  now: () => number;
}

export type CommandHandler<Input, Result> = (input: Input, ctx: CommandContext) => Promise<Result>;

/** A TV as stored (setup's record or the gateway index), read into a reference: what is not valid is dropped. */
export function tvRefOf(stored: { thingId: string; channels?: unknown; volumeStep?: unknown }): TvRef {
  const tv: TvRef = { thingId: stored.thingId };
  const channels = readChannelNames(stored.channels);
  if (channels) tv.channels = channels;
  if (isVolumeStep(stored.volumeStep)) tv.volumeStep = stored.volumeStep;
  return tv;
}
