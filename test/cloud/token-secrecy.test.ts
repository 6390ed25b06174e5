// The access token travels in the authorization header and nowhere else: not in any error's message,
// JSON, stack or inspection, not in the client's, and not in what the emulator records.
import { inspect } from 'node:util';
import { DeviceCloud } from '../../src/cloud/client';
import { DeviceCloudError } from '../../src/cloud/errors';
import { startEmulator, type Fault } from '../../src/local/emulator';
import { newToken, registerDemoTv, type DemoTv, useEmulator } from '../support/emulator';

const local = useEmulator();
let token: string;
let demo: DemoTv;

beforeAll(async () => {
  token = `${newToken()}-S3cr3t`;
  demo = await registerDemoTv(local.emulator, token);
});

/** Every way an error or a client could be turned into text by a logger or a test report. */
function renderings(value: unknown): string[] {
  const out = [inspect(value, { showHidden: true, depth: Infinity }), JSON.stringify(value) ?? '', String(value)];
  if (value instanceof Error) {
    out.push(value.message, value.stack ?? '', JSON.stringify({ ...value }));
    if (value.cause !== undefined) out.push(...renderings(value.cause));
  }
  return out;
}

function expectNoToken(value: unknown): void {
  for (const text of renderings(value)) {
    expect(text).not.toContain(token);
    expect(text).not.toContain('S3cr3t');
  }
}

async function errorOf(call: Promise<unknown>): Promise<DeviceCloudError> {
  const e = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DeviceCloudError);
  return e as DeviceCloudError;
}

const faultCases: [string, Fault][] = [
  ['an expired token', { errorCode: 12 }],
  ['a non-JSON body', { rawBody: 'Bad gateway' }],
  ['JSON without result', { body: { hello: 'world' } }],
  ['HTTP 503', { status: 503 }],
  ['a dropped connection', { drop: true }],
];

test.each(faultCases)('the error for %s does not contain the token', async (_name, fault) => {
  local.emulator.injectFault(fault);
  const api = new DeviceCloud({ baseUrl: local.emulator.url }).forToken(token);
  expectNoToken(await errorOf(api.tvPowerOn(demo.tv.thingId)));
});

test('a service message that echoes the token is redacted in the error', async () => {
  local.emulator.injectFault({
    status: 401,
    body: { result: 1, errorCode: 11, errorMessage: `token ${token} is not valid; Bearer ${token}` },
  });
  const e = await errorOf(new DeviceCloud({ baseUrl: local.emulator.url }).forToken(token).listCloudPlugins());
  expect(e.kind).toBe('unauthorized');
  expect(e.serviceMessage).toContain('is not valid');
  expectNoToken(e);
});

test('errors from the cloud, the network and the clock do not contain the token', async () => {
  const api = new DeviceCloud({ baseUrl: local.emulator.url, timeoutMs: 100 }).forToken(token);
  const errors: DeviceCloudError[] = [];
  errors.push(await errorOf(api.tvPowerOff(demo.tv.thingId))); // device_state
  errors.push(await errorOf(api.tvPowerOn('no-such-tv'))); // not_found
  errors.push(
    await errorOf(
      api.registerDevice({ gatewayId: demo.remote.gatewayId, thingId: demo.remote.thingId, deviceName: 'x' }),
    ),
  ); // duplicate
  local.emulator.injectFault({ latencyMs: 10_000 });
  errors.push(await errorOf(api.listCloudPlugins())); // timeout

  const gone = await startEmulator();
  await gone.close();
  errors.push(await errorOf(new DeviceCloud({ baseUrl: gone.url }).forToken(token).listCloudPlugins())); // refused

  expect(errors.map((e) => e.kind)).toEqual(['device_state', 'not_found', 'duplicate', 'timeout', 'unavailable']);
  for (const e of errors) expectNoToken(e);
});

test('an unknown token is not echoed in the error or in the cloud answer', async () => {
  const unknown = `${newToken()}-S3cr3t`;
  const e = await errorOf(new DeviceCloud({ baseUrl: local.emulator.url }).forToken(unknown).listCloudPlugins());
  expect(e.kind).toBe('unauthorized');
  for (const text of renderings(e)) expect(text).not.toContain(unknown);
});

test('the connector and the token-bound client do not show the token when inspected or serialised', () => {
  const connector = new DeviceCloud({ baseUrl: local.emulator.url });
  const api = connector.forToken(token);
  expectNoToken(api);
  expectNoToken(connector);
  expectNoToken({ api, connector });
});

// Only the recorded calls: the emulator keeps its per-token state in closures, which neither inspect
// nor JSON reaches, so checking those would prove nothing.
test('the emulator records every call without the token', () => {
  // Calls made with the token (the authorization header carried it) are among those recorded.
  expect(local.emulator.calls.filter((c) => c.path === '/device/v2/tv/').length).toBeGreaterThan(0);
  for (const call of local.emulator.calls) {
    expect(Object.keys(call).sort()).toEqual(['body', 'method', 'path', 'query', 'status']);
    expect(JSON.stringify(call)).not.toContain(token);
  }
});
