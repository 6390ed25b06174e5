// A local stand-in for Alexa's Device Address API (country and postal code) and the Progressive Response
// API on the same apiEndpoint: a node:http server on loopback that answers like the real ones, refusals
// included, for tests and the sandbox. Never bundled. Its answers: docs/sandbox.md#device-address.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { progressiveRefusal } from '../alexa/content-rules';

export interface CountryAndPostalCode {
  countryCode: string;
  postalCode: string;
}

export interface DeviceAddressCall {
  deviceId: string;
  /** Whether the call carried a bearer token (the token itself is never recorded). */
  withToken: boolean;
  status: number;
}

export interface DeviceAddressStandIn {
  /** The request's apiEndpoint that reaches this server. */
  url: string;
  /** The user granted the permission: requests with this apiAccessToken are answered. */
  consent(apiAccessToken: string): void;
  /** The user took it back: 403 again. */
  revoke(apiAccessToken: string): void;
  /** What the device's address settings hold; undefined for none set (204). */
  setAddress(deviceId: string, address: CountryAndPostalCode | undefined): void;
  /** Every answer takes this long (a slow API). */
  setLatency(ms: number): void;
  calls(): DeviceAddressCall[];
  /** The progressive responses played so far, in order. */
  spoken(): { requestId: string; speech: string }[];
  /** The progressive responses refused (never played), with why. */
  refusedSpeech(): RefusedSpeech[];
  /**
   * Alexa's turn for one request: progressive responses for it are taken while `answer` runs (the skill
   * working on it), and refused once it has returned.
   */
  turn<T>(request: AlexaRequest, answer: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What the stand-in needs of a request envelope: its id and type. */
export interface AlexaRequest {
  request: { requestId: string; type: string };
}

export interface RefusedSpeech {
  requestId: string;
  speech: string;
  reason: string;
}

const PATH = /^\/v1\/devices\/([^/]+)\/settings\/address\/countryAndPostalCode$/;

export async function startDeviceAddressStandIn(): Promise<DeviceAddressStandIn> {
  const consented = new Set<string>();
  const addresses = new Map<string, CountryAndPostalCode>();
  const calls: DeviceAddressCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let latencyMs = 0;

  function answer(req: IncomingMessage): { status: number; body?: unknown; deviceId?: string; withToken: boolean } {
    const match = PATH.exec((req.url ?? '/').split('?')[0]!);
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const withToken = auth !== null;
    if (!match) return { status: 404, body: { type: 'NOT_FOUND', message: 'no such resource' }, withToken };
    const deviceId = decodeURIComponent(match[1]!);
    if (req.method !== 'GET')
      return { status: 405, body: { type: 'METHOD_NOT_ALLOWED', message: 'only GET' }, deviceId, withToken };
    if (!auth || !consented.has(auth[1]!))
      return {
        status: 403,
        body: { type: 'FORBIDDEN', message: 'The authentication token is not valid.' },
        deviceId,
        withToken,
      };
    const address = addresses.get(deviceId);
    return address ? { status: 200, body: address, deviceId, withToken } : { status: 204, deviceId, withToken };
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
  }

  const spoken: { requestId: string; speech: string }[] = [];
  const refused: RefusedSpeech[] = [];
  /** Every request Alexa sent: its type, and whether the skill has answered it. */
  const requests = new Map<string, { type: string; answered: boolean }>();
  const directive = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!/^Bearer \S+$/.test(req.headers.authorization ?? ''))
        return send(res, 401, { type: 'UNAUTHORIZED', message: 'no token' });
      let body: { header?: { requestId?: unknown }; directive?: { type?: unknown; speech?: unknown } } | undefined;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        body = undefined;
      }
      const requestId = body?.header?.requestId;
      const speech = body?.directive?.speech;
      if (
        typeof requestId !== 'string' ||
        body?.directive?.type !== 'VoicePlayer.Speak' ||
        typeof speech !== 'string'
      ) {
        return send(res, 400, { type: 'INVALID_REQUEST', message: 'not a VoicePlayer.Speak directive' });
      }
      const reason = progressiveRefusal(requests.get(requestId), speech);
      if (reason !== undefined) {
        refused.push({ requestId, speech, reason });
        return send(res, 400, { type: 'INVALID_DIRECTIVE', message: reason });
      }
      spoken.push({ requestId, speech });
      return send(res, 204, undefined);
    });
  };

  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v1/directives') return directive(req, res);
    req.resume();
    const reply = answer(req);
    if (reply.deviceId !== undefined)
      calls.push({ deviceId: reply.deviceId, withToken: reply.withToken, status: reply.status });
    if (latencyMs === 0) return send(res, reply.status, reply.body);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) send(res, reply.status, reply.body);
    }, latencyMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    consent: (token) => consented.add(token),
    revoke: (token) => consented.delete(token),
    setAddress: (deviceId, address) => (address ? addresses.set(deviceId, address) : addresses.delete(deviceId)),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    calls: () => [...calls],
    spoken: () => [...spoken],
    refusedSpeech: () => [...refused],
    async turn(request, answer) {
      const entry = { type: request.request.type, answered: false };
      requests.set(request.request.requestId, entry);
      try {
        return await answer();
      } finally {
        entry.answered = true;
      }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
