// The fulfillment's messages (Google's "Smart home intents" reference: https://developers.home.google.com/
// cloud-to-cloud/intents): one request body with one input, read strictly at the edge; what does not have
// the documented shape is a protocol error, never guessed at.
import { isRecord } from '../json';

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

export type ReadResult = { ok: true; request: GoogleRequest } | { ok: false; reason: string; requestId?: string };

/** The request body as JSON, validated; the reason names what is wrong, never echoing the input. */
export function readRequest(body: unknown): ReadResult {
  if (!isRecord(body)) return { ok: false, reason: 'the body is not a JSON object' };
  const requestId = typeof body['requestId'] === 'string' && body['requestId'].length <= ID_MAX ? body['requestId'] : undefined;
  const fail = (reason: string): ReadResult => ({ ok: false, reason, ...(requestId !== undefined && { requestId }) });
  if (requestId === undefined) return fail('requestId must be a string');
  const inputs = body['inputs'];
  // Google sends one input per request; more would be a request we cannot answer as one.
  if (!Array.isArray(inputs) || inputs.length !== 1) return fail('inputs must hold exactly one input');
  const input: unknown = inputs[0];
  if (!isRecord(input)) return fail('the input is not an object');
  const payload = input['payload'];
  switch (input['intent']) {
    case SYNC: return { ok: true, request: { requestId, input: { intent: SYNC } } };
    case DISCONNECT: return { ok: true, request: { requestId, input: { intent: DISCONNECT } } };
    case QUERY: {
      const devices = isRecord(payload) ? deviceRefs(payload['devices']) : undefined;
      if (devices === undefined || devices.length === 0) return fail('QUERY needs payload.devices, each with a string id');
      if (devices.length > MAX_QUERIED) return fail(`QUERY names more than ${MAX_QUERIED} devices`);
      return { ok: true, request: { requestId, input: { intent: QUERY, devices } } };
    }
    case EXECUTE: {
      const commands = isRecord(payload) ? commandGroups(payload['commands']) : undefined;
      if (commands === undefined || commands.length === 0) return fail('EXECUTE needs payload.commands, each with devices and execution');
      const pairs = commands.reduce((n, c) => n + c.devices.length * c.execution.length, 0);
      if (pairs > MAX_EXECUTIONS) return fail(`EXECUTE asks for ${pairs} device commands; at most ${MAX_EXECUTIONS} are taken at once`);
      return { ok: true, request: { requestId, input: { intent: EXECUTE, commands } } };
    }
    default: return fail('the intent is not one of SYNC, QUERY, EXECUTE, DISCONNECT');
  }
}

function deviceRefs(value: unknown): DeviceRef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const refs: DeviceRef[] = [];
  for (const d of value) {
    if (!isRecord(d) || typeof d['id'] !== 'string' || d['id'] === '' || d['id'].length > ID_MAX) return undefined;
    const hint = isRecord(d['customData']) ? d['customData']['gatewayId'] : undefined;
    refs.push({ id: d['id'], ...(typeof hint === 'string' && hint !== '' && hint.length <= ID_MAX && { gatewayHint: hint }) });
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
    if (devices === undefined || devices.length === 0 || execution === undefined || execution.length === 0) return undefined;
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

// Response bodies, as Google's schemas (intents/*/…response.schema.json) give them.

/** A device as SYNC describes it. */
export interface SyncDevice {
  id: string;
  type: 'action.devices.types.TV';
  traits: string[];
  name: { defaultNames?: string[]; name: string; nicknames?: string[] };
  willReportState: boolean;
  roomHint?: string;
  deviceInfo?: { manufacturer?: string; model?: string };
  attributes: Record<string, unknown>;
  customData: { gatewayId: string };
}

export interface SyncResponse {
  requestId: string;
  payload: { agentUserId: string; devices: SyncDevice[] } | { errorCode: string; debugString?: string };
}

export type QueryStatus = 'SUCCESS' | 'OFFLINE' | 'ERROR';

export interface QueryResponse {
  requestId: string;
  payload: { devices: Record<string, { online: boolean; status: QueryStatus; errorCode?: string }> } | { errorCode: string; debugString?: string };
}

export type ExecuteStatus = 'SUCCESS' | 'OFFLINE' | 'ERROR';

export interface CommandResult {
  ids: string[];
  status: ExecuteStatus;
  states?: { online: boolean };
  errorCode?: string;
}

export interface ExecuteResponse {
  requestId: string;
  payload: { commands: CommandResult[] } | { errorCode: string; debugString?: string };
}

export type DisconnectResponse = Record<string, never>;

export type GoogleResponse = SyncResponse | QueryResponse | ExecuteResponse | DisconnectResponse;
