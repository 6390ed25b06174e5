// How the emulated cloud registers devices: what the availability search lists, which registrations
// it refuses (duplicates, other accounts' ids, an offline gateway), and the wire forms it answers in.
import type { DeviceCloudApi } from '../../src/cloud/api';
import { DeviceCloud } from '../../src/cloud/client';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { newToken, registerDemoTv, sendJson, useEmulator } from '../support/emulator';

const local = useEmulator();
let cloud: DeviceCloud;

beforeAll(async () => {
  cloud = new DeviceCloud({ baseUrl: local.emulator.url });
});

/** A new account with its gateway and unregistered remote as the search shows them. */
async function freshAccount(): Promise<{
  token: string;
  api: DeviceCloudApi;
  gatewayId: string;
  remoteThingId: string;
}> {
  const token = newToken();
  local.emulator.addAccount(token);
  const api = cloud.forToken(token);
  const [{ gatewayId }] = await api.listCloudPlugins();
  const [remote] = await api.searchAvailableDevices(gatewayId);
  return { token, api, gatewayId, remoteThingId: remote.thingId };
}

describe('the availability search', () => {
  test('keeps listing the remote after it is registered, under its registered name', async () => {
    const { api, gatewayId, remoteThingId } = await freshAccount();
    await api.registerDevice({ gatewayId, thingId: remoteThingId, deviceName: 'My remote' });
    const devices = await api.searchAvailableDevices(gatewayId);
    expect(devices.map((d) => [d.thingId, d.deviceName])).toEqual([[remoteThingId, 'My remote']]);
  });

  test('lists a TV only once it is registered on the remote, each TV numbered on that remote', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    const api = cloud.forToken(token);
    const second = await api.registerTv({
      thingId: demo.remote.thingId,
      deviceId: DEFAULT_PRESETS[2].deviceId,
      deviceName: 'Bedroom TV',
    });
    const remoteNumber = demo.remote.serviceId.split('-').pop();
    expect([demo.tv.serviceId, second.serviceId]).toEqual([
      expect.stringMatching(new RegExp(`-remote-${remoteNumber}-1$`)),
      expect.stringMatching(new RegExp(`-remote-${remoteNumber}-2$`)),
    ]);
    const listed = await api.searchAvailableDevices(demo.remote.gatewayId);
    expect(listed.map((d) => d.deviceName)).toEqual(['Living room remote', 'Living room TV', 'Bedroom TV']);
    expect(local.emulator.tvs(token).map((tv) => tv.deviceName)).toEqual(['Living room TV', 'Bedroom TV']);
  });
});

describe('registering under a name', () => {
  test('answers in the management success form and is visible through registeredDevices', async () => {
    const { token, gatewayId, remoteThingId } = await freshAccount();
    const res = await sendJson(local.emulator.url, token, 'POST', '/management/v2/me/devices', {
      gatewayId,
      thingId: remoteThingId,
      deviceName: 'R',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      result: 0,
      error: null,
      deviceList: [expect.objectContaining({ thingId: remoteThingId, nicknameList: [] })],
    });
    expect(local.emulator.registeredDevices(token)).toEqual([
      expect.objectContaining({
        thingId: remoteThingId,
        deviceName: 'R',
        gateway: expect.objectContaining({ gatewayId }),
      }),
    ]);
  });

  test('the same thingId a second time is refused as a duplicate (result 200, HTTP 409)', async () => {
    const { token, gatewayId, remoteThingId } = await freshAccount();
    const body = { gatewayId, thingId: remoteThingId, deviceName: 'R' };
    await sendJson(local.emulator.url, token, 'POST', '/management/v2/me/devices', body);
    const again = await sendJson(local.emulator.url, token, 'POST', '/management/v2/me/devices', {
      ...body,
      deviceName: 'R2',
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ result: 200, error: { code: 200, message: expect.any(String) } });
    expect(local.emulator.registeredDevices(token).map((d) => d.deviceName)).toEqual(['R']);
  });

  test('a name another registered device already has, whatever its case and spacing, is refused as a duplicate', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token, {
      remoteName: 'Living Room Remote',
      tvName: 'Living Room TV',
    });
    const api = cloud.forToken(token);
    const service = await api.registerTv({
      thingId: demo.remote.thingId,
      deviceId: DEFAULT_PRESETS[0].deviceId,
      deviceName: 'Bedroom TV',
    });
    const second = (await api.searchAvailableDevices(demo.remote.gatewayId)).find(
      (d) => d.serviceId === service.serviceId,
    );
    const register = (deviceName: string) =>
      api.registerDevice({ gatewayId: demo.remote.gatewayId, thingId: second?.thingId ?? '', deviceName });
    for (const taken of ['Living Room Remote', 'living room tv', ' LIVING ROOM REMOTE ']) {
      await expect(register(taken)).rejects.toMatchObject({ kind: 'duplicate', result: 200 });
    }
    await register('Bedroom TV');
    expect(local.emulator.registeredDevices(token).map((d) => d.deviceName)).toEqual([
      'Living Room Remote',
      'Living Room TV',
      'Bedroom TV',
    ]);
  });

  test("an unknown gatewayId, another account's gateway or another account's device is result 100", async () => {
    const mine = await freshAccount();
    const theirs = await freshAccount();
    const attempts = [
      { gatewayId: 'no-such-gateway', thingId: mine.remoteThingId },
      { gatewayId: theirs.gatewayId, thingId: theirs.remoteThingId },
      { gatewayId: mine.gatewayId, thingId: theirs.remoteThingId },
      { gatewayId: mine.gatewayId, thingId: 'no-such-thing' },
    ];
    for (const attempt of attempts) {
      const res = await sendJson(local.emulator.url, mine.token, 'POST', '/management/v2/me/devices', {
        ...attempt,
        deviceName: 'X',
      });
      expect([res.status, res.json]).toEqual([404, { result: 100, error: { code: 100, message: expect.any(String) } }]);
    }
    expect(local.emulator.registeredDevices(theirs.token)).toEqual([]);
  });

  test('an empty name is refused as a bad field (result 400)', async () => {
    const { token, gatewayId, remoteThingId } = await freshAccount();
    const res = await sendJson(local.emulator.url, token, 'POST', '/management/v2/me/devices', {
      gatewayId,
      thingId: remoteThingId,
      deviceName: '',
    });
    expect([res.status, res.json]).toEqual([400, expect.objectContaining({ result: 400 })]);
  });
});

describe('registering a TV on the remote', () => {
  test('answers with the service in the device success form, carrying the plugin version', async () => {
    const { token, api, gatewayId, remoteThingId } = await freshAccount();
    await api.registerDevice({ gatewayId, thingId: remoteThingId, deviceName: 'R' });
    const preset = DEFAULT_PRESETS[1];
    const res = await sendJson(local.emulator.url, token, 'POST', '/device/v2/device', {
      thingId: remoteThingId,
      deviceId: preset.deviceId,
      deviceName: 'T',
    });
    const [plugin] = await api.listCloudPlugins();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      result: 0,
      product: expect.any(String),
      statusCode: '200',
      version: plugin.version,
      service: {
        serviceId: expect.any(String),
        scopes: 'tv',
        manufacturer: preset.manufacturer,
        version: '',
        type: expect.stringMatching(/^..$/),
        deviceId: preset.deviceId,
        makerCode: preset.makerCode,
        typeCode: preset.typeCode,
        typeName: preset.typeName,
        baseServiceId: expect.stringContaining('-base-'),
        deviceName: 'T',
      },
    });
  });

  test('a name already used on the remote, in any case, is a duplicate in the device envelope', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token, { tvName: 'Living Room TV' });
    const res = await sendJson(local.emulator.url, token, 'POST', '/device/v2/device', {
      thingId: demo.remote.thingId,
      deviceId: DEFAULT_PRESETS[0].deviceId,
      deviceName: demo.service.deviceName,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      expect.objectContaining({ result: 200, error: expect.objectContaining({ code: 200 }), statusCode: '409' }),
    );
    await expect(
      cloud.forToken(token).registerTv({
        thingId: demo.remote.thingId,
        deviceId: DEFAULT_PRESETS[0].deviceId,
        deviceName: 'LIVING ROOM tv',
      }),
    ).rejects.toMatchObject({ kind: 'duplicate' });
    expect(local.emulator.tvs(token)).toHaveLength(1);
  });

  test('a remote not yet registered under a name, or a TV thingId, is not found (errorCode 6)', async () => {
    const { token, api, remoteThingId, gatewayId } = await freshAccount();
    const body = { thingId: remoteThingId, deviceId: DEFAULT_PRESETS[0].deviceId, deviceName: 'T' };
    await expect(api.registerTv(body)).rejects.toMatchObject({ kind: 'not_found', errorCode: 6, status: 404 });
    await expect(api.getPresets(remoteThingId)).rejects.toMatchObject({ kind: 'not_found', errorCode: 6 });
    await api.registerDevice({ gatewayId, thingId: remoteThingId, deviceName: 'R' });
    await api.registerTv(body);
    const tvThingId = local.emulator.tvs(token)[0].thingId;
    await expect(api.registerTv({ ...body, thingId: tvThingId, deviceName: 'T2' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  test("each account sees only its own presets (another's remote is not found); the default is DEFAULT_PRESETS", async () => {
    const token = newToken();
    local.emulator.addAccount(token, {
      presets: [{ deviceId: 'ONLY', manufacturer: 'M', typeName: 'T', makerCode: 9, typeCode: 9 }],
    });
    const own = await registerDemoTv(local.emulator, token);
    expect(own.service.deviceId).toBe('ONLY');
    const otherToken = newToken();
    const other = await registerDemoTv(local.emulator, otherToken);
    expect(other.service.deviceId).toBe(DEFAULT_PRESETS[0].deviceId);
    await expect(cloud.forToken(otherToken).getPresets(own.remote.thingId)).rejects.toMatchObject({
      kind: 'not_found',
      errorCode: 6,
    });
  });
});

describe('TV control reaches only TVs registered under a name', () => {
  test('a TV registered on the remote but not under a name is not found', async () => {
    const { token, api, gatewayId, remoteThingId } = await freshAccount();
    await api.registerDevice({ gatewayId, thingId: remoteThingId, deviceName: 'R' });
    await api.registerTv({ thingId: remoteThingId, deviceId: DEFAULT_PRESETS[0].deviceId, deviceName: 'T' });
    const tv = local.emulator.tvs(token)[0];
    await expect(api.tvPowerOn(tv.thingId)).rejects.toMatchObject({ kind: 'not_found', errorCode: 6 });
    await expect(api.tvPowerOn(remoteThingId)).rejects.toMatchObject({ kind: 'not_found', errorCode: 6 });
    expect(local.emulator.tvState(tv.thingId)?.power).toBe('off');
  });

  test('control answers carry the control component version, which differs from the plugin version', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    const api = cloud.forToken(token);
    const [plugin] = await api.listCloudPlugins();
    const answer = await api.tvPowerOn(demo.tv.thingId);
    expect(answer.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(answer.version).not.toBe(plugin.version);
  });
});

describe('an offline gateway', () => {
  test('refuses what needs the gateway with result 300 / errorCode 7, and works again once back', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    const api = cloud.forToken(token);
    local.emulator.setGatewayOnline(token, false);

    expect(await api.listCloudPlugins()).toHaveLength(1);
    await expect(
      api.registerDevice({ gatewayId: demo.remote.gatewayId, thingId: demo.tv.thingId, deviceName: 'Z' }),
    ).rejects.toMatchObject({ kind: 'offline', result: 300 });
    await expect(api.getPresets(demo.remote.thingId)).rejects.toMatchObject({
      kind: 'offline',
      errorCode: 7,
      status: 504,
    });
    await expect(
      api.registerTv({ thingId: demo.remote.thingId, deviceId: demo.service.deviceId, deviceName: 'Z' }),
    ).rejects.toMatchObject({ kind: 'offline', errorCode: 7 });
    await expect(api.tvPowerOn(demo.tv.thingId)).rejects.toMatchObject({ kind: 'offline', errorCode: 7 });
    expect(local.emulator.registeredDevices(token).every((d) => !d.isOnline && d.gateway?.isOnline === false)).toBe(
      true,
    );

    local.emulator.setGatewayOnline(token, true);
    await api.tvPowerOn(demo.tv.thingId);
    expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('on');
  });

  // Interface sections 2 and 4.2: each device of the search with its isOnline, and its gatewayList with the gateway's.
  test('is listed by the availability search with isOnline false, the gateway and every device behind it, and true once back', async () => {
    const token = newToken();
    const demo = await registerDemoTv(local.emulator, token);
    const { gatewayId } = demo.remote;
    const search = () =>
      sendJson(local.emulator.url, token, 'GET', `/management/v2/me/devices/availabilities?gatewayId=${gatewayId}`);
    const listed = (online: boolean) => ({
      result: 0,
      error: null,
      deviceList: [demo.remote.thingId, demo.tv.thingId].map((thingId) =>
        expect.objectContaining({
          thingId,
          isOnline: online,
          gatewayList: [{ gatewayId, gatewayName: expect.any(String), gatewayType: 'hgw', isOnline: online }],
        }),
      ),
    });
    expect((await search()).json).toEqual(listed(true));

    local.emulator.setGatewayOnline(token, false);
    const offline = await search();
    expect(offline.status).toBe(200);
    expect(offline.json).toEqual(listed(false));

    local.emulator.setGatewayOnline(token, true);
    expect((await search()).json).toEqual(listed(true));
  });

  test('an account can start with its gateway offline', async () => {
    const token = newToken();
    local.emulator.addAccount(token, { gatewayOnline: false });
    const api = cloud.forToken(token);
    const [{ gatewayId }] = await api.listCloudPlugins();
    const [remote] = await api.searchAvailableDevices(gatewayId);
    expect(remote).toMatchObject({ isOnline: false, gatewayList: [{ gatewayId, isOnline: false }] });
    await expect(
      api.registerDevice({ gatewayId, thingId: remote!.thingId, deviceName: 'Remote' }),
    ).rejects.toMatchObject({ kind: 'offline', result: 300 });
  });
});

test('adding an account again keeps its state', async () => {
  const token = newToken();
  const demo = await registerDemoTv(local.emulator, token);
  local.emulator.addAccount(token);
  expect(local.emulator.registeredDevices(token)).toHaveLength(2);
  expect(local.emulator.tvState(demo.tv.thingId)).toBeDefined();
  expect(() => local.emulator.setGatewayOnline(newToken(), false)).toThrow(/no account/);
});
