// One entry to the frame reader for both stand-ins: the line's language picks the reader.
import { readEnglishFrame } from './english';
import type { Frame, FrameDevice } from './frame';
import { readJapaneseFrame } from './japanese';

/** The frame a smart-home line asks for, in English or Japanese; undefined when it is no TV request. */
export function readFrame(line: string, devices: readonly FrameDevice[], japanese: boolean): Frame | undefined {
  return japanese ? readJapaneseFrame(line, devices) : readEnglishFrame(line, devices);
}
