// Building what goes back to Google, and only here: the response bodies as Google's schemas give them
// (intents/*/…response.schema.json), and the HTTP answer around them. The token is never echoed.
import type { Outcome } from '../metrics';
import type { GoogleFailure } from './errors';

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
  payload:
    | { devices: Record<string, { online: boolean; status: QueryStatus; errorCode?: string }> }
    | { errorCode: string; debugString?: string };
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

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** What an intent answers: the body, its HTTP status and how the command is counted. */
export interface IntentAnswer {
  status: number;
  body: GoogleResponse | { requestId: string; error: string };
  outcome: Outcome;
}

export function httpAnswer(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer {
  // RFC 9110 §15.5.6: a 405 "MUST generate an Allow header field" listing the methods served.
  const allow: Record<string, string> = statusCode === 405 ? { allow: 'POST' } : {};
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...allow, ...headers },
    body: JSON.stringify(body),
  };
}

/** A request refused at the edge: 401 asks for a bearer token, 400 is the protocol error Google's schemas can read. */
export function refusedAnswer(
  status: 400 | 401 | 405 | 413,
  reason: string,
  requestId: string | undefined,
): HttpAnswer {
  if (status === 401) return httpAnswer(401, { error: reason }, { 'www-authenticate': 'Bearer' });
  // A body Google's schemas can read: the protocol error for the whole transaction.
  if (status === 400)
    return httpAnswer(400, {
      requestId: requestId ?? '',
      payload: { errorCode: 'protocolError', debugString: reason },
    });
  return httpAnswer(status, { error: reason });
}

/**
 * A failure of the whole request. A rejected token: "should return an HTTP 401 Unauthorized error"
 * (process-intents), so Google refreshes it. Anything else: its code, under the status the failure has.
 */
export function failureAnswer(requestId: string, failure: GoogleFailure): HttpAnswer {
  if (failure.tokenRefused)
    return httpAnswer(401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
  return httpAnswer(failure.status, { requestId, error: failure.errorCode });
}

export function intentAnswer(answer: IntentAnswer): HttpAnswer {
  return httpAnswer(answer.status, answer.body);
}

export function syncResponse(requestId: string, agentUserId: string, devices: SyncDevice[]): SyncResponse {
  return { requestId, payload: { agentUserId, devices } };
}

export type QueryDevices = Record<string, { online: boolean; status: QueryStatus; errorCode?: string }>;

/**
 * The entries QUERY answers, keyed by what the request names: without a prototype, an id such as
 * `__proto__` is an entry like any other.
 */
export function queryDevices(): QueryDevices {
  return Object.create(null) as QueryDevices;
}

export function queryResponse(requestId: string, devices: QueryDevices): QueryResponse {
  return { requestId, payload: { devices } };
}

/** Results with the same status and code share one entry, as the EXECUTE response groups devices. */
export function executeResponse(requestId: string, results: CommandResult[]): ExecuteResponse {
  const out = new Map<string, CommandResult>();
  for (const r of results) {
    const key = JSON.stringify([r.status, r.errorCode, r.states]);
    const entry = out.get(key);
    if (entry) entry.ids.push(...r.ids.filter((id) => !entry.ids.includes(id)));
    else out.set(key, { ...r, ids: [...r.ids] });
  }
  return { requestId, payload: { commands: [...out.values()] } };
}

/** One device's EXECUTE result: SUCCESS (the device cloud took every command, so it is online) or its error. */
export function commandResult(id: string, failure: GoogleFailure | undefined): CommandResult {
  if (failure === undefined) return { ids: [id], status: 'SUCCESS', states: { online: true } };
  return {
    ids: [id],
    status: 'ERROR',
    ...(failure.offline && { states: { online: false } }),
    errorCode: failure.errorCode,
  };
}

/** DISCONNECT's answer is always {}, the only body its schema allows. */
export function disconnectResponse(): DisconnectResponse {
  return {};
}
