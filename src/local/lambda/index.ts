// A local stand-in for Lambda's Invoke API, for the sandbox and the tests: a node:http server on loopback
// that takes an asynchronous invocation as Lambda does and runs a real handler with it. Never bundled.
// Its answers: docs/sandbox.md#lambda-invoke.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LambdaFunction = (event: unknown) => Promise<unknown>;

export interface LambdaInvocation {
  functionName: string;
  event: unknown;
}

export interface LambdaStandIn {
  /** The endpoint a LambdaClient is given. */
  url: string;
  invocations(): LambdaInvocation[];
  /** Resolves once every invocation queued so far has run. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaStandIn(
  functions: Record<string, LambdaFunction>,
  onError: (name: string, e: unknown) => void = () => undefined,
): Promise<LambdaStandIn> {
  const invocations: LambdaInvocation[] = [];
  const running = new Set<Promise<void>>();

  function send(res: ServerResponse, status: number, body?: unknown): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
  }

  function invoke(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const match = PATH.exec((req.url ?? '/').split('?')[0]!);
    if (req.method !== 'POST' || !match) return send(res, 404, { Type: 'User', Message: 'no such resource' });
    const functionName = decodeURIComponent(match[1]!);
    const run = functions[functionName];
    if (!run) return send(res, 404, { Type: 'User', Message: `Function not found: ${functionName}` });
    if (req.headers['x-amz-invocation-type'] !== 'Event')
      return send(res, 400, { Type: 'User', Message: 'only asynchronous (Event) invocations are stood in for' });
    let event: unknown;
    try {
      event = raw === '' ? {} : JSON.parse(raw);
    } catch {
      return send(res, 400, { Type: 'User', Message: 'the payload is not JSON' });
    }
    invocations.push({ functionName, event });
    send(res, 202);
    const done = (async () => {
      // After the answer, as Lambda runs a queued event.
      await new Promise((resolve) => setImmediate(resolve));
      await run(event).catch((e: unknown) => onError(functionName, e));
    })();
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => invoke(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    invocations: () => [...invocations],
    settled: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    close: async () => {
      await Promise.all([...running]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
