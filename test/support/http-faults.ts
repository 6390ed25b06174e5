// Loopback HTTP servers that answer badly: a body without end, a byte every 500 ms, a Content-Length
// broken by a closed connection (startBodyFaultServer), or no answer at all, or one status for every
// request (startAnswerFaultServer). Each tells when every connection it accepted has closed: a client
// that stopped reading drops it; a body fault server also counts what it still wrote after the answer.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type BodyFault = 'endless' | 'drip' | 'short';
export const BODY_FAULTS: readonly BodyFault[] = ['endless', 'drip', 'short'];

/** How much the endless body writes at a time: the bounds of a test are counted in these. */
export const ENDLESS_CHUNK_BYTES = 64 * 1024;
const DRIP_EVERY_MS = 500;

export interface FaultServer {
  readonly url: string;
  /** How many requests arrived. */
  requests(): number;
  /** Resolves once every connection accepted so far has closed; rejects after `withinMs` (a generous guard). */
  allClosed(withinMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface BodyFaultServer extends FaultServer {
  /** Call once the client answered: from then on, what the server writes is counted. */
  markAnswered(): void;
  /** Bytes the server wrote (handed to the socket) after markAnswered(). */
  writtenAfterAnswer(): number;
}

/** What every request gets: never an answer, or this status, headers and body. */
export type AnswerFault = 'hang' | { status: number; headers?: Record<string, string>; body: string };

export async function startAnswerFaultServer(fault: AnswerFault): Promise<FaultServer> {
  return serve(
    (_req, res) => {
      if (fault !== 'hang')
        res.writeHead(fault.status, { 'Content-Type': 'application/json', ...fault.headers }).end(fault.body);
    },
    () => undefined,
  );
}

export async function startBodyFaultServer(fault: BodyFault): Promise<BodyFaultServer> {
  const timers = new Set<NodeJS.Timeout>();
  let answered = false;
  let after = 0;
  const write = (res: http.ServerResponse, chunk: string | Buffer): boolean => {
    if (answered) after += chunk.length;
    return res.write(chunk);
  };

  const server = await serve(
    (_req, res) => {
      switch (fault) {
        case 'endless': {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          write(res, '{"pad":"');
          const chunk = Buffer.alloc(ENDLESS_CHUNK_BYTES, 'x');
          // As fast as the client reads: write until the socket's buffer is full, then wait for it to drain.
          const pour = (): void => {
            while (!res.destroyed && write(res, chunk));
          };
          res.on('drain', pour);
          pour();
          return;
        }
        case 'drip': {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          write(res, '{');
          const timer = setInterval(() => {
            if (!res.destroyed) write(res, ' ');
          }, DRIP_EVERY_MS);
          timers.add(timer);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case 'short':
          // 1000 bytes promised, 10 sent, then the connection closes (end: after those 10 are flushed).
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
          write(res, '{"result":');
          res.socket?.end();
      }
    },
    () => {
      for (const timer of timers) clearInterval(timer);
    },
  );
  return {
    ...server,
    markAnswered: () => {
      answered = true;
    },
    writtenAfterAnswer: () => after,
  };
}

/** A server on loopback that counts requests and tracks its connections; `stop` runs before it closes. */
async function serve(answer: http.RequestListener, stop: () => void): Promise<FaultServer> {
  const open = new Set<Socket>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    answer(req, res);
  });
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    allClosed: async (withinMs) => {
      const until = Date.now() + withinMs;
      while (open.size > 0) {
        if (Date.now() > until)
          throw new Error(`${open.size} connection(s) still open ${withinMs} ms after the answer`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
