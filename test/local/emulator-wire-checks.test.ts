// The emulator checks what a client sends as strictly as the interface reads: exact paths (trailing
// slashes), methods, the bearer token, headers, query parameters and string-typed body fields.
import { newToken, registerDemoTv, sendJson, sendRaw, type DemoTv, useEmulator } from '../support/emulator';

const local = useEmulator();
let token: string;
let demo: DemoTv;

beforeAll(async () => {
  token = newToken();
  demo = await registerDemoTv(local.emulator, token);
});

const auth = () => ({ authorization: `Bearer ${token}` });
const jsonHeaders = () => ({ ...auth(), 'content-type': 'application/json' });

describe('paths and methods', () => {
  test.each(['/device/v2/tv', '/device/v2/tv/channel', '/device/v2/tv/volume'])(
    '%s without its trailing slash is an unknown path (404, errorCode 2)',
    async (path) => {
      const res = await sendJson(local.emulator.url, token, 'PUT', path, { thingId: demo.tv.thingId, control: 'up' });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ result: 1, errorCode: 2, errorMessage: expect.any(String) });
    },
  );

  test('a management path with a trailing slash is an unknown path', async () => {
    const res = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/cloudPlugins/');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ result: 1, errorCode: 2 });
  });

  test('a wrong method is 405 with errorCode 3 and names the allowed ones', async () => {
    const res = await sendJson(local.emulator.url, token, 'POST', '/device/v2/tv/', { thingId: demo.tv.thingId });
    expect(res.status).toBe(405);
    expect(res.json).toMatchObject({ result: 1, errorCode: 3 });
    expect(res.headers.allow).toBe('PUT, DELETE');
    const get = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/devices');
    expect(get.status).toBe(405);
  });

  test('refused calls are recorded with the status they got', async () => {
    local.emulator.clearCalls();
    await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv', { thingId: demo.tv.thingId });
    expect(local.emulator.calls).toEqual([
      { method: 'PUT', path: '/device/v2/tv', query: {}, body: { thingId: demo.tv.thingId }, status: 404 },
    ]);
  });
});

describe('authorization', () => {
  test('a call without a token is 401 with errorCode 13', async () => {
    const res = await sendRaw(local.emulator.url, { method: 'GET', path: '/management/v2/me/cloudPlugins' });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ result: 1, errorCode: 13 });
  });

  test('a token not sent as "Bearer <token>" counts as missing', async () => {
    const res = await sendRaw(local.emulator.url, {
      method: 'GET',
      path: '/management/v2/me/cloudPlugins',
      headers: { authorization: token },
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ errorCode: 13 });
  });

  test('an unknown token is 401 with errorCode 11 and is not echoed', async () => {
    const unknown = newToken();
    const res = await sendJson(local.emulator.url, unknown, 'PUT', '/device/v2/tv/', { thingId: demo.tv.thingId });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ result: 1, errorCode: 11 });
    expect(res.text).not.toContain(unknown);
    expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('off');
  });
});

describe('headers, query and body', () => {
  test('a body sent without content-type application/json is refused with 400', async () => {
    const res = await sendRaw(local.emulator.url, {
      method: 'PUT',
      path: '/device/v2/tv/',
      headers: auth(),
      body: JSON.stringify({ thingId: demo.tv.thingId }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ result: 1, errorCode: 10 });
    const text = await sendRaw(local.emulator.url, {
      method: 'POST',
      path: '/management/v2/me/devices',
      headers: { ...auth(), 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(400);
    expect(text.json).toMatchObject({ result: 400, error: { code: 400 } });
    expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('off');
  });

  test('content-type with a charset parameter is accepted', async () => {
    const res = await sendRaw(local.emulator.url, {
      method: 'PUT',
      path: '/device/v2/tv/volume/',
      headers: { ...auth(), 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ thingId: demo.tv.thingId, control: 'up' }),
    });
    expect(res.status).toBe(200);
    await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/volume/', {
      thingId: demo.tv.thingId,
      control: 'down',
    });
  });

  test('the preset call requires accept: application/json', async () => {
    const path = `/device/v2/device/preset?thingId=${demo.remote.thingId}`;
    const without = await sendRaw(local.emulator.url, { method: 'GET', path, headers: auth() });
    expect(without.status).toBe(406);
    expect(without.json).toMatchObject({ result: 1, errorCode: 10 });
    const withIt = await sendRaw(local.emulator.url, {
      method: 'GET',
      path,
      headers: { ...auth(), accept: 'application/json' },
    });
    expect(withIt.status).toBe(200);
    expect(withIt.json).toMatchObject({ result: 0, statusCode: '200', presetList: expect.any(Array) });
  });

  test('a body on GET or DELETE is refused', async () => {
    const res = await sendRaw(local.emulator.url, {
      method: 'DELETE',
      path: `/device/v2/tv/?thingId=${demo.tv.thingId}`,
      headers: jsonHeaders(),
      body: JSON.stringify({ thingId: demo.tv.thingId }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ errorCode: 10 });
    const get = await sendRaw(local.emulator.url, {
      method: 'GET',
      path: '/management/v2/me/cloudPlugins',
      headers: jsonHeaders(),
      body: '{}',
    });
    expect(get.json).toMatchObject({ result: 400 });
  });

  test('a missing required query parameter is refused: errorCode 5 for a thingId, result 400 for a gatewayId', async () => {
    const del = await sendJson(local.emulator.url, token, 'DELETE', '/device/v2/tv/');
    expect(del.status).toBe(400);
    expect(del.json).toMatchObject({ result: 1, errorCode: 5 });
    const search = await sendJson(local.emulator.url, token, 'GET', '/management/v2/me/devices/availabilities');
    expect(search.json).toMatchObject({ result: 400, error: { code: 400 } });
  });

  test('an undocumented query parameter is refused', async () => {
    const res = await sendJson(local.emulator.url, token, 'GET', `/management/v2/me/cloudPlugins?gatewayId=x`);
    expect(res.status).toBe(400);
    const put = await sendJson(local.emulator.url, token, 'PUT', `/device/v2/tv/?thingId=${demo.tv.thingId}`, {
      thingId: demo.tv.thingId,
    });
    expect(put.json).toMatchObject({ errorCode: 10 });
  });

  test('a body that is not a JSON object is refused', async () => {
    for (const body of ['not json', '[]', '"text"', '']) {
      const res = await sendRaw(local.emulator.url, {
        method: 'PUT',
        path: '/device/v2/tv/',
        headers: jsonHeaders(),
        body,
      });
      expect([res.status, res.json]).toEqual([400, expect.objectContaining({ errorCode: 10 })]);
    }
  });

  test('a missing thingId in a device body is errorCode 5; other missing fields are errorCode 10', async () => {
    const noThing = await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/volume/', { control: 'up' });
    expect(noThing.json).toMatchObject({ errorCode: 5 });
    const noControl = await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/volume/', {
      thingId: demo.tv.thingId,
    });
    expect(noControl.json).toMatchObject({ errorCode: 10 });
    const noName = await sendJson(local.emulator.url, token, 'POST', '/management/v2/me/devices', {
      gatewayId: demo.tv.gatewayId,
      thingId: demo.tv.thingId,
    });
    expect(noName.json).toMatchObject({ result: 400 });
  });

  test('an undocumented body field is refused', async () => {
    const res = await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/', {
      thingId: demo.tv.thingId,
      power: 'on',
    });
    expect(res.json).toMatchObject({ errorCode: 10 });
    expect(local.emulator.tvState(demo.tv.thingId)?.power).toBe('off');
  });
});

describe('channel and volume parameters', () => {
  const channel = (body: Record<string, unknown>) =>
    sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/channel/', { thingId: demo.tv.thingId, ...body });

  test('tuning sent as a JSON number is refused with errorCode 10', async () => {
    const res = await channel({ tuning: 5 });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ result: 1, errorCode: 10 });
    expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(1);
  });

  test.each(['13', '0', 'abc', '', '05', ' 5', '5.0'])('tuning "%s" is refused with errorCode 10', async (tuning) => {
    const res = await channel({ tuning });
    expect(res.json).toMatchObject({ errorCode: 10 });
    expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(1);
  });

  test('tuning and control together are refused with errorCode 10', async () => {
    const res = await channel({ tuning: '4', control: 'next' });
    expect(res.json).toMatchObject({ errorCode: 10 });
    expect(local.emulator.tvState(demo.tv.thingId)?.channel).toBe(1);
  });

  test('neither tuning nor control is refused', async () => {
    expect((await channel({})).json).toMatchObject({ errorCode: 10 });
  });

  test('an unknown channel or volume control is refused with errorCode 10', async () => {
    expect((await channel({ control: 'up' })).json).toMatchObject({ errorCode: 10 });
    const vol = await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/volume/', {
      thingId: demo.tv.thingId,
      control: 'next',
    });
    expect(vol.json).toMatchObject({ errorCode: 10 });
    expect(local.emulator.tvState(demo.tv.thingId)).toEqual(expect.objectContaining({ channel: 1, volume: 10 }));
  });

  test('tuning "1" to "12" as strings are accepted', async () => {
    await sendJson(local.emulator.url, token, 'PUT', '/device/v2/tv/', { thingId: demo.tv.thingId });
    for (let n = 1; n <= 12; n += 1) {
      const res = await channel({ tuning: String(n) });
      expect([res.status, local.emulator.tvState(demo.tv.thingId)?.channel]).toEqual([200, n]);
    }
    await channel({ tuning: '1' });
    await sendJson(
      local.emulator.url,
      token,
      'DELETE',
      `/device/v2/tv/?thingId=${encodeURIComponent(demo.tv.thingId)}`,
    );
  });
});

test('a request body too large for any interface call is refused with 413', async () => {
  const res = await sendRaw(local.emulator.url, {
    method: 'PUT',
    path: '/device/v2/tv/',
    headers: jsonHeaders(),
    body: JSON.stringify({ thingId: 'x'.repeat(70_000) }),
  });
  expect(res.status).toBe(413);
});
