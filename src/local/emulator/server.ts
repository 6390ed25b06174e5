// The emulator's node:http server: records each interface call, applies injected faults, and hands
// the call to the interface routes (or the /_emulator/ routes, which are neither recorded nor faulted).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerControl, CONTROL_PREFIX } from './control-routes';
import { FaultQueue, faultReply } from './faults';
import { InterfaceRoutes } from './interface-routes';
import { CloudState } from './state';
import type { Emulator, EmulatorOptions, Fault, RecordedCall } from './types';
import { deviceError, type Reply } from './wire';

const MAX_BODY_BYTES = 64 * 1024;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const state = options.restore ? CloudState.fromSnapshot(options.restore) : new CloudState();
  const faults = new FaultQueue();
  const routes = new InterfaceRoutes(state);
  const calls: RecordedCall[] = [];
  const delays = new Set<NodeJS.Timeout>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        delays.delete(timer);
        resolve();
      }, ms);
      delays.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const params = new URLSearchParams(rawQuery);
    const bodyText = await readBody(req);
    if (bodyText === undefined) return send(res, { status: 413, text: 'Payload Too Large' });

    if (rawPath.startsWith(CONTROL_PREFIX)) return send(res, answerControl(state, faults, method, rawPath, bodyText));

    const record: RecordedCall = {
      method,
      path: rawPath,
      query: Object.fromEntries(params),
      body: recordedBody(bodyText),
      status: 0,
    };
    calls.push(record);

    const fault = faults.take(method, rawPath);
    if (fault?.latencyMs) await delay(fault.latencyMs);
    if (fault?.drop) {
      req.socket.destroy();
      return;
    }
    const reply =
      (fault && faultReply(fault)) ??
      routes.answer({ method, path: rawPath, query: [...params], headers: req.headers, bodyText });
    record.status = reply.status;
    send(res, reply);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // A bug in the emulator: answer like an unknown server error, never hang the client.
      process.stderr.write(`device-cloud emulator: ${e instanceof Error ? e.stack : String(e)}\n`);
      if (!res.headersSent) send(res, deviceError(1, 'emulator error'));
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delays) clearTimeout(timer);
        delays.clear();
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections();
      }),
    addAccount: (token, accountOptions) => {
      if (typeof token !== 'string' || token === '') throw new TypeError('token must be a non-empty string');
      state.addAccount(token, accountOptions);
    },
    setGatewayOnline: (token, online) => {
      state.setGatewayOnline(token, online);
    },
    rotateToken: (oldToken, newToken, rotateOptions) => state.rotateToken(oldToken, newToken, rotateOptions),
    expireToken: (token) => state.expireToken(token),
    tvState: (thingId) => state.tvState(thingId),
    tvs: (token) => state.tvs(token),
    registeredDevices: (token) => state.registeredDevices(token),
    clearCalls: () => {
      calls.length = 0;
    },
    injectFault: (fault: Fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    snapshot: () => state.snapshot(),
  };
}

/** The body as text, or undefined when it is larger than any interface call sends (or `maxBytes`). */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function recordedBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload = '';
  if (reply.json !== undefined) {
    payload = JSON.stringify(reply.json);
    headers['content-type'] = 'application/json; charset=utf-8';
  } else if (reply.text !== undefined) {
    payload = reply.text;
    headers['content-type'] = 'text/plain; charset=utf-8';
  }
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(reply.status, headers);
  res.end(payload);
}
