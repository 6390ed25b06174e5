// The local stand-in for Login with Amazon and the Alexa event gateway refuses as the real ones do:
// OAuth errors from the token endpoint, and from the gateway 401 for a bad or expired token, 403 for a
// disabled skill, 400 for an event Amazon's schema refuses; only accepted events change the device list.
import { randomUUID } from 'node:crypto';
import { startAlexaStandIn, type AlexaStandIn } from '../../src/local/alexa';
import { sendRaw } from '../support/emulator';

let alexa: AlexaStandIn;
let now = Date.now();
beforeAll(async () => {
  alexa = await startAlexaStandIn({ now: () => now });
});
afterAll(() => alexa.close());

const form = (fields: Record<string, string>) =>
  new URLSearchParams({ client_id: alexa.clientId, client_secret: alexa.clientSecret, ...fields }).toString();
async function token(fields: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await sendRaw(alexa.url, {
    method: 'POST',
    path: '/auth/o2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });
  return { status: r.status, json: JSON.parse(r.text || '{}') as Record<string, unknown> };
}
async function tokensFor(
  customer: string,
  region: 'NA' | 'EU' | 'FE' = 'NA',
): Promise<{ access: string; refresh: string }> {
  const { json } = await token({ grant_type: 'authorization_code', code: alexa.issueGrantCode(customer, region) });
  return { access: String(json['access_token']), refresh: String(json['refresh_token']) };
}

const tv = (endpointId: string) => ({
  endpointId,
  manufacturerName: 'Sharp',
  friendlyName: `TV ${endpointId}`,
  description: 'TV through the IR learning remote',
  displayCategories: ['TV'],
  cookie: { gatewayId: 'g1' },
  capabilities: [{ type: 'AlexaInterface', interface: 'Alexa', version: '3' }],
});
const report = (name: 'AddOrUpdateReport' | 'DeleteReport', endpoints: unknown[], scopeToken: string) => ({
  event: {
    header: { namespace: 'Alexa.Discovery', name, payloadVersion: '3', messageId: randomUUID() },
    payload: { endpoints, scope: { type: 'BearerToken', token: scopeToken } },
  },
});
async function send(path: string, accessToken: string, body: unknown): Promise<{ status: number; code?: string }> {
  const r = await sendRaw(alexa.url, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = r.text ? (JSON.parse(r.text) as { payload?: { code?: string } }) : {};
  return { status: r.status, code: json.payload?.code };
}

describe('the Login with Amazon stand-in', () => {
  it('exchanges a grant code once, and refreshes while the skill is enabled', async () => {
    const code = alexa.issueGrantCode('customer-1', 'NA');
    const first = await token({ grant_type: 'authorization_code', code });
    expect(first).toEqual({
      status: 200,
      json: {
        access_token: expect.stringMatching(/^Atza\|/),
        refresh_token: expect.stringMatching(/^Atzr\|/),
        token_type: 'bearer',
        expires_in: 3600,
      },
    });
    expect(await token({ grant_type: 'authorization_code', code })).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(first.json['refresh_token']) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json['access_token']).not.toBe(first.json['access_token']);
    alexa.disableSkill('customer-1');
    expect(
      await token({ grant_type: 'refresh_token', refresh_token: String(first.json['refresh_token']) }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('refuses another client, and a grant type it does not know', async () => {
    const wrong = await sendRaw(alexa.url, {
      method: 'POST',
      path: '/auth/o2/token',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        client_id: alexa.clientId,
        client_secret: 'nope',
      }).toString(),
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: 'invalid_client' });
    expect(await token({ grant_type: 'password' })).toMatchObject({
      status: 400,
      json: { error: 'unsupported_grant_type' },
    });
  });
});

describe('the event gateway stand-in', () => {
  it("accepts schema-valid reports at the customer's regional gateway, and keeps the device list", async () => {
    const { access } = await tokensFor('customer-2', 'FE');
    expect(await send('/fe/v3/events', access, report('AddOrUpdateReport', [tv('tv:a'), tv('tv:b')], access))).toEqual({
      status: 202,
    });
    expect(await send('/fe/v3/events', access, report('DeleteReport', [{ endpointId: 'tv:a' }], access))).toEqual({
      status: 202,
    });
    expect(alexa.devices('customer-2').map((d) => d.endpointId)).toEqual(['tv:b']);
    expect(await send('/na/v3/events', access, report('DeleteReport', [{ endpointId: 'tv:b' }], access))).toEqual({
      status: 400,
      code: 'INVALID_REQUEST_EXCEPTION',
    });
  });

  it.each([
    [
      'an endpoint without capabilities',
      (t: string) => report('AddOrUpdateReport', [{ ...tv('tv:c'), capabilities: undefined }], t),
    ],
    ['an endpointId Alexa refuses', (t: string) => report('DeleteReport', [{ endpointId: 'tv c' }], t)],
    [
      'an event it does not know',
      (t: string) => ({
        event: {
          ...report('DeleteReport', [], t).event,
          header: { namespace: 'Alexa.Discovery', name: 'RemoveReport', payloadVersion: '3', messageId: 'm' },
        },
      }),
    ],
    [
      'a scope token other than the one it was sent with',
      () => report('AddOrUpdateReport', [tv('tv:d')], 'another-token'),
    ],
  ])('refuses %s with 400 INVALID_REQUEST_EXCEPTION, changing nothing', async (_what, body) => {
    const { access } = await tokensFor('customer-3');
    expect(await send('/na/v3/events', access, body(access))).toEqual({
      status: 400,
      code: 'INVALID_REQUEST_EXCEPTION',
    });
    expect(alexa.devices('customer-3')).toEqual([]);
  });

  it('refuses an unknown or expired token with 401, and a disabled skill with 403', async () => {
    const { access } = await tokensFor('customer-4');
    expect(
      await send('/na/v3/events', 'Atza|made-up', report('AddOrUpdateReport', [tv('tv:e')], 'Atza|made-up')),
    ).toEqual({ status: 401, code: 'INVALID_ACCESS_TOKEN_EXCEPTION' });
    now += 3600_000;
    expect(await send('/na/v3/events', access, report('AddOrUpdateReport', [tv('tv:e')], access))).toEqual({
      status: 401,
      code: 'INVALID_ACCESS_TOKEN_EXCEPTION',
    });
    const fresh = await tokensFor('customer-4');
    alexa.disableSkill('customer-4');
    expect(await send('/na/v3/events', fresh.access, report('AddOrUpdateReport', [tv('tv:e')], fresh.access))).toEqual({
      status: 403,
      code: 'SKILL_DISABLED_EXCEPTION',
    });
    expect(alexa.devices('customer-4')).toEqual([]);
  });
});

describe("the Alexa app's ReportState", () => {
  const health = {
    type: 'AlexaInterface',
    interface: 'Alexa.EndpointHealth',
    version: '3',
    properties: { supported: [{ name: 'connectivity' }], proactivelyReported: false, retrievable: true },
  };
  const answer =
    (name: string, extra: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) =>
    (d: unknown) => {
      const { header, endpoint } = (
        d as { directive: { header: { correlationToken: string }; endpoint: { endpointId: string } } }
      ).directive;
      return Promise.resolve({
        event: {
          header: {
            namespace: 'Alexa',
            name,
            payloadVersion: '3',
            messageId: randomUUID(),
            correlationToken: header.correlationToken,
          },
          endpoint: { endpointId: endpoint.endpointId },
          payload,
        },
        ...extra,
      });
    };
  const connectivity = {
    namespace: 'Alexa.EndpointHealth',
    name: 'connectivity',
    value: { value: 'UNREACHABLE' },
    timeOfSample: '2026-11-26T00:00:00.000Z',
    uncertaintyInMilliseconds: 0,
  };

  it('is sent only to a device that declares a retrievable property, as Alexa sends it, and keeps the StateReport', async () => {
    const sent: unknown[] = [];
    alexa.discovered('customer-5', [
      tv('tv:plain'),
      { ...tv('tv:health'), capabilities: [...tv('tv:health').capabilities, health] },
    ]);
    await alexa.reportStates(
      'customer-5',
      (d) => {
        sent.push(d);
        return answer('StateReport', { context: { properties: [connectivity] } })(d);
      },
      'linked-token',
    );

    expect(sent).toEqual([
      {
        directive: {
          header: {
            namespace: 'Alexa',
            name: 'ReportState',
            payloadVersion: '3',
            messageId: expect.any(String),
            correlationToken: expect.any(String),
          },
          endpoint: {
            scope: { type: 'BearerToken', token: 'linked-token' },
            endpointId: 'tv:health',
            cookie: { gatewayId: 'g1' },
          },
          payload: {},
        },
      },
    ]);
    expect(alexa.devices('customer-5').map((d) => [d.endpointId, d.state])).toEqual([
      ['tv:plain', undefined],
      [
        'tv:health',
        { properties: [{ namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'UNREACHABLE' } }] },
      ],
    ]);
  });

  it.each([
    [
      'an ErrorResponse, by its type',
      answer('ErrorResponse', {}, { type: 'BRIDGE_UNREACHABLE', message: 'the hub is off' }),
      { error: 'BRIDGE_UNREACHABLE' },
    ],
    [
      'an Alexa.Response, which is no answer to ReportState',
      answer('Response', { context: { properties: [connectivity] } }),
      { refused: 'Response is no answer to ReportState' },
    ],
    [
      "a StateReport Amazon's schema refuses",
      answer('StateReport', { context: { properties: [{ ...connectivity, value: { value: 'MAYBE' } }] } }),
      { refused: expect.stringMatching(/^not Amazon's schema/) },
    ],
  ])('records %s', async (_what, skill, state) => {
    alexa.discovered('customer-6', [{ ...tv('tv:h'), capabilities: [...tv('tv:h').capabilities, health] }]);
    await alexa.reportStates('customer-6', skill, 'linked-token');
    expect(alexa.devices('customer-6')[0]?.state).toEqual(state);
  });
});
