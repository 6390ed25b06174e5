// Google's smart home schemas (vendored in test/support/google-smart-home/), compiled once: every response
// of the Google door and every request of the Google stand-in must validate, attributes and params
// included. Never bundled. More: docs/sandbox.md#google-schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { isRecord } from '../../json';

const ROOT = path.join(__dirname, '..', '..', '..', 'test', 'support', 'google-smart-home');

const read = (file: string): object => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as object;
// Formats (uuid) are not checked: Ajv 8 needs ajv-formats for them, and Google's own examples use ids that are not uuids.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();
function validator(file: string): ValidateFunction {
  let v = compiled.get(file);
  if (!v) {
    v = ajv.compile(read(file));
    compiled.set(file, v);
  }
  return v;
}

const INTENT_FOLDERS: Record<string, string> = {
  'action.devices.SYNC': 'sync',
  'action.devices.QUERY': 'query',
  'action.devices.EXECUTE': 'execute',
  'action.devices.DISCONNECT': 'disconnect',
};

/** The traits vendored: a TV behind an IR remote declares no other. */
const TRAITS: Record<string, { folder: string; commands: Record<string, string> }> = {
  'action.devices.traits.OnOff': { folder: 'onoff', commands: { 'action.devices.commands.OnOff': 'onoff' } },
  'action.devices.traits.Volume': {
    folder: 'volume',
    commands: {
      'action.devices.commands.mute': 'mute',
      'action.devices.commands.setVolume': 'setvolume',
      'action.devices.commands.volumeRelative': 'volumerelative',
    },
  },
  'action.devices.traits.Channel': {
    folder: 'channel',
    commands: {
      'action.devices.commands.selectChannel': 'selectchannel',
      'action.devices.commands.relativeChannel': 'relativechannel',
      'action.devices.commands.returnChannel': 'returnchannel',
    },
  },
};

/**
 * Google's error codes. The vendored list spells `offline` and `turnedOff`; Google's pages and examples use
 * `deviceOffline` and `deviceTurnedOff` (test/support/google-smart-home/README.md), so both are taken. The
 * list (2021) lacks `protocolError`, which Home Assistant's google_assistant/const.py sends for a malformed
 * request (ERR_PROTOCOL_ERROR, beside the codes it takes from Google's "Errors and exceptions" page).
 */
const ERROR_CODES = new Set([
  ...(read('platform/errors.schema.json') as { enum: string[] }).enum,
  'deviceOffline',
  'deviceTurnedOff',
  'protocolError',
]);

function complaints(v: ValidateFunction, value: unknown, where: string): string[] {
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => `${where}${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

function errorCodeComplaints(value: unknown, where: string): string[] {
  return value === undefined || (typeof value === 'string' && ERROR_CODES.has(value))
    ? []
    : [`${where} errorCode ${JSON.stringify(value)} is none of Google's error codes`];
}

/** The schemas' complaints about a fulfillment's response body to `intent`; empty when it is valid. */
export function googleResponseErrors(intent: string, body: unknown): string[] {
  const folder = INTENT_FOLDERS[intent];
  if (folder === undefined) return [`no schema for intent ${intent}`];
  const errors = complaints(validator(`intents/${folder}/${folder}.response.schema.json`), body, '');
  const payload = isRecord(body) && isRecord(body['payload']) ? body['payload'] : {};
  errors.push(...errorCodeComplaints(payload['errorCode'], '/payload'));
  if (folder === 'sync' && Array.isArray(payload['devices'])) {
    payload['devices'].forEach((device, i) => {
      if (!isRecord(device)) return;
      const traits = Array.isArray(device['traits']) ? device['traits'] : [];
      for (const trait of traits) {
        const known = typeof trait === 'string' ? TRAITS[trait] : undefined;
        if (known === undefined) {
          errors.push(
            `/payload/devices/${i} declares ${JSON.stringify(trait)}, which a TV behind an IR remote cannot serve`,
          );
          continue;
        }
        errors.push(
          ...complaints(
            validator(`traits/${known.folder}/${known.folder}.attributes.schema.json`),
            device['attributes'] ?? {},
            `/payload/devices/${i}/attributes (${known.folder})`,
          ),
        );
      }
    });
  }
  if (folder === 'query' && isRecord(payload['devices'])) {
    for (const [id, state] of Object.entries(payload['devices']))
      errors.push(...errorCodeComplaints(isRecord(state) ? state['errorCode'] : undefined, `/payload/devices/${id}`));
  }
  if (folder === 'execute' && Array.isArray(payload['commands'])) {
    payload['commands'].forEach((c, i) =>
      errors.push(...errorCodeComplaints(isRecord(c) ? c['errorCode'] : undefined, `/payload/commands/${i}`)),
    );
  }
  return errors;
}

/** The schemas' complaints about a request body Google would send; empty when it is valid. */
export function googleRequestErrors(body: unknown): string[] {
  const input = isRecord(body) && Array.isArray(body['inputs']) && isRecord(body['inputs'][0]) ? body['inputs'][0] : {};
  const folder = typeof input['intent'] === 'string' ? INTENT_FOLDERS[input['intent']] : undefined;
  if (folder === undefined) return [`no schema for intent ${JSON.stringify(input['intent'])}`];
  const errors = complaints(validator(`intents/${folder}/${folder}.request.schema.json`), body, '');
  if (folder !== 'execute') return errors;
  const commands =
    isRecord(input['payload']) && Array.isArray(input['payload']['commands']) ? input['payload']['commands'] : [];
  for (const group of commands) {
    for (const e of isRecord(group) && Array.isArray(group['execution']) ? group['execution'] : []) {
      if (!isRecord(e) || typeof e['command'] !== 'string') continue;
      const trait = Object.values(TRAITS).find((t) => (e['command'] as string) in t.commands);
      if (trait === undefined) continue;
      const file = trait.commands[e['command']]!;
      errors.push(
        ...complaints(
          validator(`traits/${trait.folder}/${file}.params.schema.json`),
          e['params'] ?? {},
          `${e['command']} params`,
        ),
      );
    }
  }
  return errors;
}

export function expectValidGoogleResponse(intent: string, body: unknown): void {
  const errors = googleResponseErrors(intent, body);
  if (errors.length > 0)
    throw new Error(
      `not a valid ${intent} response:\n${JSON.stringify(body, null, 2)}\n${errors.slice(0, 40).join('\n')}`,
    );
}
