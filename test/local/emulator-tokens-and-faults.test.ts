// What the emulator adds for reliability tests: tokens that expire and rotate (as the OAuth refresh
// does), HTTP 429 with Retry-After, and faults that let the first N calls through.
import { DeviceCloud } from '../../src/cloud/client';
import { startEmulator } from '../../src/local/emulator';
import { newToken, registerDemoTv, sendJson, sendRaw, useEmulator } from '../support/emulator';

const local = useEmulator();
let cloud: DeviceCloud;
beforeAll(async () => {
  cloud = new DeviceCloud({ baseUrl: local.emulator.url });
});

const EXPIRED = { kind: 'unauthorized', errorCode: 12, status: 401 };

describe('tokens that expire and rotate', () => {
  it('a rotated token drives the same TV and the old one is refused as expired (errorCode 12)', async () => {
    const old = newToken();
    const { tv } = await registerDemoTv(local.emulator, old);
    const fresh = newToken();

    local.emulator.rotateToken(old, fresh);

    await cloud.forToken(fresh).tvPowerOn(tv.thingId);
    expect(local.emulator.tvState(tv.thingId)?.power).toBe('on');
    await expect(cloud.forToken(old).tvPowerOff(tv.thingId)).rejects.toMatchObject(EXPIRED);
    expect(local.emulator.tvState(tv.thingId)?.power).toBe('on');
    // An expired token cannot be rotated again.
    expect(() => local.emulator.rotateToken(old, newToken())).toThrow('the old token is unknown or expired');
  });

  it('keeps the old token working through a grace period, until it is expired', async () => {
    const old = newToken();
    const { tv } = await registerDemoTv(local.emulator, old);
    local.emulator.rotateToken(old, newToken(), { graceMs: 60_000 });

    await cloud.forToken(old).tvPowerOn(tv.thingId);
    local.emulator.expireToken(old);
    await expect(cloud.forToken(old).tvPowerOff(tv.thingId)).rejects.toMatchObject(EXPIRED);
  });

  it('accepts a token within its lifetime and refuses it once the lifetime is over', async () => {
    // No waiting on the clock: one lifetime far longer than the test, one already over.
    const living = newToken();
    const spent = newToken();
    local.emulator.addAccount(living, { tokenLifetimeMs: 3_600_000 });
    local.emulator.addAccount(spent, { tokenLifetimeMs: 0 });
    await cloud.forToken(living).listCloudPlugins();
    await expect(cloud.forToken(spent).listCloudPlugins()).rejects.toMatchObject(EXPIRED);
  });

  it('keeps rotations in its snapshot', async () => {
    const old = newToken();
    const fresh = newToken();
    const { tv } = await registerDemoTv(local.emulator, old);
    local.emulator.rotateToken(old, fresh);
    const restored = await startEmulator({ restore: local.emulator.snapshot() });
    try {
      const restoredCloud = new DeviceCloud({ baseUrl: restored.url });
      await restoredCloud.forToken(fresh).tvPowerOn(tv.thingId);
      await expect(restoredCloud.forToken(old).tvPowerOn(tv.thingId)).rejects.toMatchObject(EXPIRED);
      // Both tokens name one account: the TV the new token switched on is the TV of the old one.
      expect(restored.tvs(old)).toEqual(restored.tvs(fresh));
    } finally {
      await restored.close();
    }
  });
});

describe('the token routes under /_emulator/ (for the sandbox and HTTP-only tests)', () => {
  const post = (path: string, body: unknown) =>
    sendRaw(local.emulator.url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('rotate and expire tokens, and refuse what makes no sense, never quoting a token', async () => {
    const old = newToken();
    const fresh = newToken();
    const { tv } = await registerDemoTv(local.emulator, old);

    expect((await post('/_emulator/tokens/rotate', { token: old, newToken: fresh, graceMs: 60_000 })).status).toBe(204);
    await cloud.forToken(old).tvPowerOn(tv.thingId);
    expect((await post('/_emulator/tokens/expire', { token: old })).status).toBe(204);
    await expect(cloud.forToken(old).tvPowerOff(tv.thingId)).rejects.toMatchObject(EXPIRED);
    await cloud.forToken(fresh).tvPowerOff(tv.thingId);

    const refusals = await Promise.all([
      post('/_emulator/tokens/rotate', { token: old, newToken: newToken() }),
      post('/_emulator/tokens/rotate', { token: fresh, newToken: old }),
      post('/_emulator/tokens/rotate', { token: fresh }),
      post('/_emulator/tokens/rotate', { token: fresh, newToken: newToken(), graceMs: -5 }),
      post('/_emulator/tokens/expire', { token: newToken() }),
      post('/_emulator/accounts', { token: newToken(), tokenLifetimeMs: 'soon' }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([404, 409, 400, 400, 404, 400]);
    for (const r of refusals) {
      expect(r.text).not.toContain(old);
      expect(r.text).not.toContain(fresh);
    }
  });
});

describe('faults', () => {
  it('HTTP 429 with Retry-After reaches the client as a service that is unavailable for now', async () => {
    const token = newToken();
    const { tv } = await registerDemoTv(local.emulator, token);
    local.emulator.injectFault({ method: 'PUT', path: '/device/v2/tv/', status: 429, retryAfterSeconds: 30 });

    const raw = await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/', { thingId: tv.thingId });
    expect(raw.status).toBe(429);
    expect(raw.headers['retry-after']).toBe('30');

    local.emulator.injectFault({ method: 'PUT', path: '/device/v2/tv/', status: 429 });
    await expect(cloud.forToken(token).tvPowerOn(tv.thingId)).rejects.toMatchObject({
      kind: 'unavailable',
      status: 429,
    });
  });

  it('a fault with after: N lets the first N matching calls through, then hits', async () => {
    const token = newToken();
    const { tv } = await registerDemoTv(local.emulator, token);
    const api = cloud.forToken(token);
    local.emulator.injectFault({ method: 'PUT', path: '/device/v2/tv/volume/', after: 2, times: 1, status: 503 });

    await api.tvVolume(tv.thingId, 'up'); // let through (the TV, still off, ignores it)
    await api.tvPowerOn(tv.thingId); // another path: neither skipped nor hit
    await api.tvVolume(tv.thingId, 'up');
    await expect(api.tvVolume(tv.thingId, 'up')).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    await api.tvVolume(tv.thingId, 'up');
    expect(local.emulator.tvState(tv.thingId)?.volume).toBe(12);
  });

  it('refuses nonsense in the new fault fields', () => {
    expect(() => local.emulator.injectFault({ after: -1 })).toThrow('fault after must be a non-negative integer');
    expect(() => local.emulator.injectFault({ retryAfterSeconds: 5 })).toThrow(
      'fault retryAfterSeconds needs a status',
    );
  });
});
