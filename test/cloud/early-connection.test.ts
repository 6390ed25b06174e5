// The device cloud's connection opened ahead of the first call (src/cloud/connection.ts): the first
// request rides on it, a broken one is replaced, and one never used keeps no one waiting.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import fetch from 'node-fetch';
import { DeviceCloudAgent } from '../../src/cloud/connection';

const cert = readFileSync(path.join(__dirname, '../support/tls/cert.pem'), 'utf8');
const key = readFileSync(path.join(__dirname, '../support/tls/key.pem'), 'utf8');

interface TlsServer {
  url: string;
  /** TLS connections whose handshake completed. */
  connections: number;
  requests: number;
  /** Drops every connection it has, as a server does when it restarts. */
  dropAll(): void;
  close(): Promise<void>;
}

async function startServer(): Promise<TlsServer> {
  const sockets = new Set<TLSSocket>();
  const server = https.createServer({ cert, key }, (_req, res) => {
    state.requests += 1;
    res.setHeader('content-type', 'application/json');
    res.end('{"result":0}');
  });
  server.on('secureConnection', (s: TLSSocket) => {
    state.connections += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: TlsServer = {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    connections: 0,
    requests: 0,
    dropAll: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

let server: TlsServer;
let agent: DeviceCloudAgent;
beforeEach(async () => {
  server = await startServer();
  // An age limit far past any test's length: on a loaded machine the default 4 s may pass between
  // preconnect and the first request, and the age rule has its own test below.
  agent = new DeviceCloudAgent({ keepAlive: true, ca: cert }, 600_000);
});
afterEach(async () => {
  agent.destroy();
  await server.close();
});

const get = async (url = server.url): Promise<unknown> => (await fetch(url, { agent })).json();

it('sends the first request over the connection opened ahead of it', async () => {
  agent.preconnect(new URL(server.url));
  await until(() => server.connections === 1);
  expect(await get()).toEqual({ result: 0 });
  expect({ connections: server.connections, requests: server.requests, early: agent.hasEarlyConnection }).toEqual({
    connections: 1,
    requests: 1,
    early: false,
  });
});

it('lets the first request use the early connection while its handshake is still under way', async () => {
  agent.preconnect(new URL(server.url));
  expect(await get()).toEqual({ result: 0 });
  expect(server.connections).toBe(1);
});

it('opens a new connection when the early one was closed before its first request', async () => {
  agent.preconnect(new URL(server.url));
  await until(() => server.connections === 1);
  server.dropAll();
  await until(() => !agent.hasEarlyConnection);
  expect(await get()).toEqual({ result: 0 });
  expect(server.connections).toBe(2);
});

it('does not give the early connection to a request for another host', async () => {
  const other = await startServer();
  try {
    agent.preconnect(new URL(server.url));
    await until(() => server.connections === 1);
    expect(await get(other.url)).toEqual({ result: 0 });
    expect({ here: server.requests, there: other.connections, early: agent.hasEarlyConnection }).toEqual({
      here: 0,
      there: 1,
      early: true,
    });
  } finally {
    await other.close();
  }
});

it('forgets an early connection that failed, and the first request connects afresh', async () => {
  // A server that takes the TCP connection and drops it without a TLS handshake.
  const refuser = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve));
  try {
    agent.preconnect(new URL(`https://127.0.0.1:${(refuser.address() as AddressInfo).port}/`));
    await until(() => !agent.hasEarlyConnection);
  } finally {
    refuser.close();
  }
  expect(await get()).toEqual({ result: 0 });
});

it('opens a new connection when the early one waited too long for its first request (the server may have dropped it unseen)', async () => {
  const patient = new DeviceCloudAgent({ keepAlive: true, ca: cert }, 0);
  try {
    patient.preconnect(new URL(server.url));
    await until(() => server.connections === 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await (await fetch(server.url, { agent: patient })).json()).toEqual({ result: 0 });
    expect({ connections: server.connections, early: patient.hasEarlyConnection }).toEqual({
      connections: 2,
      early: false,
    });
  } finally {
    patient.destroy();
  }
});

it('opens nothing for a plain-HTTP base URL (the emulator, the sandbox)', () => {
  agent.preconnect(new URL('http://127.0.0.1:1/'));
  expect(agent.hasEarlyConnection).toBe(false);
});
