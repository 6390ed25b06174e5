// The public URL: whatever arrives gets a clear 4xx or a schema-valid answer, and nothing is pressed.
import { MAX_BODY_BYTES } from '../../../src/google/request';
import type { GoogleCase } from '../../support/google/case';
import { linkedToGoogle } from '../../support/google/given';
import { disconnect, event, executeBody, REQUEST_ID, syncBody, type RequestSpec } from '../../support/google/requests';

const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const refused = (description: string, request: RequestSpec, status: number): GoogleCase => ({
  description,
  request,
  expected: { status, calls: [], outcome: 'refused' },
});

export const hostileCases: GoogleCase[] = [
  refused(
    'no Authorization header is 401 before any call',
    (to) => event(to.token, syncBody(), { authorization: false }),
    401,
  ),
  refused(
    'a malformed bearer header is 401 before any call',
    (to) => event(to.token, syncBody(), { authorization: `Basic ${to.token}` }),
    401,
  ),
  refused(
    'a token with a line break is 401 before any call',
    (to) => event(to.token, syncBody(), { authorization: `Bearer ${to.token}\r\nX: y` }),
    401,
  ),
  {
    // RFC 9110 §15.5.6: "The origin server MUST generate an Allow header field in a 405 response".
    description: 'a GET is 405 with Allow: POST',
    request: (to) => event(to.token, syncBody(), { method: 'GET' }),
    expected: { status: 405, calls: [], outcome: 'refused', headers: { allow: 'POST' } },
  },
  refused('malformed JSON is 400', (to) => event(to.token, '{"requestId": "x", "inputs": ['), 400),
  refused(
    'a body over the size limit is 413',
    (to) => event(to.token, `{"requestId":"${'x'.repeat(MAX_BODY_BYTES)}"}`),
    413,
  ),
  refused(
    'a base64 body over the size limit is 413',
    (to) => event(to.token, `{"requestId":"${'x'.repeat(MAX_BODY_BYTES)}"}`, { base64: true }),
    413,
  ),
  refused(
    'an unknown intent is 400',
    (to) => event(to.token, { requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.IDENTIFY' }] }),
    400,
  ),
  refused(
    'two inputs in one request is 400',
    (to) =>
      event(to.token, {
        requestId: REQUEST_ID,
        inputs: [{ intent: 'action.devices.SYNC' }, { intent: 'action.devices.SYNC' }],
      }),
    400,
  ),
  refused(
    'an EXECUTE without commands is 400',
    (to) => event(to.token, { requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.EXECUTE', payload: {} }] }),
    400,
  ),
  refused(
    '50 commands in one EXECUTE is 400 and nothing is pressed',
    (to) =>
      event(
        to.token,
        executeBody(
          [to.deviceId],
          ...Array.from({ length: 50 }, () => ({ command: 'action.devices.commands.OnOff', params: { on: true } })),
        ),
      ),
    400,
  ),
  {
    description: 'a base64 body (as a Function URL passes a binary content type) is read as the JSON it encodes',
    request: (to) => event(to.token, syncBody(), { base64: true }),
    expected: { status: 200, calls: [PLUGINS] },
  },
  {
    description: "DISCONNECT answers {} and forgets the household's link; its TVs stay set up for Alexa",
    given: [linkedToGoogle],
    request: disconnect(),
    expected: {
      status: 200,
      calls: [PLUGINS],
      check: async (ctx, body) => {
        expect(body).toEqual({});
        const gateway = (await ctx.api.listCloudPlugins())[0]!.gatewayId;
        expect(await ctx.links.agentUserIdOf(gateway)).toBeUndefined();
        expect((await ctx.store.tvs.tvsBehindGateways([gateway])).map((t) => t.thingId)).toEqual([ctx.tv!.thingId]);
      },
    },
  },
];
