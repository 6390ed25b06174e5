// Every kind of DeviceCloudError produced for real: by the emulator's own refusals, by injected
// faults, and by the network (a closed port, a dropped connection, a slow answer).
import type { DeviceCloudApi } from '../../src/cloud/api';
import { DeviceCloud } from '../../src/cloud/client';
import { DeviceCloudError } from '../../src/cloud/errors';
import { startEmulator } from '../../src/local/emulator';
import { newToken, registerDemoTv, type DemoTv, useEmulator } from '../support/emulator';

const local = useEmulator();
let cloud: DeviceCloud;
let token: string;
let api: DeviceCloudApi;
let demo: DemoTv;

beforeAll(async () => {
  cloud = new DeviceCloud({ baseUrl: local.emulator.url });
});

beforeEach(async () => {
  token = newToken();
  api = cloud.forToken(token);
  demo = await registerDemoTv(local.emulator, token);
});

/** The DeviceCloudError a call fails with; fails the test if it succeeds or throws anything else. */
async function failure(call: Promise<unknown>): Promise<DeviceCloudError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  if (!(outcome instanceof DeviceCloudError)) throw outcome;
  return outcome;
}

const fields = (e: DeviceCloudError) => ({
  kind: e.kind,
  endpoint: e.endpoint,
  status: e.status,
  result: e.result,
  errorCode: e.errorCode,
});

describe('unauthorized', () => {
  test('an unknown token is refused with HTTP 401 and errorCode 11', async () => {
    const e = await failure(cloud.forToken(newToken()).listCloudPlugins());
    expect(fields(e)).toEqual({
      kind: 'unauthorized',
      endpoint: 'GET /management/v2/me/cloudPlugins',
      status: 401,
      result: 1,
      errorCode: 11,
    });
  });

  test('an expired token (errorCode 12) is unauthorized', async () => {
    local.emulator.injectFault({ path: '/device/v2/tv/', errorCode: 12 });
    const e = await failure(api.tvPowerOn(demo.tv.thingId));
    expect(fields(e)).toEqual({
      kind: 'unauthorized',
      endpoint: 'PUT /device/v2/tv/',
      status: 401,
      result: 1,
      errorCode: 12,
    });
  });

  test('a bare HTTP 403 is unauthorized', async () => {
    local.emulator.injectFault({ path: '/management/v2/me/cloudPlugins', status: 403 });
    const e = await failure(api.listCloudPlugins());
    expect(fields(e)).toEqual({
      kind: 'unauthorized',
      endpoint: 'GET /management/v2/me/cloudPlugins',
      status: 403,
      result: undefined,
      errorCode: undefined,
    });
  });
});

describe('not_found', () => {
  test("another account's gateway reads as not existing (result 100)", async () => {
    const other = await registerDemoTv(local.emulator, newToken());
    const e = await failure(api.searchAvailableDevices(other.remote.gatewayId));
    expect(fields(e)).toMatchObject({
      kind: 'not_found',
      endpoint: 'GET /management/v2/me/devices/availabilities',
      status: 404,
      result: 100,
    });
  });

  test('registering an unknown thingId answers result 100', async () => {
    const e = await failure(
      api.registerDevice({ gatewayId: demo.tv.gatewayId, thingId: 'no-such-thing', deviceName: 'x' }),
    );
    expect(fields(e)).toEqual({
      kind: 'not_found',
      endpoint: 'POST /management/v2/me/devices',
      status: 404,
      result: 100,
      errorCode: 100,
    });
  });

  test("another account's TV reads as not existing (errorCode 6)", async () => {
    const other = await registerDemoTv(local.emulator, newToken());
    const e = await failure(api.tvPowerOn(other.tv.thingId));
    expect(fields(e)).toEqual({
      kind: 'not_found',
      endpoint: 'PUT /device/v2/tv/',
      status: 404,
      result: 1,
      errorCode: 6,
    });
    expect(local.emulator.tvState(other.tv.thingId)?.power).toBe('off');
  });
});

describe('duplicate', () => {
  test('registering the remote a second time answers result 200', async () => {
    const e = await failure(
      api.registerDevice({ gatewayId: demo.remote.gatewayId, thingId: demo.remote.thingId, deviceName: 'Again' }),
    );
    expect(fields(e)).toEqual({
      kind: 'duplicate',
      endpoint: 'POST /management/v2/me/devices',
      status: 409,
      result: 200,
      errorCode: 200,
    });
  });

  test('a second TV on the remote under a name already used there is a duplicate', async () => {
    const [preset] = await api.getPresets(demo.remote.thingId);
    const e = await failure(
      api.registerTv({ thingId: demo.remote.thingId, deviceId: preset.deviceId, deviceName: demo.service.deviceName }),
    );
    expect(fields(e)).toEqual({
      kind: 'duplicate',
      endpoint: 'POST /device/v2/device',
      status: 409,
      result: 200,
      errorCode: 200,
    });
  });
});

describe('offline', () => {
  // The emulator's search answers with isOnline false for an offline gateway; a cloud that refuses the
  // search instead (result 300, "cannot reach the gateway") is read as offline.
  test('a search refused with result 300 is offline', async () => {
    local.emulator.injectFault({ method: 'GET', path: '/management/v2/me/devices/availabilities', result: 300 });
    const e = await failure(api.searchAvailableDevices(demo.remote.gatewayId));
    expect(fields(e)).toMatchObject({
      kind: 'offline',
      endpoint: 'GET /management/v2/me/devices/availabilities',
      result: 300,
    });
    expect(e.status).toBeGreaterThanOrEqual(400);
  });

  test('a TV behind an offline gateway answers errorCode 7 with HTTP 504', async () => {
    local.emulator.setGatewayOnline(token, false);
    const e = await failure(api.tvVolume(demo.tv.thingId, 'up'));
    expect(fields(e)).toEqual({
      kind: 'offline',
      endpoint: 'PUT /device/v2/tv/volume/',
      status: 504,
      result: 1,
      errorCode: 7,
    });
    expect(local.emulator.tvState(demo.tv.thingId)?.volume).toBe(10);
  });

  test('an injected result 301 (device unreachable) is offline', async () => {
    local.emulator.injectFault({ method: 'POST', path: '/management/v2/me/devices', result: 301 });
    const e = await failure(
      api.registerDevice({ gatewayId: demo.tv.gatewayId, thingId: demo.tv.thingId, deviceName: 'Any' }),
    );
    expect(fields(e)).toMatchObject({ kind: 'offline', endpoint: 'POST /management/v2/me/devices', result: 301 });
  });

  test('an injected errorCode 7 is offline even with a 200 status', async () => {
    local.emulator.injectFault({ path: '/device/v2/tv/channel/', errorCode: 7, status: 200 });
    const e = await failure(api.tvChannel(demo.tv.thingId, { control: 'next' }));
    expect(fields(e)).toEqual({
      kind: 'offline',
      endpoint: 'PUT /device/v2/tv/channel/',
      status: 200,
      result: 1,
      errorCode: 7,
    });
  });
});

test('an unknown preset deviceId is an invalid_parameter (errorCode 10)', async () => {
  const e = await failure(
    api.registerTv({ thingId: demo.remote.thingId, deviceId: 'NO-SUCH-MODEL', deviceName: 'Kitchen TV' }),
  );
  expect(fields(e)).toEqual({
    kind: 'invalid_parameter',
    endpoint: 'POST /device/v2/device',
    status: 400,
    result: 1,
    errorCode: 10,
  });
});

test('powering on a TV that is on is a device_state error (errorCode 16)', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  const e = await failure(api.tvPowerOn(demo.tv.thingId));
  expect(fields(e)).toEqual({
    kind: 'device_state',
    endpoint: 'PUT /device/v2/tv/',
    status: 400,
    result: 1,
    errorCode: 16,
  });
});

test('powering off a TV that is off is a device_state error', async () => {
  const e = await failure(api.tvPowerOff(demo.tv.thingId));
  expect(fields(e)).toMatchObject({ kind: 'device_state', endpoint: 'DELETE /device/v2/tv/', errorCode: 16 });
});

describe('forbidden', () => {
  test('an injected permission result (403) is forbidden', async () => {
    local.emulator.injectFault({ path: '/management/v2/me/devices', result: 403 });
    const e = await failure(
      api.registerDevice({ gatewayId: demo.tv.gatewayId, thingId: demo.tv.thingId, deviceName: 'Any' }),
    );
    expect(fields(e)).toMatchObject({ kind: 'forbidden', endpoint: 'POST /management/v2/me/devices', result: 403 });
  });

  test('a disabled plugin (errorCode 21) is forbidden', async () => {
    local.emulator.injectFault({ path: '/device/v2/tv/', method: 'DELETE', errorCode: 21 });
    const e = await failure(api.tvPowerOff(demo.tv.thingId));
    expect(fields(e)).toEqual({
      kind: 'forbidden',
      endpoint: 'DELETE /device/v2/tv/',
      status: 403,
      result: 1,
      errorCode: 21,
    });
  });
});

describe('unavailable', () => {
  test('HTTP 503 with a non-JSON page is unavailable', async () => {
    local.emulator.injectFault({ status: 503 });
    const e = await failure(api.listCloudPlugins());
    expect(fields(e)).toEqual({
      kind: 'unavailable',
      endpoint: 'GET /management/v2/me/cloudPlugins',
      status: 503,
      result: undefined,
      errorCode: undefined,
    });
  });

  test('a closed port refuses the connection: unavailable without a status', async () => {
    const gone = await startEmulator();
    const url = gone.url;
    await gone.close();
    const e = await failure(new DeviceCloud({ baseUrl: url }).forToken(token).listCloudPlugins());
    expect(fields(e)).toEqual({
      kind: 'unavailable',
      endpoint: 'GET /management/v2/me/cloudPlugins',
      status: undefined,
      result: undefined,
      errorCode: undefined,
    });
    expect(e.serviceMessage).toBe('ECONNREFUSED');
  });

  test('a connection dropped without an answer is unavailable', async () => {
    local.emulator.injectFault({ path: '/device/v2/tv/volume/', drop: true });
    const e = await failure(api.tvVolume(demo.tv.thingId, 'up'));
    expect(fields(e)).toEqual({
      kind: 'unavailable',
      endpoint: 'PUT /device/v2/tv/volume/',
      status: undefined,
      result: undefined,
      errorCode: undefined,
    });
    expect(local.emulator.calls.at(-1)).toMatchObject({ path: '/device/v2/tv/volume/', status: 0 });
    // The next call goes through on a fresh connection.
    await api.tvVolume(demo.tv.thingId, 'up');
    expect(local.emulator.calls.at(-1)).toMatchObject({ path: '/device/v2/tv/volume/', status: 200 });
  });
});

test('an answer slower than the client timeout is a timeout', async () => {
  const impatient = new DeviceCloud({ baseUrl: local.emulator.url, timeoutMs: 100 }).forToken(token);
  local.emulator.injectFault({ path: '/device/v2/tv/', latencyMs: 10_000 });
  const e = await failure(impatient.tvPowerOn(demo.tv.thingId));
  expect(fields(e)).toEqual({
    kind: 'timeout',
    endpoint: 'PUT /device/v2/tv/',
    status: undefined,
    result: undefined,
    errorCode: undefined,
  });
  expect(e.serviceMessage).toBe('no answer within 100 ms');
});

describe('malformed', () => {
  test('a 200 whose body is not JSON is malformed', async () => {
    local.emulator.injectFault({ path: '/device/v2/tv/', rawBody: '<html>maintenance</html>' });
    const e = await failure(api.tvPowerOn(demo.tv.thingId));
    expect(fields(e)).toEqual({
      kind: 'malformed',
      endpoint: 'PUT /device/v2/tv/',
      status: 200,
      result: undefined,
      errorCode: undefined,
    });
  });

  test('a 200 JSON body without result is malformed', async () => {
    local.emulator.injectFault({ path: '/management/v2/me/cloudPlugins', body: { cloudPluginList: [] } });
    const e = await failure(api.listCloudPlugins());
    expect(fields(e)).toEqual({
      kind: 'malformed',
      endpoint: 'GET /management/v2/me/cloudPlugins',
      status: 200,
      result: undefined,
      errorCode: undefined,
    });
  });

  test('a success without the expected list is malformed', async () => {
    local.emulator.injectFault({ path: '/management/v2/me/devices/availabilities', body: { result: 0, error: null } });
    const e = await failure(api.searchAvailableDevices(demo.remote.gatewayId));
    expect(fields(e)).toMatchObject({
      kind: 'malformed',
      endpoint: 'GET /management/v2/me/devices/availabilities',
      status: 200,
    });
  });

  test('a TV registration success without a service is malformed', async () => {
    local.emulator.injectFault({ path: '/device/v2/device', body: { result: 0, statusCode: '200' } });
    const e = await failure(
      api.registerTv({ thingId: demo.remote.thingId, deviceId: demo.service.deviceId, deviceName: 'Den TV' }),
    );
    expect(fields(e)).toMatchObject({ kind: 'malformed', endpoint: 'POST /device/v2/device', status: 200 });
  });
});

test('a non-zero result the notes do not describe is rejected, keeping the codes', async () => {
  local.emulator.injectFault({ path: '/management/v2/me/cloudPlugins', result: 999, status: 400 });
  const e = await failure(api.listCloudPlugins());
  expect(fields(e)).toEqual({
    kind: 'rejected',
    endpoint: 'GET /management/v2/me/cloudPlugins',
    status: 400,
    result: 999,
    errorCode: 999,
  });
  expect(e.serviceMessage).toBe('injected fault');
});
