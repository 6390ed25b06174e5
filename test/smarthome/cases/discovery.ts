// Discover and AcceptGrant: which TVs a token reaches, and how they are described to Alexa.
import type { ExpectedCall } from '../../support/device-calls';
import type { CaseContext, SmartHomeCase } from '../../support/smarthome/case';
import { acceptGrant, discover } from '../../support/smarthome/directives';
import { fault, secondTvSetUp, someoneElsesTv, tvRemoved, tvSavedBeforeTheIndex } from '../../support/smarthome/given';

const LIST_PLUGINS: ExpectedCall = { method: 'GET', path: '/management/v2/me/cloudPlugins' };
const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const DISCOVER_RESPONSE = { namespace: 'Alexa.Discovery', name: 'Discover.Response', payloadVersion: '3' };

const tvEndpoint = (ctx: CaseContext) => ({
  endpointId: `tv:${ctx.tv?.thingId}`,
  friendlyName: 'Living room TV',
  manufacturerName: 'SHARP',
  description: 'SHARP AQUOS (preset TV-SHARP-0001) TV through the IR learning remote',
  displayCategories: ['TV'],
  // The case preset has no name of its own: the model is built from its maker, type label and deviceId.
  additionalAttributes: { manufacturer: 'SHARP', model: 'SHARP AQUOS (preset TV-SHARP-0001)' },
  cookie: { gatewayId: ctx.tv?.gatewayId, deviceName: 'Living room TV' },
  capabilities: [
    { type: 'AlexaInterface', interface: 'Alexa', version: '3' },
    {
      type: 'AlexaInterface',
      interface: 'Alexa.PowerController',
      version: '3',
      properties: { supported: [{ name: 'powerState' }], proactivelyReported: false, retrievable: false },
    },
    {
      type: 'AlexaInterface',
      interface: 'Alexa.ChannelController',
      version: '3',
      properties: { supported: [{ name: 'channel' }], proactivelyReported: false, retrievable: false },
    },
    {
      type: 'AlexaInterface',
      interface: 'Alexa.Speaker',
      version: '3',
      properties: { supported: [{ name: 'volume' }], proactivelyReported: false, retrievable: false },
    },
    // The one property an IR remote's TV can report: read by ReportState, never sent unasked.
    {
      type: 'AlexaInterface',
      interface: 'Alexa.EndpointHealth',
      version: '3',
      properties: { supported: [{ name: 'connectivity' }], proactivelyReported: false, retrievable: true },
    },
  ],
});

export const discoveryCases: SmartHomeCase[] = [
  {
    description: 'Discover lists the TV setup registered with an access token, with one device-cloud call',
    directive: discover(),
    expected: {
      response: (ctx) => ({ event: { header: DISCOVER_RESPONSE, payload: { endpoints: [tvEndpoint(ctx)] } } }),
      calls: [LIST_PLUGINS],
      tableReads: 1,
      logs: [/"message":"discovery".*"gateways":1.*"endpoints":1/],
    },
  },
  {
    description:
      "Discover puts the TV's channel names into its cookie, as strings: the prefecture id and the user's own map",
    channelNames: { area: '北海道', channels: { 'Movie box': 12 } },
    directive: discover(),
    expected: {
      response: (ctx) => ({
        event: {
          header: DISCOVER_RESPONSE,
          payload: {
            endpoints: [
              {
                ...tvEndpoint(ctx),
                cookie: {
                  gatewayId: ctx.tv?.gatewayId,
                  deviceName: 'Living room TV',
                  channelArea: 'hokkaido',
                  channelMap: '{"Movie box":12}',
                },
              },
            ],
          },
        },
      }),
      calls: [LIST_PLUGINS],
      tableReads: 1,
    },
  },
  {
    description: 'Discover lists every TV setup registered, each as its own endpoint named as in setup',
    given: [secondTvSetUp('Bedroom TV')],
    directive: discover(),
    expected: {
      response: { event: { header: DISCOVER_RESPONSE } },
      calls: [LIST_PLUGINS],
      tableReads: 1,
      logs: [/"message":"discovery".*"gateways":1.*"endpoints":2/],
      check: (ctx, response) => {
        // The index is a map: no order is promised, so the endpoints are compared by name.
        const endpoints = (response.event.payload['endpoints'] as { endpointId: string; friendlyName: string }[]).sort(
          (a, b) => a.friendlyName.localeCompare(b.friendlyName),
        );
        expect(endpoints).toEqual([
          expect.objectContaining({
            friendlyName: 'Bedroom TV',
            manufacturerName: 'SHARP',
            cookie: expect.objectContaining({ deviceName: 'Bedroom TV' }),
          }),
          tvEndpoint(ctx),
        ]);
        expect(endpoints[0].endpointId).not.toBe(endpoints[1].endpointId);
      },
    },
  },
  {
    description: "a TV removed with setup's removeTv is no longer discovered; the other TV still is",
    given: [secondTvSetUp('Bedroom TV'), tvRemoved('Bedroom TV')],
    directive: discover(),
    expected: {
      response: (ctx) => ({ event: { header: DISCOVER_RESPONSE, payload: { endpoints: [tvEndpoint(ctx)] } } }),
      calls: [LIST_PLUGINS],
      tableReads: 1,
    },
  },
  {
    description: "Discover shows only the TVs behind the token's own gateways, never another account's",
    given: [someoneElsesTv],
    directive: discover(),
    expected: {
      response: (ctx) => ({ event: { header: DISCOVER_RESPONSE, payload: { endpoints: [tvEndpoint(ctx)] } } }),
      calls: [LIST_PLUGINS],
      tableReads: 1,
    },
  },
  {
    description: 'Discover for an account with no TV yet answers with no endpoints',
    world: 'no-tv',
    directive: discover(),
    expected: {
      response: { event: { header: DISCOVER_RESPONSE, payload: { endpoints: [] } } },
      calls: [LIST_PLUGINS],
      tableReads: 1,
    },
  },
  {
    description: 'a TV saved before the gateway index is not discovered (nothing to find it by)',
    world: 'no-tv',
    given: [tvSavedBeforeTheIndex(false)],
    directive: discover(),
    expected: {
      response: { event: { header: DISCOVER_RESPONSE, payload: { endpoints: [] } } },
      calls: [LIST_PLUGINS],
      tableReads: 1,
    },
  },
  {
    description:
      'rerunning setup for a TV saved before the index makes discovery find it, without preset labels but with a model',
    world: 'no-tv',
    given: [tvSavedBeforeTheIndex(true)],
    directive: discover(),
    expected: {
      response: (ctx) => ({
        event: {
          header: DISCOVER_RESPONSE,
          payload: {
            endpoints: [
              {
                endpointId: `tv:${ctx.tv?.thingId}`,
                friendlyName: 'Old TV',
                manufacturerName: 'TV voice remote',
                displayCategories: ['TV'],
              },
            ],
          },
        },
      }),
      calls: [LIST_PLUGINS],
      tableReads: 1,
      check: (_ctx, response) => {
        // No maker, yet a model: Works with Alexa asks for one on every endpoint.
        const [endpoint] = response.event.payload['endpoints'] as Record<string, unknown>[];
        expect(endpoint?.['additionalAttributes']).toEqual({
          model: expect.stringMatching(/^TV \((preset TV-SHARP-0001|remote entry [^)]+)\)$/),
        });
      },
    },
  },
  {
    description: 'Discover with a token the device cloud rejects answers INVALID_AUTHORIZATION_CREDENTIAL',
    world: 'unknown',
    directive: discover(),
    expected: {
      outcome: 'unauthorized',
      response: {
        event: {
          header: { namespace: 'Alexa', name: 'ErrorResponse' },
          payload: { type: 'INVALID_AUTHORIZATION_CREDENTIAL' },
        },
      },
      calls: [LIST_PLUGINS],
    },
  },
  {
    description: 'Discover without a bearer token answers INVALID_AUTHORIZATION_CREDENTIAL and calls nothing',
    directive: discover({ withToken: false }),
    expected: {
      outcome: 'refused',
      response: {
        event: {
          payload: { type: 'INVALID_AUTHORIZATION_CREDENTIAL', message: 'the directive carries no bearer token' },
        },
      },
      calls: [],
    },
  },
  {
    description: 'Discover while the device cloud answers 503 says the bridge is unreachable',
    given: [fault({ ...PLUGINS, status: 503 })],
    directive: discover(),
    expected: {
      outcome: 'unavailable',
      response: { event: { payload: { type: 'BRIDGE_UNREACHABLE' } } },
      calls: [LIST_PLUGINS],
    },
  },
  {
    description: 'Discover when the table cannot be read answers INTERNAL_ERROR, and logs it',
    handler: { missingTable: true },
    directive: discover(),
    expected: {
      outcome: 'store',
      response: { event: { payload: { type: 'INTERNAL_ERROR' } } },
      calls: [LIST_PLUGINS],
      tableReads: 1,
      logs: [/"level":"error","message":"directive failed".*"error":"StoreError".*ResourceNotFoundException/],
    },
  },
  {
    description: 'AcceptGrant is accepted (no proactive events to authorize) and calls nothing',
    directive: acceptGrant(),
    expected: {
      response: { event: { header: { namespace: 'Alexa.Authorization', name: 'AcceptGrant.Response' }, payload: {} } },
      calls: [],
    },
  },
];
