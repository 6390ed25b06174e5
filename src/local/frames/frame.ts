// What a smart-home line asks, as the platforms read it: a frame of DEVICE, ACTION and VALUE, shared by
// Alexa's and Google's stand-ins (english.ts, japanese.ts), each turning it into its own platform's
// message. How both platforms document requests this way: docs/sandbox.md#frames.
import { normalForm } from '../../text';
import { nameCore } from '../../tv/names';

/** What is asked of the TV: the interfaces' directives and the traits' commands name the same few things. */
export type Action =
  | { kind: 'power'; on: boolean }
  | { kind: 'channelNumber'; number: number }
  /** A channel by the words said for it ("TV Asahi", 「Eテレ」); the platform knows which names it has. */
  | { kind: 'channelName'; name: string }
  /** Channels up (positive) or down. */
  | { kind: 'channelStep'; steps: number }
  /** "previous channel", 「前のチャンネル」: Alexa steps back one, Google has returnChannel. */
  | { kind: 'previousChannel' }
  /** `count` undefined: no amount said ("turn it up", "a bit"); each platform's default step. */
  | { kind: 'volumeStep'; up: boolean; count?: number }
  | { kind: 'volumeLevel'; level: number }
  | { kind: 'mute'; on: boolean };

/** Which device the line names. */
export type DeviceRef =
  /** One of the household's devices, by its index in the list the reader was given. */
  | { kind: 'named'; index: number }
  /** "the tv", 「テレビ」, "it", or no device words at all: the only TV, or ask which. */
  | { kind: 'generic' }
  /** Words in the device's place that name none of the household's devices ("the kitchen lights"). */
  | { kind: 'unknown'; words: string };

export interface Frame {
  device: DeviceRef;
  action: Action;
}

/** A household device as the reader knows it: every name it answers to (Alexa's friendly name; Google's name and nicknames). */
export interface FrameDevice {
  names: readonly string[];
}

/** The generic words for a TV: the device when no household name is said. */
export const GENERIC_EN = ['television', 'telly', 'tv', 'tele'];
export const GENERIC_JA = ['テレビ', 'tv'];

/** The forms one household name is said in, longest first: the name, its core with each word for TV, the core alone. */
export function spokenForms(name: string, japanese: boolean): { form: string; core: boolean }[] {
  const full = normalForm(name);
  const core = nameCore(name);
  // A TV named just "TV" or 「テレビ」 is said with the generic word, which each reader knows.
  if (core === '') return [];
  const forms = new Map<string, boolean>([[full, false]]);
  if (core !== '') {
    for (const tv of japanese ? ['のテレビ', 'テレビ', 'のtv', 'tv'] : GENERIC_EN.map((w) => ` ${w}`))
      forms.set(`${core}${tv}`, false);
    forms.set(core, true);
  }
  return [...forms]
    .map(([form, isCore]) => ({ form: japanese ? form.replace(/\s+/g, '') : form, core: isCore }))
    .sort((a, b) => b.form.length - a.form.length);
}

/**
 * The device an answer to "Which one?" names, or undefined when it names none or several: a name, a part
 * of one ("bedroom" for "Bedroom TV", "living" for "Living Room TV"), "the bedroom one", 「寝室の方」,
 * 「寝室のテレビ」. Google's FAQ: "We recognize subsets of strings, so if you have 'acme color light' we
 * will also answer to 'acme light'" (https://developers.home.google.com/cloud-to-cloud/support/faq).
 */
export function answeredDevice(line: string, devices: readonly FrameDevice[], japanese: boolean): number | undefined {
  const said = answerWords(line, japanese);
  if (said === '') return undefined;
  const whole = (i: number) => devices[i]!.names.some((n) => spokenForms(n, japanese).some((f) => f.form === said));
  const exact = devices.map((_, i) => i).filter(whole);
  if (exact.length === 1) return exact[0];
  const part = devices
    .map((_, i) => i)
    .filter((i) => devices[i]!.names.some((n) => holdsPart(normalForm(n), said, japanese)));
  return part.length === 1 ? part[0] : undefined;
}

/** The answer without what people say around it: "the … one", "please", 「…の方」「…でお願いします」. */
function answerWords(line: string, japanese: boolean): string {
  const said = normalForm(line).replace(/^(?:alexa|hey google|ok google)\s*/, '');
  if (japanese) {
    return said
      .replace(/[\s、。]/g, '')
      .replace(/^(?:えっと|ええと|あの|うーん)/, '')
      .replace(/(?:です|でお願いします|にして|をお願いします|お願いします|で|だよ|ね)$/, '')
      .replace(/(?:の)?(?:方|ほう)$/, '');
  }
  return said
    .replace(/\b(?:um|uh|er|erm|the|one|please|i mean|thanks|that)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the answer's words are a run of the name's words (Japanese: a run of its characters). */
function holdsPart(name: string, said: string, japanese: boolean): boolean {
  if (japanese) return said.length >= 2 && name.replace(/\s+/g, '').includes(said);
  const words = name.split(' ');
  const part = said.split(' ');
  return words.some((_, i) => part.every((w, j) => words[i + j] === w));
}

/**
 * A volume or mute request that names no device ("turn up the volume", 「音量上げて」, "mute") is the
 * speaker's own: Amazon's Speaker and StepSpeaker utterances all name the device ("Alexa, turn the volume
 * down on Living Room TV"), and "Alexa, volume up" or "Alexa, mute" set the Echo itself; Google's Volume
 * trait names the device too ("volume up on <device_name>"). No TV request, so no door takes it.
 */
export function isSpeakersOwn(action: Action, device: DeviceRef | undefined): boolean {
  return (
    device === undefined && (action.kind === 'volumeStep' || action.kind === 'volumeLevel' || action.kind === 'mute')
  );
}
