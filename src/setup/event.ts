// Validation of the setup event at the edge: exactly one of `code` or `userId`, unknown fields refused,
// null optional fields absent, the token never in a message. Each field's rule: docs/setup.md#event.
import { asRecord } from '../json';
import { ChannelNamesError, parseChannelNames, type ChannelNames } from '../tv/channels';
import { isVolumeStep, VOLUME_STEP_MAX } from '../tv/control';
import { normalForm, xmlForbiddenCharacter } from '../text';
import { NAME_MAX } from '../tv/names';
import { SetupInputError } from './errors';

const USER_ID_MAX = 512;
const PRESET_ID_MAX = 128;
const VOICE_RUN_MAX = 256;

interface SetupOptions {
  tvPresetId?: string;
  tvName?: string;
  remoteName?: string;
  /** Overrides the token stored for the user, for this run only. */
  accessToken?: string;
  /** `accessToken` was given as null: the stored token is asked for, and a refusal names this field. */
  accessTokenNull?: true;
  /** How the TV's channels are named; stored with the TV (and updated on a TV set up before). */
  channels?: ChannelNames;
  /** Presses "volume up" with no number sends on this TV; stored with it (and updated on a TV set up before). */
  volumeStep?: number;
  /** The name of a TV of the user to forget instead of setting one up. */
  removeTv?: string;
  /** The Alexa request id of the conversation that started this run. */
  voiceRun?: string;
}

export type SetupEvent = SetupOptions & ({ code: string; userId?: undefined } | { userId: string; code?: undefined });

const FIELDS = [
  'code',
  'userId',
  'tvPresetId',
  'tvName',
  'remoteName',
  'accessToken',
  'area',
  'channels',
  'volumeStep',
  'removeTv',
  'voiceRun',
] as const;
/** What only setting a TV up (or changing its channel names or volume step) uses. */
const SETUP_ONLY = ['tvPresetId', 'tvName', 'remoteName', 'area', 'channels', 'volumeStep'] as const;

export function parseSetupEvent(raw: unknown): SetupEvent {
  const obj = toObject(raw);
  for (const key of Object.keys(obj)) {
    if (!(FIELDS as readonly string[]).includes(key)) throw unknownField(key);
  }
  const code = readCode(obj.code);
  const userId = readText(obj.userId, 'userId', USER_ID_MAX);
  if (code !== undefined && userId !== undefined) {
    throw new SetupInputError('code', 'give either code or userId, not both');
  }
  const options: SetupOptions = {};
  const tvPresetId = readText(obj.tvPresetId, 'tvPresetId', PRESET_ID_MAX);
  const tvName = readName(obj.tvName, 'tvName');
  const remoteName = readName(obj.remoteName, 'remoteName');
  const accessToken = readToken(obj.accessToken);
  const channels = readChannelNames(obj.area, obj.channels);
  const volumeStep = readVolumeStep(obj.volumeStep);
  const removeTv = readName(obj.removeTv, 'removeTv');
  const voiceRun = readText(obj.voiceRun, 'voiceRun', VOICE_RUN_MAX);
  if (voiceRun !== undefined) {
    if (!/^[\x21-\x7e]+$/.test(voiceRun)) throw new SetupInputError('voiceRun', 'voiceRun must be an Alexa request id');
    if (userId === undefined)
      throw new SetupInputError(
        'voiceRun',
        'voiceRun goes with userId: a run started by voice is for a known Alexa user',
      );
    options.voiceRun = voiceRun;
  }
  if (removeTv !== undefined) {
    const clash = SETUP_ONLY.find((f) => obj[f] !== undefined && obj[f] !== null);
    if (clash)
      throw new SetupInputError(
        'removeTv',
        `removeTv cannot go with ${clash}, which sets a TV up; give removeTv alone to forget a TV`,
      );
    options.removeTv = removeTv;
  }
  if (tvPresetId !== undefined) options.tvPresetId = tvPresetId;
  if (tvName !== undefined) options.tvName = tvName;
  if (remoteName !== undefined) options.remoteName = remoteName;
  if (accessToken !== undefined) options.accessToken = accessToken;
  if (obj.accessToken === null) options.accessTokenNull = true;
  if (channels !== undefined) options.channels = channels;
  if (volumeStep !== undefined) options.volumeStep = volumeStep;
  if (code !== undefined) return { ...options, code };
  if (userId !== undefined) return { ...options, userId };
  throw new SetupInputError('code', 'code is required: give the six-digit link code Alexa told you (or a userId)');
}

function toObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      // The text is not quoted back: it may hold a token.
      throw new SetupInputError('event', 'event must be a JSON object; the text given is not valid JSON');
    }
  }
  const object = asRecord(value);
  if (object === undefined)
    throw new SetupInputError('event', 'event must be a JSON object such as {"code": "123456"}');
  return object;
}

function unknownField(key: string): SetupInputError {
  const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  const near = FIELDS.find((f) => f.toLowerCase() === key.toLowerCase());
  const hint = near ? ` (did you mean '${near}'?)` : `; known fields: ${FIELDS.join(', ')}`;
  return new SetupInputError(key, `unknown field '${shown}'${hint}`);
}

function readCode(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const text = typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{6}$/.test(text)) {
    const why = typeof v === 'number' ? ' (write it as a string, e.g. "012345", if it starts with 0)' : '';
    throw new SetupInputError('code', `code must be six digits${why}`);
  }
  return text;
}

function readText(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new SetupInputError(field, `${field} must be a string`);
  const text = v.trim();
  if (text === '') throw new SetupInputError(field, `${field} must not be empty`);
  if (text.length > max) throw new SetupInputError(field, `${field} must be at most ${max} characters`);
  return text;
}

/**
 * A name Alexa says back and hears: no control characters, nothing XML 1.0 forbids (it could never be
 * spoken in SSML), and something left to say once written in the normal form of names.
 */
function readName(v: unknown, field: string): string | undefined {
  const text = readText(v, field, NAME_MAX);
  if (text === undefined) return undefined;
  const forbidden = xmlForbiddenCharacter(text);
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (forbidden !== undefined || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new SetupInputError(
      field,
      `${field} must not contain control characters or characters Alexa cannot say (found ${forbidden ?? 'a control character'})`,
    );
  }
  if (normalForm(text) === '')
    throw new SetupInputError(field, `${field} must contain a letter or a digit, so that it can be said`);
  return text;
}

function readVolumeStep(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isVolumeStep(v)) {
    throw new SetupInputError(
      'volumeStep',
      `volumeStep must be a whole number from 1 to ${VOLUME_STEP_MAX}: the presses "volume up" with no number sends`,
    );
  }
  return v;
}

function readChannelNames(area: unknown, channels: unknown): ChannelNames | undefined {
  try {
    return parseChannelNames(area, channels);
  } catch (e) {
    if (e instanceof ChannelNamesError) throw new SetupInputError(e.field, e.message);
    throw e;
  }
}

function readToken(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.trim() === '') {
    throw new SetupInputError('accessToken', 'accessToken must be a non-empty string');
  }
  if (/\s/.test(v.trim()))
    throw new SetupInputError('accessToken', 'accessToken must not contain spaces (give the token without "Bearer")');
  return v.trim();
}
