// The emulated TV's state as control calls change it: power, channel wrap, volume bounds, keys ignored
// while off; readable through tvState() and through GET /_emulator/tvs/<thingId>.
import type { DeviceCloudApi } from '../../src/cloud/api';
import { DeviceCloud } from '../../src/cloud/client';
import { type TvState } from '../../src/local/emulator';
import { button, newToken, registerDemoTv, sendRaw, type DemoTv, useEmulator } from '../support/emulator';

const local = useEmulator();
let api: DeviceCloudApi;
let token: string;
let demo: DemoTv;

beforeEach(async () => {
  token = newToken();
  demo = await registerDemoTv(local.emulator, token);
  api = new DeviceCloud({ baseUrl: local.emulator.url }).forToken(token);
});

async function stateOverHttp(thingId: string): Promise<TvState> {
  const res = await sendRaw(local.emulator.url, {
    method: 'GET',
    path: `/_emulator/tvs/${encodeURIComponent(thingId)}`,
  });
  expect(res.status).toBe(200);
  return res.json as TvState;
}

test('a new TV starts off, on channel 1, at volume 10, under its registered name', async () => {
  const expected = { thingId: demo.tv.thingId, deviceName: 'Living room TV', power: 'off', channel: 1, volume: 10 };
  expect(local.emulator.tvState(demo.tv.thingId)).toEqual(expected);
  expect(await stateOverHttp(demo.tv.thingId)).toEqual(expected);
  expect(local.emulator.tvs(token)).toEqual([expected]);
});

test('power on and power off switch the TV, and the state is the same through both readers', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('on');
  expect((await stateOverHttp(demo.tv.thingId)).power).toBe('on');
  await api.tvPowerOff(demo.tv.thingId);
  expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('off');
  expect((await stateOverHttp(demo.tv.thingId)).power).toBe('off');
});

test('tuning selects the channel and next wraps from 12 to 1', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  await api.tvChannel(demo.tv.thingId, { tuning: button(12) });
  expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(12);
  await api.tvChannel(demo.tv.thingId, { control: 'next' });
  expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(1);
  await api.tvChannel(demo.tv.thingId, { control: 'next' });
  expect((await stateOverHttp(demo.tv.thingId)).channel).toBe(2);
});

test('previous wraps from 1 to 12', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  await api.tvChannel(demo.tv.thingId, { control: 'previous' });
  expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(12);
  await api.tvChannel(demo.tv.thingId, { control: 'previous' });
  expect((await stateOverHttp(demo.tv.thingId)).channel).toBe(11);
});

test('volume steps by one and stays at 30 when raised beyond it, still answering result 0', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  for (let i = 0; i < 20; i += 1) await api.tvVolume(demo.tv.thingId, 'up');
  expect(local.emulator.tvState(demo.tv.thingId)?.volume).toBe(30);
  expect(await api.tvVolume(demo.tv.thingId, 'up')).toEqual(expect.objectContaining({ result: 0, statusCode: '200' }));
  expect((await stateOverHttp(demo.tv.thingId)).volume).toBe(30);
  await api.tvVolume(demo.tv.thingId, 'down');
  expect(local.emulator.tvState(demo.tv.thingId)?.volume).toBe(29);
});

test('volume stays at 0 when lowered beyond it, still answering result 0', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  for (let i = 0; i < 10; i += 1) await api.tvVolume(demo.tv.thingId, 'down');
  expect(local.emulator.tvState(demo.tv.thingId)?.volume).toBe(0);
  expect(await api.tvVolume(demo.tv.thingId, 'down')).toEqual(expect.objectContaining({ result: 0 }));
  expect((await stateOverHttp(demo.tv.thingId)).volume).toBe(0);
});

test('channel and volume keys are answered OK while the TV is off, and the TV ignores them, as a real one does', async () => {
  // The IR remote cannot see the TV: it sends the key, and the cloud answers result 0.
  expect(await api.tvChannel(demo.tv.thingId, { tuning: button(7) })).toEqual(expect.objectContaining({ result: 0 }));
  expect(await api.tvChannel(demo.tv.thingId, { control: 'next' })).toEqual(expect.objectContaining({ result: 0 }));
  expect(await api.tvVolume(demo.tv.thingId, 'up')).toEqual(expect.objectContaining({ result: 0 }));
  expect(local.emulator.tvState(demo.tv.thingId)).toEqual(
    expect.objectContaining({ power: 'off', channel: 1, volume: 10 }),
  );
  await api.tvPowerOn(demo.tv.thingId);
  await api.tvChannel(demo.tv.thingId, { tuning: button(7) });
  await api.tvVolume(demo.tv.thingId, 'up');
  expect(local.emulator.tvState(demo.tv.thingId)).toEqual(
    expect.objectContaining({ power: 'on', channel: 7, volume: 11 }),
  );
});

test('a refused command leaves the state as it was', async () => {
  await api.tvPowerOn(demo.tv.thingId);
  await api.tvChannel(demo.tv.thingId, { tuning: button(3) });
  await expect(api.tvPowerOn(demo.tv.thingId)).rejects.toMatchObject({ kind: 'device_state' });
  local.emulator.setGatewayOnline(token, false);
  await expect(api.tvChannel(demo.tv.thingId, { control: 'next' })).rejects.toMatchObject({ kind: 'offline' });
  expect(local.emulator.tvState(demo.tv.thingId)).toEqual(
    expect.objectContaining({ power: 'on', channel: 3, volume: 10 }),
  );
});

test('TVs of different accounts keep separate state', async () => {
  const other = await registerDemoTv(local.emulator, newToken());
  await api.tvPowerOn(demo.tv.thingId);
  await api.tvChannel(demo.tv.thingId, { tuning: button(9) });
  expect(local.emulator.tvState(other.tv.thingId)).toEqual(expect.objectContaining({ power: 'off', channel: 1 }));
});

test('an unknown TV reads as undefined and as 404', async () => {
  expect(local.emulator.tvState('no-such-tv')).toBeUndefined();
  expect(local.emulator.tvState(demo.remote.thingId)).toBeUndefined();
  const res = await sendRaw(local.emulator.url, { method: 'GET', path: '/_emulator/tvs/no-such-tv' });
  expect(res.status).toBe(404);
  expect(local.emulator.tvs(newToken())).toEqual([]);
});
