// How Google reads a spoken line: the invocation, the line's language, then the frame (device, action,
// value) the shared reader finds, as the trait command Google sends. Google does not publish its reader;
// the frames follow what its trait pages document.
import type { Language } from '../../language';
import { normalForm } from '../../text';
import type { Action, FrameDevice } from '../frames/frame';
import { readFrame } from '../frames/read';
import { traitCommand, traitOf, type Execution, type SyncedDevice } from './devices';

/** What Google made of a line: a command for one device, or why it sends nothing. */
export type Heard =
  | { kind: 'execute'; device: SyncedDevice; execution: Execution }
  /** Several TVs and none named: Google asks which, and sends the command once answered. */
  | { kind: 'which'; devices: SyncedDevice[]; execution: Execution }
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
  const m =
    /^(?:(?:hey|ok|okay)[\s,、]*google|(?:ok|okay|ねえ|ねぇ|オーケー)[\s,、]*(?:グーグル|google))(?=$|[\s,.、。!?])[\s,.、。!?]*(.*)$/iu.exec(
      text,
    );
  return m ? m[1]!.trim() : undefined;
}

/** The devices as the frame reader knows them: each by its name and nicknames. */
export const frameDevices = (devices: readonly SyncedDevice[]): FrameDevice[] =>
  devices.map((d) => ({ names: [d.name, ...d.nicknames] }));

/**
 * A line (with or without its invocation) as Google reads it for these devices: the shared frame reader
 * (src/local/frames/) in the line's language, then the frame as one of the TV's trait commands.
 */
export function readGoogleLine(line: string, devices: readonly SyncedDevice[]): Heard {
  const said = afterInvocation(line) ?? line.trim();
  if (devices.length === 0) return { kind: 'no devices' };
  const frame = readFrame(said, frameDevices(devices), lineLanguage(said) === 'ja');
  if (frame === undefined || frame.device.kind === 'unknown') return { kind: 'unknown' };
  const named =
    frame.device.kind === 'named' ? devices[frame.device.index] : devices.length === 1 ? devices[0] : undefined;
  // With several TVs and none named, the command waits for the answer to "which one?".
  const execution = executionOf(frame.action, named ?? devices[0]!);
  if (execution === undefined) return { kind: 'unknown' };
  if (named === undefined) return { kind: 'which', devices: [...devices], execution };
  return executeOn(named, execution);
}

/** The command for a device Google has settled on, or why it sends none. */
export function executeOn(device: SyncedDevice, execution: Execution): Heard {
  const trait = traitOf(execution);
  if (!device.traits.includes(`action.devices.traits.${trait}`)) return { kind: 'no trait', device, trait };
  return { kind: 'execute', device, execution };
}

/** The form names are compared in: NFKC, case-folded, spaces and punctuation ignored. */
const nameKey = (text: string): string => normalForm(text).replace(/[^\p{L}\p{N}]/gu, '');

// ---- The command, after each trait page's examples ----
// OnOff "Turn the device on." {on: true} (https://developers.home.google.com/cloud-to-cloud/traits/onoff);
// Channel "Change to KTVU" {channelCode, channelName} (a name from availableChannels), "Turn to channel
// three." {channelNumber: "3"}, "Switch to the next channel" {relativeChannelChange: 1}, "Return to the
// last channel" returnChannel (https://developers.home.google.com/cloud-to-cloud/traits/channel); Volume
// volumeRelative "negative for 'decrease'", levelStepSize "The default step size for relative volume
// queries like 'volume up on <device_name>'" (Default: 1), mute {mute}, setVolume {volumeLevel}
// (https://developers.home.google.com/cloud-to-cloud/traits/volume).
function executionOf(action: Action, device: SyncedDevice): Execution | undefined {
  switch (action.kind) {
    case 'power':
      return traitCommand('OnOff', { on: action.on });
    case 'channelNumber':
      return traitCommand('selectChannel', { channelNumber: String(action.number) });
    case 'channelName': {
      // A name of availableChannels the words hold, longest first ("NHK Eテレ" before "NHK"): Google
      // sends "channelCode … matching one of the availableChannels", with its name; a name it does not list it cannot send.
      const said = nameKey(action.name);
      const named = device.availableChannels
        .flatMap((c) => c.names.map((n) => ({ c, name: n, key: nameKey(n) })))
        .filter((n) => n.key !== '' && !/^\d+$/.test(n.key) && said.includes(n.key))
        .sort((a, b) => b.key.length - a.key.length)[0];
      return named && traitCommand('selectChannel', { channelCode: named.c.key, channelName: named.name });
    }
    case 'channelStep':
      return traitCommand('relativeChannel', { relativeChannelChange: action.steps });
    case 'previousChannel':
      return traitCommand('returnChannel');
    case 'volumeStep':
      return traitCommand('volumeRelative', {
        relativeSteps: (action.up ? 1 : -1) * (action.count ?? device.levelStepSize),
      });
    case 'volumeLevel':
      return traitCommand('setVolume', { volumeLevel: action.level });
    case 'mute':
      return traitCommand('mute', { mute: action.on });
  }
}
