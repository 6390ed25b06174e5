// Reading what Google sent, at the door's edge: the HTTPS event checked before any work (a 4xx that says
// why, never echoing), then the body read strictly as Google documents it
// (https://developers.home.google.com/cloud-to-cloud/intents). Detail: docs/google-home.md#request-file.
import { isRecord } from '../json';
import { isWellFormedToken } from '../token';

/** Google's requests are a few kilobytes; a body ten times the largest EXECUTE is no request of Google's. */
export const MAX_BODY_BYTES = 64 * 1024;

type HttpRead =
  { ok: true; body: unknown; token: string } | { ok: false; status: 400 | 401 | 405 | 413; reason: string };

function readHttpRequest(event: unknown): HttpRead {
  if (!isRecord(event)) return { ok: false, status: 400, reason: 'not an HTTP event' };
  const context = isRecord(event['requestContext']) ? event['requestContext'] : {};
  const method = isRecord(context['http']) ? context['http']['method'] : undefined;
  if (method !== undefined && method !== 'POST') return { ok: false, status: 405, reason: 'only POST is served' };
  const headers = isRecord(event['headers']) ? event['headers'] : {};
  const raw = typeof event['body'] === 'string' ? event['body'] : '';
  // Base64 takes 4 characters for 3 bytes: the limit applies to what the body decodes to.
  const encoded = event['isBase64Encoded'] === true;
  if ((encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw)) > MAX_BODY_BYTES)
    return { ok: false, status: 413, reason: `the body is larger than ${MAX_BODY_BYTES} bytes` };
  const token = bearer(headers['authorization']);
  if (token === undefined) return { ok: false, status: 401, reason: 'no well-formed bearer token' };
  const text = encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON' };
  }
  return { ok: true, body, token };
}

function bearer(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const token = match?.[1];
  return token !== undefined && isWellFormedToken(token) ? token : undefined;
}

export const SYNC = 'action.devices.SYNC';
export const QUERY = 'action.devices.QUERY';
export const EXECUTE = 'action.devices.EXECUTE';
export const DISCONNECT = 'action.devices.DISCONNECT';

export type IntentName = typeof SYNC | typeof QUERY | typeof EXECUTE | typeof DISCONNECT;

/**
 * A device named in QUERY or EXECUTE: the id SYNC gave it, and the gateway SYNC put in its customData
 * ("If the opaque customData object is provided in SYNC, it's sent here"). The gateway is only a hint of
 * where to look first: household.ts trusts nothing the request says about ownership.
 */
export interface DeviceRef {
  id: string;
  gatewayHint?: string;
}

export interface Execution {
  command: string;
  params: Record<string, unknown>;
}

export interface CommandGroup {
  devices: DeviceRef[];
  execution: Execution[];
}

export type Input =
  | { intent: typeof SYNC }
  | { intent: typeof DISCONNECT }
  | { intent: typeof QUERY; devices: DeviceRef[] }
  | { intent: typeof EXECUTE; commands: CommandGroup[] };

export interface GoogleRequest {
  requestId: string;
  input: Input;
}

/** Device ids, request ids and command names longer than this are nothing Google sends. */
const ID_MAX = 256;
/**
 * At most this many (device, command) pairs in one EXECUTE: a household's TVs, each with a command or two.
 * Every pair may press the remote, so a longer list could only outlast the deadline.
 */
export const MAX_EXECUTIONS = 12;
/** At most this many devices in one QUERY. */
export const MAX_QUERIED = 50;

type ReadResult = { ok: true; request: GoogleRequest } | { ok: false; reason: string; requestId?: string };

/** The request body as JSON, validated; the reason names what is wrong, never echoing the input. */
function readRequest(body: unknown): ReadResult {
  if (!isRecord(body)) return { ok: false, reason: 'the body is not a JSON object' };
  const requestId =
    typeof body['requestId'] === 'string' && body['requestId'].length <= ID_MAX ? body['requestId'] : undefined;
  const fail = (reason: string): ReadResult => ({ ok: false, reason, ...(requestId !== undefined && { requestId }) });
  if (requestId === undefined) return fail('requestId must be a string');
  const inputs = body['inputs'];
  // Google sends one input per request; more would be a request we cannot answer as one.
  if (!Array.isArray(inputs) || inputs.length !== 1) return fail('inputs must hold exactly one input');
  const input: unknown = inputs[0];
  if (!isRecord(input)) return fail('the input is not an object');
  const payload = input['payload'];
  switch (input['intent']) {
    case SYNC:
      return { ok: true, request: { requestId, input: { intent: SYNC } } };
    case DISCONNECT:
      return { ok: true, request: { requestId, input: { intent: DISCONNECT } } };
    case QUERY: {
      const devices = isRecord(payload) ? deviceRefs(payload['devices']) : undefined;
      if (devices === undefined || devices.length === 0)
        return fail('QUERY needs payload.devices, each with a string id');
      if (devices.length > MAX_QUERIED) return fail(`QUERY names more than ${MAX_QUERIED} devices`);
      return { ok: true, request: { requestId, input: { intent: QUERY, devices } } };
    }
    case EXECUTE: {
      const commands = isRecord(payload) ? commandGroups(payload['commands']) : undefined;
      if (commands === undefined || commands.length === 0)
        return fail('EXECUTE needs payload.commands, each with devices and execution');
      const pairs = commands.reduce((n, c) => n + c.devices.length * c.execution.length, 0);
      if (pairs > MAX_EXECUTIONS)
        return fail(`EXECUTE asks for ${pairs} device commands; at most ${MAX_EXECUTIONS} are taken at once`);
      return { ok: true, request: { requestId, input: { intent: EXECUTE, commands } } };
    }
    default:
      return fail('the intent is not one of SYNC, QUERY, EXECUTE, DISCONNECT');
  }
}

function deviceRefs(value: unknown): DeviceRef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const refs: DeviceRef[] = [];
  const seen = new Set<string>();
  for (const d of value) {
    if (!isRecord(d) || typeof d['id'] !== 'string' || d['id'] === '' || d['id'].length > ID_MAX) return undefined;
    const hint = isRecord(d['customData']) ? d['customData']['gatewayId'] : undefined;
    // A list of targets: a device named twice is one target, acted on once (EXECUTE: "Set of commands to
    // execute on the attached device targets"; the answer is one result per device id).
    if (seen.has(d['id'])) continue;
    seen.add(d['id']);
    refs.push({
      id: d['id'],
      ...(typeof hint === 'string' && hint !== '' && hint.length <= ID_MAX && { gatewayHint: hint }),
    });
  }
  return refs;
}

function commandGroups(value: unknown): CommandGroup[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_EXECUTIONS) return undefined;
  const groups: CommandGroup[] = [];
  for (const c of value) {
    if (!isRecord(c)) return undefined;
    const devices = deviceRefs(c['devices']);
    const execution = executions(c['execution']);
    if (devices === undefined || devices.length === 0 || execution === undefined || execution.length === 0)
      return undefined;
    groups.push({ devices, execution });
  }
  return groups;
}

function executions(value: unknown): Execution[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_EXECUTIONS) return undefined;
  const out: Execution[] = [];
  for (const e of value) {
    if (!isRecord(e) || typeof e['command'] !== 'string' || e['command'].length > ID_MAX) return undefined;
    const params = e['params'] ?? {};
    if (!isRecord(params)) return undefined;
    out.push({ command: e['command'], params });
  }
  return out;
}

export type GoogleRead =
  | { ok: true; token: string; request: GoogleRequest }
  /** A 4xx before any work; `requestId` when the body named one, so a 400 can echo it. */
  | { ok: false; status: 400 | 401 | 405 | 413; reason: string; requestId?: string };

/** The whole request: the HTTPS event, then its body. */
export function readGoogleRequest(event: unknown): GoogleRead {
  const http = readHttpRequest(event);
  if (!http.ok) return http;
  const read = readRequest(http.body);
  if (!read.ok)
    return {
      ok: false,
      status: 400,
      reason: read.reason,
      ...(read.requestId !== undefined && { requestId: read.requestId }),
    };
  return { ok: true, token: http.token, request: read.request };
}
