// A real TCP server on loopback in front of another (dynalite): it forwards, or for chosen requests
// hangs (accepts and never answers), answers slowly, or resets the connection. With refusedEndpoint()
// (a port nobody listens on) these are the ways a table fails that no mock of the SDK reproduces.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** What happens to one request: forwarded, never answered, forwarded after a delay, or reset. */
export type TcpBehaviour = 'pass' | 'hang' | 'reset' | { slowMs: number };

/**
 * Chooses per request, by its DynamoDB operation (from X-Amz-Target, e.g. 'GetItem'; undefined if none)
 * and, to single out one update among many, the text of its first packet (headers and the JSON body).
 */
export type TcpRule = (operation: string | undefined, request: string) => TcpBehaviour;

export interface FaultProxy {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_DYNAMODB. */
  readonly endpoint: string;
  /** The operations of the requests that arrived, in order. */
  readonly operations: string[];
  set(rule: TcpRule): void;
  close(): Promise<void>;
}

const TARGET = /x-amz-target:\s*DynamoDB_\d+\.(\w+)/i;

export async function startFaultProxy(target: string, rule: TcpRule = () => 'pass'): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const operations: string[] = [];
  let current = rule;

  const track = (socket: net.Socket): net.Socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    return socket;
  };
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const server = net.createServer((client) => {
    track(client);
    let upstream: net.Socket | undefined;
    let behaviour: TcpBehaviour = 'pass';
    const forward = (chunk: Buffer) => {
      upstream ??= track(net.connect(Number(port), hostname))
        .on('data', (d: Buffer) => client.write(d))
        .on('close', () => client.destroy());
      upstream.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      // A request starts with its headers; keep-alive connections carry one request after another.
      const operation = TARGET.exec(chunk.toString('latin1'))?.[1];
      if (/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(chunk.toString('latin1', 0, 64))) {
        operations.push(operation ?? '');
        behaviour = current(operation, chunk.toString('utf8'));
      }
      if (behaviour === 'hang') return;
      if (behaviour === 'reset') {
        client.resetAndDestroy();
        upstream?.destroy();
        return;
      }
      if (behaviour === 'pass') forward(chunk);
      else later(behaviour.slowMs, () => forward(chunk));
    });
    client.on('close', () => upstream?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    operations,
    set: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An endpoint on loopback where nothing listens: every connection is refused. */
export async function refusedEndpoint(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
