// The outbound policy (src/outbound.ts) under faults, for every client that calls out: the device cloud,
// Login with Amazon, the event gateway, the Device Address and Progressive Response APIs, and Lambda's
// Invoke (setup by voice). Real loopback servers redirect (to a trap that must never be reached), stall,
// send HTML with 200, send a body over the bound, or cut the body short; each client classes each fault as
// unavailable (or timeout), never as a refusal, and no secret goes anywhere it was not sent. Bodies that
// never end well (endless, a byte every 500 ms, shorter than their Content-Length) are answered for at
// once or at the deadline, and then nothing more is read: the connection closes, the heap stays bounded.
import { readdirSync, readFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RequestEnvelope } from 'ask-sdk-model';
import { isAlexaApiError } from '../src/alexa/errors';
import { addOrUpdateReport, EventGateway } from '../src/alexa/events';
import { LoginWithAmazon } from '../src/alexa/lwa';
import { DeviceCloud } from '../src/cloud/client';
import { isDeviceCloudError } from '../src/cloud/errors';
import { DeviceAddress } from '../src/skill/services/device-address';
import { sayWhileWorking } from '../src/skill/services/progressive';
import { lambdaSetupTrigger } from '../src/skill/services/setup-trigger';
import { ExchangeFailure } from '../src/outbound';
import { BODY_FAULTS, ENDLESS_CHUNK_BYTES, startBodyFaultServer, type BodyFault } from './support/http-faults';

type Fault = 'redirect' | 'stall' | 'html-200' | 'oversized' | 'truncated';
const FAULTS: Fault[] = ['redirect', 'stall', 'html-200', 'oversized', 'truncated'];

let trap: Server;
let trapHits = 0;
let trapUrl = '';
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that answers every request with `fault`. */
async function faulty(fault: Fault): Promise<string> {
  return listen(
    http.createServer((req, res) => {
      req.resume();
      switch (fault) {
        case 'redirect':
          res.writeHead(307, { Location: `${trapUrl}${req.url ?? '/'}` }).end();
          return;
        case 'stall':
          return;
        case 'html-200':
          res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
          return;
        case 'oversized':
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
          return;
        case 'truncated':
          // Chunked, then the connection drops before the last chunk.
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.write('{"result":0,');
          setTimeout(() => res.socket?.destroy(), 20);
      }
    }),
  );
}

beforeAll(async () => {
  trap = http.createServer((req, res) => {
    trapHits += 1;
    req.resume();
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end('{"result":0,"access_token":"x","refresh_token":"y","expires_in":3600}');
  });
  trapUrl = await listen(trap);
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});
beforeEach(() => {
  trapHits = 0;
});

const TIMEOUT_MS = 300;
/** A deadline no answer given "at once" comes near, even on a loaded machine. */
const LONG_TIMEOUT_MS = 4000;

interface Client {
  call: (url: string, timeoutMs?: number) => Promise<unknown>;
  expected: Record<Fault, string>;
  /** Under the bodies that never end well; the body cut short is answered before LONG_TIMEOUT_MS. */
  bodies: Record<BodyFault, string>;
}

/** How each client classes a fault: the error kind (or outcome) it gives. */
const clients: Record<string, Client> = {
  'the device cloud': {
    call: async (url, timeoutMs = TIMEOUT_MS) => {
      try {
        await new DeviceCloud({ baseUrl: url, timeoutMs }).forToken('secret-token').tvPowerOn('thing-1');
        return 'answered';
      } catch (e) {
        return isDeviceCloudError(e) ? e.kind : 'thrown';
      }
    },
    // A 200 that is not the documented JSON is `malformed`, which the doors treat as unavailable.
    expected: {
      redirect: 'unavailable',
      stall: 'timeout',
      'html-200': 'malformed',
      oversized: 'unavailable',
      truncated: 'unavailable',
    },
    bodies: { endless: 'unavailable', drip: 'timeout', short: 'unavailable' },
  },
  'Login with Amazon': {
    call: async (url, timeoutMs = TIMEOUT_MS) => {
      try {
        await new LoginWithAmazon({
          clientId: 'client',
          clientSecret: 'client-secret',
          tokenUrl: url,
          timeoutMs,
        }).exchangeCode('grant-code');
        return 'answered';
      } catch (e) {
        return isAlexaApiError(e) ? e.kind : 'thrown';
      }
    },
    expected: {
      redirect: 'unavailable',
      stall: 'timeout',
      'html-200': 'unavailable',
      oversized: 'unavailable',
      truncated: 'unavailable',
    },
    bodies: { endless: 'unavailable', drip: 'timeout', short: 'unavailable' },
  },
  'the event gateway': {
    call: async (url, timeoutMs = TIMEOUT_MS) => {
      try {
        const urls = { NA: url, EU: url, FE: url };
        await new EventGateway({ urls, timeoutMs }).send('NA', addOrUpdateReport([], 'gateway-secret'));
        return 'answered';
      } catch (e) {
        return isAlexaApiError(e) ? e.kind : 'thrown';
      }
    },
    // The gateway answers 202 with no body: any 2xx is accepted, and a 200 page is too.
    expected: {
      redirect: 'unavailable',
      stall: 'timeout',
      'html-200': 'answered',
      oversized: 'unavailable',
      truncated: 'unavailable',
    },
    bodies: { endless: 'unavailable', drip: 'timeout', short: 'unavailable' },
  },
  "Alexa's Device Address API": {
    call: async (url, timeoutMs = TIMEOUT_MS) =>
      (await new DeviceAddress({ timeoutMs }).read(echo(url)))?.kind ?? 'not called',
    expected: {
      redirect: 'failed',
      stall: 'timeout',
      'html-200': 'unreadable',
      oversized: 'failed',
      truncated: 'failed',
    },
    bodies: { endless: 'failed', drip: 'timeout', short: 'failed' },
  },
  "Alexa's Progressive Response API": {
    call: async (url, timeoutMs = TIMEOUT_MS) =>
      (await sayWhileWorking(echo(url), 'one moment', timeoutMs)) ? 'accepted' : 'not accepted',
    expected: {
      redirect: 'not accepted',
      stall: 'not accepted',
      'html-200': 'not accepted',
      oversized: 'not accepted',
      truncated: 'not accepted',
    },
    bodies: { endless: 'not accepted', drip: 'not accepted', short: 'not accepted' },
  },
  "Lambda's Invoke (setup by voice)": {
    call: async (url, timeoutMs = TIMEOUT_MS) => {
      try {
        await lambdaSetupTrigger({ functionName: 'setup', endpoint: url, region: 'us-east-1', timeoutMs }).start({
          userId: 'u',
          voiceRun: 'req-1',
          tvName: 'den TV',
        });
        return 'queued';
      } catch (e) {
        return e instanceof ExchangeFailure ? e.kind : 'not queued';
      }
    },
    // A 200 (not Lambda's 202 for a queued event) is no success either.
    expected: {
      redirect: 'redirect',
      stall: 'timeout',
      'html-200': 'not queued',
      oversized: 'too-large',
      truncated: 'connection',
    },
    bodies: { endless: 'too-large', drip: 'timeout', short: 'connection' },
  },
};

function echo(apiEndpoint: string): RequestEnvelope {
  return {
    version: '1.0',
    context: {
      System: {
        application: { applicationId: 'skill' },
        user: { userId: 'u', permissions: { consentToken: 'c' } },
        device: { deviceId: 'echo', supportedInterfaces: {} },
        apiEndpoint,
        apiAccessToken: 'api-secret',
      },
    },
    request: { type: 'LaunchRequest', requestId: 'req-1', timestamp: new Date().toISOString(), locale: 'en-US' },
  } as RequestEnvelope;
}

describe.each(Object.entries(clients))('%s', (_name, client) => {
  it.each(FAULTS)('classes %s as the policy says, and never follows a redirect', async (fault) => {
    const url = await faulty(fault);
    expect(await client.call(url)).toBe(client.expected[fault]);
    expect(trapHits).toBe(0);
  });

  it.each(BODY_FAULTS)(
    'under a body that is %s, answers (a short one at once), then reads nothing more and keeps no connection',
    async (fault) => {
      const server = await startBodyFaultServer(fault);
      try {
        const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
        const before = memory();
        // A body cut short must not wait for the deadline: the long one would make it a timeout.
        const sent = Date.now();
        const outcome = await client.call(server.url, fault === 'short' ? LONG_TIMEOUT_MS : TIMEOUT_MS);
        server.markAnswered();
        const atAnswer = memory();
        expect(outcome).toBe(client.bodies[fault]);
        // Before the deadline, not at it (the progressive response's outcome alone cannot tell).
        if (fault === 'short') expect(Date.now() - sent).toBeLessThan(LONG_TIMEOUT_MS);
        // The client dropped the connection: an endless body would otherwise keep it open for ever.
        await server.allClosed(3000);
        // What the server still managed to hand to its socket before it saw the close (a chunk or two, or
        // the drip's next byte); a client still reading would take megabytes.
        expect(server.writtenAfterAnswer()).toBeLessThanOrEqual(16 * ENDLESS_CHUNK_BYTES);
        // The largest bound is the device cloud's 1 MB; the rest is slack for buffers and the collector.
        expect(Math.max(atAnswer, memory()) - before).toBeLessThan(64 * 1024 * 1024);
      } finally {
        await server.close();
      }
    },
    15_000,
  );
});

it('every outbound call goes through the policy: node-fetch is imported by src/outbound.ts alone', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : [],
    );
  const src = path.join(__dirname, '..', 'src');
  const callers = files(src)
    .filter((f) => !f.includes(`${path.sep}local${path.sep}`))
    .filter((f) =>
      /from 'node-fetch'|require\('node-fetch'\)|https?\.request\(|https?\.get\(/.test(readFileSync(f, 'utf8')),
    );
  expect(callers.map((f) => path.relative(src, f))).toEqual(['outbound.ts']);
});
