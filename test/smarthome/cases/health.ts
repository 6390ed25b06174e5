// Alexa.ReportState: the TV's connectivity (Alexa.EndpointHealth) from the device cloud's availability
// search (interface 4.2), as a schema-valid Alexa.StateReport; an ErrorResponse only when the device
// cloud cannot say ("Alexa.ReportState and Alexa.StateReport Interfaces 3", "Alexa.ErrorResponse Interface 3").
import type { ExpectedCall } from '../../support/device-calls';
import type { CaseContext, Given, SmartHomeCase } from '../../support/smarthome/case';
import { reportState } from '../../support/smarthome/directives';
import { fault, gatewayOffline } from '../../support/smarthome/given';
import { UNREADABLE_200 } from '../../support/cases/scene';
import type { EventMessage } from '../../../src/alexa/messages';

const SEARCH = { method: 'GET', path: '/management/v2/me/devices/availabilities' } as const;
const search = (ctx: CaseContext): ExpectedCall => ({ ...SEARCH, query: { gatewayId: ctx.tv?.gatewayId ?? '' } });

/** The whole answer: a StateReport whose context holds connectivity and nothing else. */
const stateReport = (value: 'OK' | 'UNREACHABLE') => (ctx: CaseContext) => ({
  event: {
    header: { namespace: 'Alexa', name: 'StateReport', payloadVersion: '3' },
    endpoint: { endpointId: `tv:${ctx.tv?.thingId}` },
    payload: {},
  },
  context: {
    properties: [
      { namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value }, uncertaintyInMilliseconds: 0 },
    ],
  },
});
const error = (type: string) => ({
  event: { header: { namespace: 'Alexa', name: 'ErrorResponse' }, payload: { type } },
});

/** The search answers with this device list instead (the gateway's and TV's ids filled in). */
const searchLists =
  (devices: (ctx: CaseContext) => unknown[]): Given =>
  (ctx) =>
    ctx.emulator.injectFault({ ...SEARCH, body: { result: 0, error: null, deviceList: devices(ctx) } });
const listed = (ctx: CaseContext, thingId: string, online: boolean, gatewayOnline: boolean) => ({
  thingId,
  serviceId: 'irc-x',
  deviceName: 'x',
  type: 'Cloud',
  isOnline: online,
  config: null,
  scopes: [],
  gatewayList: [
    { gatewayId: ctx.tv?.gatewayId, gatewayName: 'Home gateway', gatewayType: 'hgw', isOnline: gatewayOnline },
  ],
});

/** The gateway as the search shows it, each way it can: online, offline, unreachable (result 300), the TV's entry gone. */
const FORGED: [string, Given[]][] = [
  ['the gateway online', []],
  ['the gateway offline', [gatewayOffline]],
  ['the search answering result 300', [fault({ ...SEARCH, result: 300 })]],
  ['the search listing only the gateway', [searchLists((ctx) => [listed(ctx, 'the-remote', true, true)])]],
];

/** A refusal says nothing of the gateway: no connectivity, no gateway id. */
const saysNothingOfTheGateway = (ctx: CaseContext, response: EventMessage): void => {
  expect(response.context).toBeUndefined();
  expect(JSON.stringify(response)).not.toContain(ctx.tv?.gatewayId ?? 'no-gateway');
};

export const healthCases: SmartHomeCase[] = [
  {
    description:
      'ReportState answers a StateReport with connectivity OK from one availability search, and reports nothing else',
    directive: reportState(),
    expected: { response: stateReport('OK'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description:
      'ReportState with the home gateway offline answers a StateReport with connectivity UNREACHABLE, not an error',
    given: [gatewayOffline],
    directive: reportState(),
    expected: { response: stateReport('UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description: 'ReportState once the gateway is back online answers connectivity OK again',
    given: [gatewayOffline, (ctx) => ctx.emulator.setGatewayOnline(ctx.token, true)],
    directive: reportState(),
    expected: { response: stateReport('OK'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description:
      "ReportState when the search itself answers result 300 (the gateway cannot be reached) answers UNREACHABLE, the index saying the TV is the account's",
    given: [fault({ ...SEARCH, result: 300 })],
    directive: reportState(),
    expected: { response: stateReport('UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)], tableReads: 1 },
  },
  {
    description: 'ReportState when the search lists the TV offline behind an online gateway answers UNREACHABLE',
    given: [searchLists((ctx) => [listed(ctx, ctx.tv?.thingId ?? '', false, true)])],
    directive: reportState(),
    expected: { response: stateReport('UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description: 'ReportState when the search lists the TV online but its gateway offline answers UNREACHABLE',
    given: [searchLists((ctx) => [listed(ctx, ctx.tv?.thingId ?? '', true, false)])],
    directive: reportState(),
    expected: { response: stateReport('UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  },
  // The search names the gateway but not the TV: the gateway index, one item read, says the TV is the account's.
  {
    description:
      'ReportState when the search no longer lists the TV goes by its gateway as another device lists it: online',
    given: [searchLists((ctx) => [listed(ctx, 'the-remote', true, true)])],
    directive: reportState(),
    expected: { response: stateReport('OK'), calls: (_tv, ctx) => [search(ctx)], tableReads: 1 },
  },
  {
    description:
      'ReportState when the search no longer lists the TV goes by its gateway as another device lists it: offline',
    given: [searchLists((ctx) => [listed(ctx, 'the-remote', true, false)])],
    directive: reportState(),
    expected: { response: stateReport('UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)], tableReads: 1 },
  },
  {
    description: 'ReportState when the search lists neither the TV nor its gateway answers NO_SUCH_ENDPOINT',
    given: [searchLists(() => [])],
    directive: reportState(),
    expected: { outcome: 'refused', response: error('NO_SUCH_ENDPOINT'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description: 'ReportState with a cookie that names no gateway reads the plugin list, then searches the gateway',
    directive: reportState({ cookie: {} }),
    expected: {
      response: stateReport('OK'),
      calls: (_tv, ctx) => [{ method: 'GET', path: '/management/v2/me/cloudPlugins' }, search(ctx)],
    },
  },
  // An endpointId forged with the account's own token and cookie: the gateway is the account's, the TV is not.
  ...FORGED.map(([what, given]): SmartHomeCase => ({
    description: `ReportState for a thingId that is not the account's, ${what}, answers NO_SUCH_ENDPOINT, not the gateway's state`,
    given,
    directive: reportState({ endpointId: 'tv:forged-thing' }),
    expected: {
      outcome: 'refused',
      response: error('NO_SUCH_ENDPOINT'),
      calls: (_tv, ctx) => [search(ctx)],
      tableReads: 1,
      check: saysNothingOfTheGateway,
    },
  })),
  {
    description:
      "ReportState for a forged thingId with a cookie that names no gateway searches the account's gateways, then answers NO_SUCH_ENDPOINT",
    directive: reportState({ endpointId: 'tv:forged-thing', cookie: {} }),
    expected: {
      outcome: 'refused',
      response: error('NO_SUCH_ENDPOINT'),
      calls: (_tv, ctx) => [{ method: 'GET', path: '/management/v2/me/cloudPlugins' }, search(ctx)],
      tableReads: 1,
    },
  },
  {
    description: 'ReportState for a forged thingId base64-encoded (tvb:) answers NO_SUCH_ENDPOINT too',
    directive: reportState({ endpointId: `tvb:${Buffer.from('forged/thing', 'utf8').toString('base64url')}` }),
    expected: {
      outcome: 'refused',
      response: error('NO_SUCH_ENDPOINT'),
      calls: (_tv, ctx) => [search(ctx)],
      tableReads: 1,
    },
  },
  {
    description:
      'ReportState while the device cloud does not answer within the call timeout answers ENDPOINT_UNREACHABLE',
    handler: { timeoutMs: 150 },
    given: [fault({ ...SEARCH, latencyMs: 600 })],
    directive: reportState(),
    expected: { outcome: 'timeout', response: error('ENDPOINT_UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  },
  {
    description: 'ReportState while the device cloud answers 503 answers BRIDGE_UNREACHABLE',
    given: [fault({ ...SEARCH, status: 503 })],
    directive: reportState(),
    expected: { outcome: 'unavailable', response: error('BRIDGE_UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  },
  ...UNREADABLE_200.map(([what, rawBody]): SmartHomeCase => ({
    description: `ReportState when the search answers a 200 whose body is ${what} answers BRIDGE_UNREACHABLE`,
    given: [fault({ ...SEARCH, status: 200, rawBody })],
    directive: reportState(),
    expected: { outcome: 'malformed', response: error('BRIDGE_UNREACHABLE'), calls: (_tv, ctx) => [search(ctx)] },
  })),
  {
    description: 'ReportState with a token the device cloud refuses answers INVALID_AUTHORIZATION_CREDENTIAL',
    given: [fault({ ...SEARCH, status: 401 })],
    directive: reportState(),
    expected: {
      outcome: 'unauthorized',
      response: error('INVALID_AUTHORIZATION_CREDENTIAL'),
      calls: (_tv, ctx) => [search(ctx)],
    },
  },
  {
    description: 'ReportState without a bearer token answers INVALID_AUTHORIZATION_CREDENTIAL and calls nothing',
    directive: reportState({ withToken: false }),
    expected: { outcome: 'refused', response: error('INVALID_AUTHORIZATION_CREDENTIAL'), calls: [] },
  },
  {
    description: 'ReportState for an endpointId this skill never issued answers NO_SUCH_ENDPOINT and calls nothing',
    directive: reportState({ endpointId: 'endpoint-001' }),
    expected: { outcome: 'refused', response: error('NO_SUCH_ENDPOINT'), calls: [] },
  },
  {
    description: 'ReportState with a budget too short for one call answers ENDPOINT_UNREACHABLE and calls nothing',
    handler: { timeoutMs: 1000, budgetMs: 500 },
    directive: reportState(),
    expected: { outcome: 'deadline', response: error('ENDPOINT_UNREACHABLE'), calls: [] },
  },
];
