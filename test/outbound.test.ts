// The outbound policy (src/outbound.ts) under faults, for every client that calls out: the device cloud,
// Login with Amazon, the event gateway, the Device Address and Progressive Response APIs. Real loopback
// servers redirect (to a trap that must never be reached), stall, send HTML with 200, send a body over the
// bound, or cut the body short; each client classes each fault as unavailable (or timeout), never as a
// refusal, and no secret goes anywhere it was not sent.
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
import { DeviceAddress } from '../src/skill/device-address';
import { sayWhileWorking } from '../src/skill/progressive';

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
  return listen(http.createServer((req, res) => {
    req.resume();
    switch (fault) {
      case 'redirect': res.writeHead(307, { Location: `${trapUrl}${req.url ?? '/'}` }).end(); return;
      case 'stall': return;
      case 'html-200': res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Service Unavailable</body></html>'); return;
      case 'oversized': res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`); return;
      case 'truncated':
        // Chunked, then the connection drops before the last chunk.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"result":0,');
        setTimeout(() => res.socket?.destroy(), 20);
    }
  }));
}

beforeAll(async () => {
  trap = http.createServer((req, res) => {
    trapHits += 1;
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":0,"access_token":"x","refresh_token":"y","expires_in":3600}');
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

/** How each client classes a fault: the error kind (or outcome) it gives. */
const clients: Record<string, { call: (url: string) => Promise<unknown>; expected: Record<Fault, string> }> = {
  'the device cloud': {
    call: async (url) => {
      try {
        await new DeviceCloud({ baseUrl: url, timeoutMs: TIMEOUT_MS }).forToken('secret-token').tvPowerOn('thing-1');
        return 'answered';
      } catch (e) {
        return isDeviceCloudError(e) ? e.kind : 'thrown';
      }
    },
    // A 200 that is not the documented JSON is `malformed`, which the doors treat as unavailable.
    expected: { redirect: 'unavailable', stall: 'timeout', 'html-200': 'malformed', oversized: 'unavailable', truncated: 'unavailable' },
  },
  'Login with Amazon': {
    call: async (url) => {
      try {
        await new LoginWithAmazon({ clientId: 'client', clientSecret: 'client-secret', tokenUrl: url, timeoutMs: TIMEOUT_MS }).exchangeCode('grant-code');
        return 'answered';
      } catch (e) {
        return isAlexaApiError(e) ? e.kind : 'thrown';
      }
    },
    expected: { redirect: 'unavailable', stall: 'timeout', 'html-200': 'unavailable', oversized: 'unavailable', truncated: 'unavailable' },
  },
  'the event gateway': {
    call: async (url) => {
      try {
        const urls = { NA: url, EU: url, FE: url };
        await new EventGateway({ urls, timeoutMs: TIMEOUT_MS }).send('NA', addOrUpdateReport([], 'gateway-secret'));
        return 'answered';
      } catch (e) {
        return isAlexaApiError(e) ? e.kind : 'thrown';
      }
    },
    // The gateway answers 202 with no body: any 2xx is accepted, and a 200 page is too.
    expected: { redirect: 'unavailable', stall: 'timeout', 'html-200': 'answered', oversized: 'unavailable', truncated: 'unavailable' },
  },
  "Alexa's Device Address API": {
    call: async (url) => (await new DeviceAddress({ timeoutMs: TIMEOUT_MS }).read(echo(url)))?.kind ?? 'not called',
    expected: { redirect: 'failed', stall: 'timeout', 'html-200': 'unreadable', oversized: 'failed', truncated: 'failed' },
  },
  "Alexa's Progressive Response API": {
    call: async (url) => (await sayWhileWorking(echo(url), 'one moment', TIMEOUT_MS) ? 'accepted' : 'not accepted'),
    expected: { redirect: 'not accepted', stall: 'not accepted', 'html-200': 'not accepted', oversized: 'not accepted', truncated: 'not accepted' },
  },
};

function echo(apiEndpoint: string): RequestEnvelope {
  return {
    version: '1.0',
    context: { System: {
      application: { applicationId: 'skill' }, user: { userId: 'u', permissions: { consentToken: 'c' } },
      device: { deviceId: 'echo', supportedInterfaces: {} }, apiEndpoint, apiAccessToken: 'api-secret',
    } },
    request: { type: 'LaunchRequest', requestId: 'req-1', timestamp: new Date().toISOString(), locale: 'en-US' },
  } as RequestEnvelope;
}

describe.each(Object.entries(clients))('%s', (_name, client) => {
  it.each(FAULTS)('classes %s as the policy says, and never follows a redirect', async (fault) => {
    const url = await faulty(fault);
    expect(await client.call(url)).toBe(client.expected[fault]);
    expect(trapHits).toBe(0);
  });
});

it('every outbound call goes through the policy: node-fetch is imported by src/outbound.ts alone', () => {
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
  const src = path.join(__dirname, '..', 'src');
  const callers = files(src).filter((f) => !f.includes(`${path.sep}local${path.sep}`))
    .filter((f) => /from 'node-fetch'|require\('node-fetch'\)|https?\.request\(|https?\.get\(/.test(readFileSync(f, 'utf8')));
  expect(callers.map((f) => path.relative(src, f))).toEqual(['outbound.ts']);
});
