// TvControl against the device-cloud emulator over real HTTP on loopback.
import type { TvControlApi } from '../../src/cloud/api';
import { DeviceCloud } from '../../src/cloud/client';
import { isDeviceCloudError } from '../../src/cloud/errors';
import type { Emulator } from '../../src/local/emulator';
import { ChannelOutOfRange, InvalidStepCount, MAX_STEPS, TooManySteps, TvControl } from '../../src/tv';
import { newToken, registerDemoTv, startTestEmulator, type TestEmulator } from '../support/emulator';

const CALL_TIMEOUT_MS = 1000;

let env: TestEmulator;
let emulator: Emulator;

beforeAll(async () => {
  env = await startTestEmulator({ timeoutMs: CALL_TIMEOUT_MS });
  emulator = env.emulator;
});
afterAll(() => env.close());
afterEach(() => emulator.clearFaults());

interface Fixture {
  token: string;
  thingId: string;
  api: TvControlApi;
  control: TvControl;
  state(): { power: string; channel: number; volume: number };
}

/**
 * A fresh account with a registered TV (off unless `power` says on, channel 1, volume 10), and no calls
 * recorded yet. An emulated TV that is off ignores channel and volume keys, as a real one does.
 */
async function freshTv({
  power = 'off',
  now,
  deadline,
}: { power?: 'on' | 'off'; now?: () => number; deadline?: number } = {}): Promise<Fixture> {
  const token = newToken();
  const { tv } = await registerDemoTv(emulator, token);
  const api = new DeviceCloud({ baseUrl: emulator.url, timeoutMs: CALL_TIMEOUT_MS }).forToken(token);
  if (power === 'on') await api.tvPowerOn(tv.thingId);
  emulator.clearCalls();
  const state = () => {
    const s = emulator.tvState(tv.thingId);
    if (!s) throw new Error('the TV disappeared');
    return s;
  };
  return {
    token,
    thingId: tv.thingId,
    api,
    control: new TvControl(api, tv.thingId, { callTimeoutMs: CALL_TIMEOUT_MS, now, deadline }),
    state,
  };
}

const sent = () => emulator.calls.map((c) => ({ method: c.method, path: c.path, body: c.body }));

describe('power', () => {
  it('turns the TV on, and a second power-on reads as already on', async () => {
    const f = await freshTv();
    await expect(f.control.powerOn()).resolves.toEqual({ already: false });
    expect(f.state().power).toBe('on');
    await expect(f.control.powerOn()).resolves.toEqual({ already: true });
    expect(f.state().power).toBe('on');
    expect(sent()).toEqual([
      { method: 'PUT', path: '/device/v2/tv/', body: { thingId: f.thingId } },
      { method: 'PUT', path: '/device/v2/tv/', body: { thingId: f.thingId } },
    ]);
  });

  it('turns the TV off, and powering off a TV that is off reads as already off', async () => {
    const f = await freshTv();
    await f.control.powerOn();
    await expect(f.control.powerOff()).resolves.toEqual({ already: false });
    expect(f.state().power).toBe('off');
    await expect(f.control.powerOff()).resolves.toEqual({ already: true });
    expect(emulator.calls.filter((c) => c.method === 'DELETE').map((c) => c.query)).toEqual([
      { thingId: f.thingId },
      { thingId: f.thingId },
    ]);
  });

  it('passes on failures other than the TV state', async () => {
    const f = await freshTv();
    emulator.setGatewayOnline(f.token, false);
    const error = await f.control.powerOn().catch((e: unknown) => e);
    expect(isDeviceCloudError(error, 'offline')).toBe(true);
  });
});

describe('setChannel', () => {
  it('tunes the channel with the number sent as a string', async () => {
    const f = await freshTv({ power: 'on' });
    await f.control.setChannel(7);
    expect(f.state().channel).toBe(7);
    expect(sent()).toEqual([
      { method: 'PUT', path: '/device/v2/tv/channel/', body: { thingId: f.thingId, tuning: '7' } },
    ]);
  });

  it.each([0, 13, -1, 2.5, Number.NaN])('refuses channel %p without calling the device cloud', async (channel) => {
    const f = await freshTv();
    await expect(f.control.setChannel(channel)).rejects.toBeInstanceOf(ChannelOutOfRange);
    expect(emulator.calls).toEqual([]);
    expect(f.state().channel).toBe(1);
  });
});

describe('stepChannel', () => {
  it('sends one step when no count is given', async () => {
    const f = await freshTv({ power: 'on' });
    const outcome = await f.control.stepChannel('next');
    expect(outcome).toEqual({ requested: 1, done: 1 });
    expect(f.state().channel).toBe(2);
  });

  it('sends the steps one after another and moves that many channels', async () => {
    const f = await freshTv({ power: 'on' });
    await f.control.setChannel(6);
    emulator.clearCalls();
    const outcome = await f.control.stepChannel('previous', 3);
    expect(outcome).toEqual({ requested: 3, done: 3 });
    expect(f.state().channel).toBe(3);
    expect(sent()).toEqual(
      Array(3).fill({
        method: 'PUT',
        path: '/device/v2/tv/channel/',
        body: { thingId: f.thingId, control: 'previous' },
      }),
    );
  });

  it(`sends a run of exactly ${MAX_STEPS} channels whole`, async () => {
    const f = await freshTv();
    const outcome = await f.control.stepChannel('next', MAX_STEPS);
    expect(outcome).toEqual({ requested: MAX_STEPS, done: MAX_STEPS });
    expect(emulator.calls).toHaveLength(MAX_STEPS);
  });

  it(`refuses a run of ${MAX_STEPS + 1} channels before its first press`, async () => {
    const f = await freshTv();
    await expect(f.control.stepChannel('next', MAX_STEPS + 1)).rejects.toEqual(
      expect.objectContaining({ name: 'TooManySteps', count: MAX_STEPS + 1, max: MAX_STEPS }),
    );
    expect(emulator.calls).toEqual([]);
    expect(f.state().channel).toBe(1);
  });

  it.each([0, -2, 1.5])('refuses a count of %p without calling anything', async (count) => {
    const f = await freshTv();
    await expect(f.control.stepChannel('next', count)).rejects.toBeInstanceOf(InvalidStepCount);
    expect(emulator.calls).toEqual([]);
  });
});

describe('stepVolume', () => {
  it('raises and lowers the volume by the given steps', async () => {
    const f = await freshTv({ power: 'on' });
    await expect(f.control.stepVolume('up', 4)).resolves.toEqual({ requested: 4, done: 4 });
    expect(f.state().volume).toBe(14);
    await expect(f.control.stepVolume('down')).resolves.toEqual({ requested: 1, done: 1 });
    expect(f.state().volume).toBe(13);
    expect(emulator.calls.map((c) => c.body)).toEqual([
      ...Array(4).fill({ thingId: f.thingId, control: 'up' }),
      { thingId: f.thingId, control: 'down' },
    ]);
  });

  it('refuses "volume up 40" before its first press, rather than doing part of it', async () => {
    const f = await freshTv();
    await expect(f.control.stepVolume('up', 40)).rejects.toBeInstanceOf(TooManySteps);
    expect(emulator.calls).toEqual([]);
    expect(f.state().volume).toBe(10);
  });

  it('never starts a step that could end after the deadline', async () => {
    // A clock that moves one second per call the emulator has seen: step k starts at k s and may
    // take CALL_TIMEOUT_MS, so with the deadline at 3.5 s steps 0, 1 and 2 fit and step 3 does not.
    const start = 1_000_000;
    const f = await freshTv({ power: 'on', now: () => start + emulator.calls.length * 1000, deadline: start + 3500 });
    const outcome = await f.control.stepVolume('up', 8);
    expect(outcome).toEqual({ requested: 8, done: 3, stoppedBy: 'deadline' });
    expect(emulator.calls).toHaveLength(3);
    expect(f.state().volume).toBe(13);
  });

  it('sends nothing when even one step could not end before the deadline', async () => {
    const f = await freshTv({ deadline: Date.now() + CALL_TIMEOUT_MS - 1 });
    const outcome = await f.control.stepVolume('up', 2);
    expect(outcome).toEqual({ requested: 2, done: 0, stoppedBy: 'deadline' });
    expect(emulator.calls).toEqual([]);
  });

  it('stops at the first failure and reports it with the steps already done', async () => {
    const f = await freshTv({ power: 'on' });
    // The real client, with the gateway unplugged right after the second step lands.
    let landed = 0;
    const unplugging: TvControlApi = {
      tvPowerOn: (thingId) => f.api.tvPowerOn(thingId),
      tvPowerOff: (thingId) => f.api.tvPowerOff(thingId),
      tvChannel: (thingId, change) => f.api.tvChannel(thingId, change),
      tvVolume: async (thingId, control) => {
        const reply = await f.api.tvVolume(thingId, control);
        if (++landed === 2) emulator.setGatewayOnline(f.token, false);
        return reply;
      },
    };
    const outcome = await new TvControl(unplugging, f.thingId, { callTimeoutMs: CALL_TIMEOUT_MS }).stepVolume('up', 5);
    expect(outcome).toMatchObject({ requested: 5, done: 2 });
    expect(isDeviceCloudError(outcome.stoppedBy, 'offline')).toBe(true);
    expect(emulator.calls.map((c) => c.status)).toEqual([200, 200, 504]);
    expect(f.state().volume).toBe(12);
  });
});
