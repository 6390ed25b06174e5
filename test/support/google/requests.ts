// Requests as Google sends them to a Function URL (payload format 2.0): a POST with the bearer token and
// the intent's body (https://developers.home.google.com/cloud-to-cloud/intents), addressed to the case's TV.

/** Filled in by the runner: the account's token and the TV's device id (its thingId) when the case has one. */
export interface Addressee {
  token: string;
  deviceId: string;
  /** The gateway SYNC put in the TV's customData, which Google hands back with each QUERY and EXECUTE. */
  gatewayId?: string;
  /** Another household's TV, when the case set one up, and its gateway. */
  neighbour?: string;
  neighbourGateway?: string;
}

/** A device as QUERY and EXECUTE name it: its id, and the customData SYNC gave it (absent: none sent). */
export interface Target {
  id: string;
  gatewayId?: string;
}

const device = (t: Target | string) =>
  typeof t === 'string'
    ? { id: t }
    : { id: t.id, ...(t.gatewayId !== undefined && { customData: { gatewayId: t.gatewayId } }) };

export type RequestSpec = (to: Addressee) => unknown;

export interface EventOptions {
  /** false: no Authorization header; a string: that header instead of the case's bearer token. */
  authorization?: false | string;
  method?: string;
  base64?: boolean;
}

/** A Function URL event carrying `body` (JSON unless a string is given). */
export function event(token: string, body: unknown, options: EventOptions = {}): unknown {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.authorization !== false) headers['authorization'] = options.authorization ?? `Bearer ${token}`;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/',
    headers,
    requestContext: { http: { method: options.method ?? 'POST', path: '/' } },
    body: options.base64 ? Buffer.from(text, 'utf8').toString('base64') : text,
    isBase64Encoded: options.base64 === true,
  };
}

export const REQUEST_ID = 'ff36a3cc-ec34-11e6-b1a0-64510650abcf';

export const syncBody = () => ({ requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.SYNC' }] });
export const disconnectBody = () => ({ requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.DISCONNECT' }] });
export const queryBody = (...ids: (Target | string)[]) => ({
  requestId: REQUEST_ID,
  inputs: [{ intent: 'action.devices.QUERY', payload: { devices: ids.map(device) } }],
});
export const executeBody = (
  ids: (Target | string)[],
  ...execution: { command: string; params?: Record<string, unknown> }[]
) => ({
  requestId: REQUEST_ID,
  inputs: [
    {
      intent: 'action.devices.EXECUTE',
      payload: {
        commands: [
          {
            devices: ids.map(device),
            execution: execution.map((e) => ({ command: e.command, params: e.params ?? {} })),
          },
        ],
      },
    },
  ],
});

/** The case's TV as Google names it: its id with the customData SYNC gave it. */
const own = (to: Addressee): Target => ({
  id: to.deviceId,
  ...(to.gatewayId !== undefined && { gatewayId: to.gatewayId }),
});

export const sync =
  (options?: EventOptions): RequestSpec =>
  (to) =>
    event(to.token, syncBody(), options);
export const disconnect =
  (options?: EventOptions): RequestSpec =>
  (to) =>
    event(to.token, disconnectBody(), options);
export const query =
  (ids?: (to: Addressee) => (Target | string)[]): RequestSpec =>
  (to) =>
    event(to.token, queryBody(...(ids?.(to) ?? [own(to)])));
/** One command to the case's TV, named as Google names it (or to the devices given). */
export const execute =
  (command: string, params: Record<string, unknown> = {}, ids?: (to: Addressee) => (Target | string)[]): RequestSpec =>
  (to) =>
    event(to.token, executeBody(ids?.(to) ?? [own(to)], { command: `action.devices.commands.${command}`, params }));
