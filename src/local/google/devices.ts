// What Google knows of a household: each device as the last SYNC described it, and the trait commands an
// EXECUTE sends one. The line reader, the replies and the stand-in all speak in these terms.
import { isRecord } from '../../json';

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

export interface ExecuteResult {
  command: string;
  status: string;
  errorCode?: string;
}

const COMMAND = 'action.devices.commands.';

/** A trait command, named as its trait page names it ("OnOff", "selectChannel"). */
export const traitCommand = (command: string, params: Record<string, unknown> = {}): Execution => ({
  command: `${COMMAND}${command}`,
  params,
});

/** The command's name without Google's prefix: what the trait pages and the replies go by. */
export const commandName = (e: Execution): string => e.command.slice(COMMAND.length);

/** Which trait declares each command (each trait page's "Device COMMANDS"). */
const TRAIT_OF: Record<string, string> = {
  OnOff: 'OnOff',
  selectChannel: 'Channel',
  relativeChannel: 'Channel',
  returnChannel: 'Channel',
  volumeRelative: 'Volume',
  setVolume: 'Volume',
  mute: 'Volume',
};

export const traitOf = (e: Execution): string => TRAIT_OF[commandName(e)]!;

/** A SYNC device as Google keeps it; the schema has checked the shape, the attributes are read with their documented defaults. */
export function syncedDevice(value: unknown): SyncedDevice {
  const d = value as {
    id: string;
    type: string;
    traits: string[];
    name: { name?: string; nicknames?: string[] };
    roomHint?: string;
    attributes?: Record<string, unknown>;
  };
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
