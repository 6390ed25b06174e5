// The words for mute, which this remote cannot do (capabilities.ts: the IR remote has no mute key).
// A door that hears one where a channel name is expected ("put it on mute", 「テレビを消音にして」)
// answers the mute request for what it is, never "no channel called mute".
import { normalForm } from '../text';

const MUTE_WORDS = [
  'mute',
  'muted',
  'on mute',
  'mute mode',
  'silent',
  'silent mode',
  'ミュート',
  'ミュートモード',
  '消音',
  '消音モード',
  '無音',
];
const NORMAL = new Set(MUTE_WORDS.map(normalForm));

/** Whether a name as heard is a word for mute, in its normal form ("Mute", 「ミュート」, 「ﾐｭｰﾄ」). */
export const isMuteWord = (name: string): boolean => NORMAL.has(normalForm(name));
