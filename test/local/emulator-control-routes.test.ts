// The emulator's own routes under /_emulator/ (accounts, gateway, faults, TV state), how injected
// faults are consumed, what it records, and that it closes with keep-alive connections open.
import { DeviceCloud } from '../../src/cloud/client';
import { startEmulator } from '../../src/local/emulator';
import { newToken, registerDemoTv, sendJson, sendRaw, useEmulator } from '../support/emulator';

const local = useEmulator();
let cloud: DeviceCloud;

beforeAll(async () => {
  cloud = new DeviceCloud({ baseUrl: local.emulator.url });
});

const post = (path: string, body: unknown, method = 'POST') =>
  sendRaw(local.emulator.url, {
    method,
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the /_emulator/ routes', () => {
  test('POST /_emulator/accounts adds an account the interface then accepts', async () => {
    const token = newToken();
    await expect(cloud.forToken(token).listCloudPlugins()).rejects.toMatchObject({ kind: 'unauthorized' });
    const res = await post('/_emulator/accounts', { token });
    expect(res.status).toBe(201);
    expect(res.text).not.toContain(token);
    const [plugin] = await cloud.forToken(token).listCloudPlugins();
    expect(res.json).toEqual({ gateway: expect.objectContaining({ gatewayId: plugin.gatewayId, isOnline: true }) });
  });

  test('POST /_emulator/accounts can start the gateway offline, and PUT /_emulator/gateway switches it', async () => {
    const token = newToken();
    await post('/_emulator/accounts', { token, gatewayOnline: false });
    const api = cloud.forToken(token);
    const [{ gatewayId }] = await api.listCloudPlugins();
    expect(await api.searchAvailableDevices(gatewayId)).toEqual([
      expect.objectContaining({ isOnline: false, gatewayList: [expect.objectContaining({ isOnline: false })] }),
    ]);
    const res = await post('/_emulator/gateway', { token, online: true }, 'PUT');
    expect(res.status).toBe(200);
    expect(await api.searchAvailableDevices(gatewayId)).toEqual([
      expect.objectContaining({ isOnline: true, gatewayList: [expect.objectContaining({ isOnline: true })] }),
    ]);
  });

  test('the control routes refuse malformed requests', async () => {
    expect((await post('/_emulator/accounts', { gatewayOnline: true })).status).toBe(400);
    expect((await post('/_emulator/accounts', { token: 't', gatewayOnline: 'no' })).status).toBe(400);
    expect((await post('/_emulator/gateway', { token: newToken(), online: false }, 'PUT')).status).toBe(404);
    expect((await post('/_emulator/gateway', { token: 'x' }, 'PUT')).status).toBe(400);
    expect((await sendRaw(local.emulator.url, { method: 'GET', path: '/_emulator/accounts' })).status).toBe(405);
    expect((await sendRaw(local.emulator.url, { method: 'GET', path: '/_emulator/nothing' })).status).toBe(404);
    expect((await post('/_emulator/faults', { status: 'bad' })).status).toBe(400);
    expect((await post('/_emulator/faults', { stauts: 503 })).status).toBe(400);
  });

  test('POST /_emulator/faults injects a fault and DELETE /_emulator/faults clears them', async () => {
    const token = newToken();
    local.emulator.addAccount(token);
    expect(
      (await post('/_emulator/faults', { path: '/management/v2/me/cloudPlugins', status: 503, times: 5 })).status,
    ).toBe(201);
    await expect(cloud.forToken(token).listCloudPlugins()).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    expect((await sendRaw(local.emulator.url, { method: 'DELETE', path: '/_emulator/faults' })).status).toBe(204);
    expect(await cloud.forToken(token).listCloudPlugins()).toHaveLength(1);
  });

  test('control routes are neither recorded nor hit by faults', async () => {
    local.emulator.clearCalls();
    local.emulator.injectFault({ drop: true });
    const res = await sendRaw(local.emulator.url, { method: 'GET', path: '/_emulator/tvs/none' });
    expect(res.status).toBe(404);
    expect(local.emulator.calls).toEqual([]);
  });
});

describe('injected faults', () => {
  test('are taken in order of injection, each for its number of times, only by matching calls', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    const api = cloud.forToken(token);
    local.emulator.injectFault({ method: 'PUT', path: '/device/v2/tv/', errorCode: 16 });
    local.emulator.injectFault({ path: '/device/v2/tv/', errorCode: 7, times: 2 });
    local.emulator.injectFault({ errorCode: 21 });

    // The volume call does not match the first two faults and takes the third (any call).
    await expect(api.tvVolume(demo.tv.thingId, 'up')).rejects.toMatchObject({ errorCode: 21 });
    await expect(api.tvPowerOff(demo.tv.thingId)).rejects.toMatchObject({ errorCode: 7 });
    await expect(api.tvPowerOn(demo.tv.thingId)).rejects.toMatchObject({ errorCode: 16 });
    await expect(api.tvPowerOn(demo.tv.thingId)).rejects.toMatchObject({ errorCode: 7 });
    await api.tvPowerOn(demo.tv.thingId);
    expect(local.emulator.tvState(demo.tv.thingId)).toEqual(expect.objectContaining({ power: 'on', volume: 10 }));
  });

  test('a latency-only fault delays the normal answer, which still changes the state', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    await cloud.forToken(token).tvPowerOn(demo.tv.thingId);
    local.emulator.injectFault({ path: '/device/v2/tv/volume/', latencyMs: 30 });
    await cloud.forToken(token).tvVolume(demo.tv.thingId, 'up');
    expect(local.emulator.tvState(demo.tv.thingId)?.volume).toBe(11);
  });

  test('a fault with result and errorCode answers both; a fault body answers as given', async () => {
    const token = newToken();
    local.emulator.addAccount(token);
    local.emulator.injectFault({ result: 2, errorCode: 17, status: 502 });
    const both = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/cloudPlugins');
    expect([both.status, both.json]).toEqual([502, { result: 2, errorCode: 17, errorMessage: 'injected fault' }]);
    local.emulator.injectFault({ body: { anything: [1, 2] }, status: 202 });
    const body = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/cloudPlugins');
    expect([body.status, body.json]).toEqual([202, { anything: [1, 2] }]);
    local.emulator.injectFault({ rawBody: 'plain words' });
    const raw = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/cloudPlugins');
    expect([raw.status, raw.text, raw.headers['content-type']]).toEqual([
      200,
      'plain words',
      expect.stringContaining('text/plain'),
    ]);
  });

  test('a fault that could not mean anything is refused when injected', () => {
    expect(() => local.emulator.injectFault({ times: 0 })).toThrow(TypeError);
    expect(() => local.emulator.injectFault({ status: 42 })).toThrow(TypeError);
    expect(() => local.emulator.injectFault({ latencyMs: -1 })).toThrow(TypeError);
  });
});

describe('recorded calls', () => {
  test('keep method, path, query, body and status in order, and clearCalls empties them', async () => {
    const token = newToken();
    local.emulator.addAccount(token);
    local.emulator.clearCalls();
    await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/devices/availabilities?gatewayId=g-1');
    await sendRaw(local.emulator.url, {
      method: 'PUT',
      path: '/device/v2/tv/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: 'not json',
    });
    expect(local.emulator.calls).toEqual([
      {
        method: 'GET',
        path: '/management/v2/me/devices/availabilities',
        query: { gatewayId: 'g-1' },
        body: undefined,
        status: 404,
      },
      { method: 'PUT', path: '/device/v2/tv/', query: {}, body: 'not json', status: 400 },
    ]);
    local.emulator.clearCalls();
    expect(local.emulator.calls).toEqual([]);
  });
});

describe('starting and closing', () => {
  test('listens on 127.0.0.1 on a free port by default', async () => {
    expect(local.emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const second = await startEmulator();
    expect(second.url).not.toBe(local.emulator.url);
    await second.close();
  });

  test('close resolves while a keep-alive connection is open and a delayed answer is pending', async () => {
    const other = await startEmulator();
    const token = newToken();
    const demo = await registerDemoTv(other, token);
    const api = new DeviceCloud({ baseUrl: other.url }).forToken(token);
    await api.tvPowerOn(demo.tv.thingId);
    other.injectFault({ latencyMs: 60_000 });
    const pending = api.tvPowerOff(demo.tv.thingId).catch((e: unknown) => e);
    await other.close();
    expect(await pending).toMatchObject({ kind: 'unavailable' });
    await expect(api.listCloudPlugins()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
