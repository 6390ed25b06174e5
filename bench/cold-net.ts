// The device cloud as production reaches it: over TLS and a round trip away. The emulator (plain HTTP on
// 127.0.0.1) gets a TLS front with a certificate made for this run, and a delaying TCP proxy before it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export interface TestCa {
  /** PEM file of the self-signed certificate (it is its own CA), for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1, made with the machine's openssl (node:crypto makes no certificates). */
export function makeTestCa(dir: string): TestCa {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

function listen(server: net.Server, sockets: Set<net.Socket>): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

function track(sockets: Set<net.Socket>, socket: net.Socket): void {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
}

/** TLS in front of a plain TCP service on 127.0.0.1 (the emulator): the handshake is real, the bytes go through. */
export function tlsFront(ca: TestCa, targetPort: number): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ cert: ca.cert, key: ca.key, minVersion: 'TLSv1.2' }, (client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(sockets, client);
    track(sockets, upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.on('tlsClientError', () => undefined);
  return listen(server, sockets);
}

/**
 * A TCP proxy that makes 127.0.0.1 `rttMs` away: every chunk is held rttMs/2 in each direction, and
 * the client's first bytes reach the server no earlier than 1.5 round trips after it connected. The
 * kernel completes the client's connect at once, so that hold stands in for the TCP handshake's round
 * trip: a client that sends at once is served exactly as if SYN and SYN-ACK had crossed the distance,
 * and one whose event loop is busy meanwhile loses nothing it would not have lost over a real link.
 */
export function delayingProxy(targetPort: number, rttMs: number): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  const half = rttMs / 2;
  const server = net.createServer((client) => {
    const acceptedAt = performance.now();
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(sockets, client);
    track(sockets, upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    forward(client, upstream, () => Math.max(performance.now() + half, acceptedAt + 3 * half));
    forward(upstream, client, () => performance.now() + half);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return listen(server, sockets);
}

/** Delivers `from`'s chunks (and its end) to `to` at the times `due` gives, in order. */
function forward(from: net.Socket, to: net.Socket, due: () => number): void {
  let last = 0;
  const at = (action: () => void): void => {
    last = Math.max(last, due());
    setTimeout(action, Math.max(0, last - performance.now()));
  };
  from.on('data', (chunk: Buffer) => at(() => to.destroyed || to.write(chunk)));
  from.on('end', () => at(() => to.end()));
}

export interface RemoteCloud {
  /** https://127.0.0.1:<proxy port> */
  url: string;
  ca: TestCa;
  close(): Promise<void>;
}

/** The emulator at `emulatorUrl` made a TLS server `rttMs` away. */
export async function remoteCloud(emulatorUrl: string, rttMs: number): Promise<RemoteCloud> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cold-tls-'));
  const ca = makeTestCa(dir);
  const front = await tlsFront(ca, Number(new URL(emulatorUrl).port));
  const proxy = await delayingProxy(front.port, rttMs);
  return {
    url: `https://127.0.0.1:${proxy.port}`,
    ca,
    close: async () => {
      await proxy.close();
      await front.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
