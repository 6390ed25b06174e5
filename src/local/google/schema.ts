// Google's smart home schemas (draft-07, google-home/smart-home-schema, copied in ../shared/google-smart-home
// beside the repository), compiled once: every request the Google stand-in sends and every response it
// receives must validate against them: the bodies, each command's params, and the error codes.
// Here, in src/local, so the stand-in and the tests share it; never bundled into a Lambda.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { isRecord } from '../../json';

const SCHEMA_DIR = path.join(__dirname, '..', '..', '..', '..', 'shared', 'google-smart-home');

/** action.devices.SYNC -> sync, the folder and file stem of intents/<stem>/<stem>.<kind>.schema.json. */
const INTENTS = ['SYNC', 'QUERY', 'EXECUTE', 'DISCONNECT'] as const;

// requestId is `format: uuid`; formats are not checked (Google's own ids are opaque strings in its examples).
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

const read = (file: string): object => JSON.parse(readFileSync(file, 'utf8')) as object;
const intentSchema = (stem: string, kind: 'request' | 'response'): ValidateFunction =>
  ajv.compile(read(path.join(SCHEMA_DIR, 'intents', stem, `${stem}.${kind}.schema.json`)));

const requests = new Map(INTENTS.map((i) => [`action.devices.${i}`, intentSchema(i.toLowerCase(), 'request')]));
const responses = new Map(INTENTS.map((i) => [`action.devices.${i}`, intentSchema(i.toLowerCase(), 'response')]));

/** Each trait command's params schema by the command's short name lower-cased (traits/<trait>/<name>.params.schema.json). */
const commandParams = new Map<string, ValidateFunction>(readdirSync(path.join(SCHEMA_DIR, 'traits')).flatMap((trait) =>
  readdirSync(path.join(SCHEMA_DIR, 'traits', trait)).filter((f) => f.endsWith('.params.schema.json'))
    .map((f) => [f.replace('.params.schema.json', ''), ajv.compile(read(path.join(SCHEMA_DIR, 'traits', trait, f)))] as const)));

function errorsOf(validate: ValidateFunction, body: unknown, at = ''): string[] {
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${at}${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** The schemas' complaints about a request body: its intent's request schema, and each EXECUTE command's params. */
export function googleRequestErrors(body: unknown): string[] {
  const inputs = isRecord(body) && Array.isArray(body['inputs']) ? body['inputs'] : [];
  const intent = isRecord(inputs[0]) ? inputs[0]['intent'] : undefined;
  const validate = typeof intent === 'string' ? requests.get(intent) : undefined;
  if (validate === undefined) return [`/inputs/0/intent is not one of ${[...requests.keys()].join(', ')}`];
  const errors = errorsOf(validate, body);
  if (intent !== 'action.devices.EXECUTE' || errors.length > 0) return errors;
  const payload = (inputs[0] as { payload: { commands: { execution: { command: string; params?: unknown }[] }[] } }).payload;
  payload.commands.forEach((c, i) => c.execution.forEach((e, j) => {
    const params = commandParams.get(e.command.replace(/^action\.devices\.commands\./, '').toLowerCase());
    const at = `/inputs/0/payload/commands/${i}/execution/${j}/params`;
    if (params === undefined) errors.push(`${at}: no trait schema has the command ${e.command}`);
    else errors.push(...errorsOf(params, e.params ?? {}, at));
  }));
  return errors;
}

/**
 * The error codes of platform/errors.schema.json. It spells `offline` and `turnedOff` where Google's pages
 * and EXECUTE examples say `deviceOffline` and `deviceTurnedOff`: both spellings are codes.
 */
const ERROR_CODES = new Set([...(read(path.join(SCHEMA_DIR, 'platform', 'errors.schema.json')) as { enum: string[] }).enum, 'deviceOffline', 'deviceTurnedOff']);

/**
 * The schemas' complaints about a response body to a request of `intent` (action.devices.SYNC, …), and
 * any errorCode (global, per EXECUTE result, per QUERY device) that is none of Google's: "If the response
 * contains incorrect formatting or errorCode, Google Assistant gives users a generic error message"
 * (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions).
 */
export function googleResponseErrors(intent: string, body: unknown): string[] {
  const validate = responses.get(intent);
  if (validate === undefined) return [`no response schema for the intent ${intent}`];
  const errors = errorsOf(validate, body);
  if (errors.length > 0 || !isRecord(body) || !isRecord(body['payload'])) return errors;
  const payload = body['payload'];
  const codes: [string, unknown][] = [['/payload/errorCode', payload['errorCode']]];
  if (Array.isArray(payload['commands'])) payload['commands'].forEach((c, i) => codes.push([`/payload/commands/${i}/errorCode`, isRecord(c) ? c['errorCode'] : undefined]));
  if (isRecord(payload['devices'])) for (const [id, d] of Object.entries(payload['devices'])) codes.push([`/payload/devices/${id}/errorCode`, isRecord(d) ? d['errorCode'] : undefined]);
  return codes.filter(([, code]) => typeof code === 'string' && !ERROR_CODES.has(code)).map(([at, code]) => `${at} ${String(code)} is none of Google's error codes`);
}
