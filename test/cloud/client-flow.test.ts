// The client walks the whole flow of docs/device-cloud.md section 1 against the emulator over real
// HTTP, and what reaches the wire is exactly what the document describes.
import type { ChannelChange } from '../../src/cloud/api';
import { isChannelNumber, type Device } from '../../src/cloud/types';
import { button, startTestEmulator, type TestEmulator } from '../support/emulator';

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});

afterAll(async () => {
  await t.close();
});

describe('the section-1 flow', () => {
  // One account walked step by step; each test continues where the previous one stopped.
  let gatewayId: string;
  let remote: Device;
  let deviceId: string;
  let tvServiceId: string;
  let tv: Device;

  test('listing cloud plugins gives the plugin and the gateway to search', async () => {
    const plugins = await t.api.listCloudPlugins();
    expect(plugins).toHaveLength(1);
    expect(plugins[0]).toEqual(expect.objectContaining({ enabled: true, expirationDate: null }));
    expect(typeof plugins[0].gatewayId).toBe('string');
    gatewayId = plugins[0].gatewayId;
  });

  test('the availability search lists the IR learning remote with its gateway', async () => {
    const devices = await t.api.searchAvailableDevices(gatewayId);
    expect(devices).toHaveLength(1);
    remote = devices[0];
    expect(remote.serviceId).toMatch(/^[a-z]+-base-\d+$/);
    expect(remote.scopes).toEqual(expect.arrayContaining(['remotecontroller', 'serviceinformation', 'hello']));
    expect(remote).toEqual(expect.objectContaining({ type: 'Cloud', config: null, isOnline: true }));
    expect(remote.gatewayList).toEqual([expect.objectContaining({ gatewayId, gatewayType: 'hgw', isOnline: true })]);
  });

  test('registering the remote under a name returns it with its gateway and no nicknames', async () => {
    const [registered] = await t.api.registerDevice({ gatewayId, thingId: remote.thingId, deviceName: 'Hall remote' });
    expect(registered).toEqual(
      expect.objectContaining({ thingId: remote.thingId, deviceName: 'Hall remote', nicknameList: [] }),
    );
    expect(registered.gateway).toEqual(expect.objectContaining({ gatewayId, gatewayType: 'hgw' }));
    expect(t.emulator.registeredDevices(t.token).map((d) => d.thingId)).toEqual([remote.thingId]);
  });

  test('the preset list of the remote offers the TV models with their labels', async () => {
    const presets = await t.api.getPresets(remote.thingId);
    expect(presets.length).toBeGreaterThan(0);
    for (const p of presets) {
      expect(p).toEqual(
        expect.objectContaining({
          deviceId: expect.any(String),
          manufacturer: expect.any(String),
          makerCode: expect.any(Number),
        }),
      );
    }
    deviceId = presets[1].deviceId;
  });

  test('registering a TV on the remote returns its service, based on the remote', async () => {
    const service = await t.api.registerTv({ thingId: remote.thingId, deviceId, deviceName: 'Bedroom TV' });
    expect(service).toEqual(
      expect.objectContaining({ scopes: 'tv', deviceId, deviceName: 'Bedroom TV', baseServiceId: remote.serviceId }),
    );
    expect(service.serviceId).toMatch(/^[a-z]+-remote-\d+-\d+$/);
    expect(service.serviceId.startsWith(remote.serviceId.replace('-base-', '-remote-'))).toBe(true);
    tvServiceId = service.serviceId;
  });

  test('the next availability search lists the TV beside the remote', async () => {
    const devices = await t.api.searchAvailableDevices(gatewayId);
    expect(devices.map((d) => d.serviceId)).toEqual([remote.serviceId, tvServiceId]);
    tv = devices[1];
    expect(tv.scopes).toEqual(['tv', 'serviceinformation', 'hello', 'key']);
    expect(tv.deviceName).toBe('Bedroom TV');
  });

  test('registering the TV under a name makes it controllable', async () => {
    const [registered] = await t.api.registerDevice({ gatewayId, thingId: tv.thingId, deviceName: 'TV' });
    expect(registered.deviceName).toBe('TV');
    const power = await t.api.tvPowerOn(tv.thingId);
    expect(power).toEqual({
      result: 0,
      product: expect.any(String),
      statusCode: '200',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    expect(t.emulator.tvState(tv.thingId)).toEqual({
      thingId: tv.thingId,
      deviceName: 'TV',
      power: 'on',
      channel: 1,
      volume: 10,
    });
  });

  test('channel, volume and power off change the TV', async () => {
    await t.api.tvChannel(tv.thingId, { tuning: button(5) });
    await t.api.tvChannel(tv.thingId, { control: 'previous' });
    await t.api.tvVolume(tv.thingId, 'down');
    await t.api.tvPowerOff(tv.thingId);
    expect(t.emulator.tvState(tv.thingId)).toEqual(expect.objectContaining({ power: 'off', channel: 4, volume: 9 }));
  });

  test('every call reached the wire with the documented method, path, query and string-typed body', () => {
    const wire = t.emulator.calls.map(({ method, path, query, body, status }) => ({
      method,
      path,
      query,
      body,
      status,
    }));
    const remoteId = remote.thingId;
    const tvId = tv.thingId;
    expect(wire).toEqual([
      { method: 'GET', path: '/management/v2/me/cloudPlugins', query: {}, body: undefined, status: 200 },
      {
        method: 'GET',
        path: '/management/v2/me/devices/availabilities',
        query: { gatewayId },
        body: undefined,
        status: 200,
      },
      {
        method: 'POST',
        path: '/management/v2/me/devices',
        query: {},
        body: { gatewayId, thingId: remoteId, deviceName: 'Hall remote' },
        status: 200,
      },
      { method: 'GET', path: '/device/v2/device/preset', query: { thingId: remoteId }, body: undefined, status: 200 },
      {
        method: 'POST',
        path: '/device/v2/device',
        query: {},
        body: { thingId: remoteId, deviceId, deviceName: 'Bedroom TV' },
        status: 200,
      },
      {
        method: 'GET',
        path: '/management/v2/me/devices/availabilities',
        query: { gatewayId },
        body: undefined,
        status: 200,
      },
      {
        method: 'POST',
        path: '/management/v2/me/devices',
        query: {},
        body: { gatewayId, thingId: tvId, deviceName: 'TV' },
        status: 200,
      },
      { method: 'PUT', path: '/device/v2/tv/', query: {}, body: { thingId: tvId }, status: 200 },
      { method: 'PUT', path: '/device/v2/tv/channel/', query: {}, body: { thingId: tvId, tuning: '5' }, status: 200 },
      {
        method: 'PUT',
        path: '/device/v2/tv/channel/',
        query: {},
        body: { thingId: tvId, control: 'previous' },
        status: 200,
      },
      {
        method: 'PUT',
        path: '/device/v2/tv/volume/',
        query: {},
        body: { thingId: tvId, control: 'down' },
        status: 200,
      },
      { method: 'DELETE', path: '/device/v2/tv/', query: { thingId: tvId }, body: undefined, status: 200 },
    ]);
  });
});

test('the client takes only a channel button checked once (isChannelNumber), never a plain number', () => {
  for (const channel of [0, 13, 2.5, Number.NaN, '5']) expect(isChannelNumber(channel)).toBe(false);
  for (const channel of [1, 5, 12]) expect(isChannelNumber(channel)).toBe(true);
  // @ts-expect-error a number no check let through does not compile (tsc runs before the tests)
  const unchecked: ChannelChange = { tuning: 13 };
  expect(unchecked).toEqual({ tuning: 13 });
});

test('one connector serves several tokens, each seeing only its own account', async () => {
  const otherToken = `${t.token}-other`;
  t.emulator.addAccount(otherToken);
  const [mine] = await t.api.listCloudPlugins();
  const [theirs] = await t.cloud.forToken(otherToken).listCloudPlugins();
  expect(theirs.gatewayId).not.toBe(mine.gatewayId);
  expect(await t.cloud.forToken(otherToken).searchAvailableDevices(theirs.gatewayId)).toHaveLength(1);
});
