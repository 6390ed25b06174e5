// Directives carrying what Alexa would never send (issue 19): an endpointId beyond Amazon's schema, a
// token with line breaks or of 100 KB, names that break XML. Every answer is schema-valid (the runner
// checks), nothing unreadable is echoed, and nothing reaches the device cloud.
import type { SmartHomeCase } from '../../support/smarthome/case';
import { control, discover, raw, type DirectiveSpec } from '../../support/smarthome/directives';

const error = (type: string) => ({
  event: { header: { namespace: 'Alexa', name: 'ErrorResponse', payloadVersion: '3' }, payload: { type } },
});

/** A TurnOn for the case's TV with another token in its scope. */
const withToken =
  (token: (real: string) => string): DirectiveSpec =>
  (to) =>
    control('Alexa.PowerController', 'TurnOn')({ ...to, token: token(to.token) });
const discoverWith =
  (token: (real: string) => string): DirectiveSpec =>
  (to) =>
    discover()({ ...to, token: token(to.token) });

/** The endpoint is not echoed: absent from the answer. */
const noEndpoint = (_ctx: unknown, response: { event: { endpoint?: unknown } }) =>
  expect(response.event.endpoint).toBeUndefined();

const endpointCases: Array<[string, string]> = [
  ['over 256 characters', `tv:${'a'.repeat(300)}`],
  ['a space and a slash', 'tv:living room/tv'],
  ['a line break', 'tv:abc\r\nX-Injected: 1'],
  ['a lone surrogate', 'tv:abc\uD800'],
  ['markup', '<script>&'],
  ['U+FFFF', 'tv:\uFFFF'],
];

const tokenCases: Array<[string, (real: string) => string]> = [
  ['CR/LF inside', (t) => `${t}\r\nX-Injected: 1`],
  ['100 KB long', (t) => t + 'x'.repeat(100_000)],
  ['a space inside', (t) => `Bearer ${t}`],
  ['a lone surrogate', (t) => `${t}\uD800`],
];

/** The case's TV indexed again as a version before setup refused such names could have stored it. */
const indexedAs =
  (deviceName: string, model: string) =>
  async (ctx: { store: { tvs: { indexTv: (tv: never) => Promise<unknown> } }; tv?: object }) => {
    await ctx.store.tvs.indexTv({ ...ctx.tv, deviceName, manufacturer: 'SHARP\uFFFE', model } as never);
  };

const storedNames: Array<[string, string, string, string]> = [
  ['a lone surrogate', 'Den\uD800', 'AQUOS', 'Den'],
  ['U+FFFF and U+FFFE', '\uFFFFLoft\uFFFE', 'AQUOS\uFFFF', 'Loft'],
  ['a surrogate pair cut at 128 characters', `${'x'.repeat(127)}😀`, 'AQUOS', 'x'.repeat(127)],
  ['nothing sayable', '\uDC00\uD800\uFFFF', 'AQUOS', 'TV'],
];

export const hostileCases: SmartHomeCase[] = [
  ...storedNames.map(([what, stored, model, shown]): SmartHomeCase => ({
    description: `a stored name with ${what} is discovered with valid XML text ("${shown.slice(0, 8)}")`,
    given: [indexedAs(stored, model)],
    directive: discover(),
    expected: {
      response: { event: { header: { namespace: 'Alexa.Discovery', name: 'Discover.Response' } } },
      calls: [{ method: 'GET', path: '/management/v2/me/cloudPlugins' }],
      tableReads: 1,
      check: (_ctx, response) => {
        const [endpoint] = (response.event.payload as { endpoints: Array<Record<string, unknown>> }).endpoints;
        expect(endpoint).toMatchObject({
          friendlyName: shown,
          manufacturerName: 'SHARP',
          description: expect.not.stringMatching(/[\uFFFE\uFFFF]|\p{Cs}/u),
        });
      },
    },
  })),
  ...endpointCases.map(([what, endpointId]): SmartHomeCase => ({
    description: `an endpointId with ${what} answers NO_SUCH_ENDPOINT, schema-valid, without echoing it, and calls nothing`,
    directive: control('Alexa.PowerController', 'TurnOn', {}, { endpointId }),
    expected: {
      outcome: 'refused',
      response: error('NO_SUCH_ENDPOINT'),
      calls: [],
      tv: { power: 'off' },
      check: noEndpoint,
    },
  })),
  ...tokenCases.map(([what, token]): SmartHomeCase => ({
    description: `a control token with ${what} answers INVALID_AUTHORIZATION_CREDENTIAL and calls nothing`,
    directive: withToken(token),
    expected: {
      outcome: 'refused',
      response: error('INVALID_AUTHORIZATION_CREDENTIAL'),
      calls: [],
      tv: { power: 'off' },
    },
  })),
  ...tokenCases.map(([what, token]): SmartHomeCase => ({
    description: `a Discover token with ${what} answers INVALID_AUTHORIZATION_CREDENTIAL and calls nothing`,
    directive: discoverWith(token),
    expected: { outcome: 'refused', response: error('INVALID_AUTHORIZATION_CREDENTIAL'), calls: [] },
  })),
  ...(
    [
      [
        'a namespace of 10 KB with a lone surrogate',
        { namespace: `Alexa.${'x'.repeat(10_000)}\uD800`, name: 'TurnOn', payloadVersion: '3', messageId: 'm-1' },
      ],
      [
        'a name with U+FFFF and markup',
        { namespace: 'Alexa.PowerController', name: '<TurnOn>\uFFFF&', payloadVersion: '3', messageId: 'm-1' },
      ],
      [
        'a payload version of 10 KB',
        { namespace: 'Alexa.PowerController', name: 'TurnOn', payloadVersion: '9'.repeat(10_000), messageId: 'm-1' },
      ],
      [
        'a correlation token with a lone surrogate',
        {
          namespace: 'Alexa.PowerController',
          name: 'TurnOn\uDC00',
          payloadVersion: '3',
          messageId: 'm-1',
          correlationToken: 'c\uD800',
        },
      ],
    ] as Array<[string, Record<string, string>]>
  ).map(([what, header]): SmartHomeCase => ({
    description: `a header with ${what} answers INVALID_DIRECTIVE, schema-valid, and calls nothing`,
    directive: raw({ directive: { header, endpoint: { endpointId: `tv:${'y'.repeat(300)}` }, payload: {} } }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_DIRECTIVE'),
      calls: [],
      check: (_ctx, response) => {
        expect(JSON.stringify(response).length).toBeLessThan(2_000);
        expect((response.event.payload as { message: string }).message).not.toMatch(/[\uFFFE\uFFFF]|\p{Cs}/u);
      },
    },
  })),
];
