// The TV's health as the Alexa app reads it: Alexa.ReportState for every TV discovery lists, answered
// from the device cloud, and within Alexa's 8 seconds when the device cloud hangs or refuses: a loopback
// server in the device cloud's place, with the deployed timeouts (the client's default per call, the
// door's default budget).
import { randomUUID } from 'node:crypto';
import { DeviceCloud } from '../../src/cloud/client';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { runSetup } from '../../src/setup';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import type { EventMessage } from '../../src/smarthome/messages';
import { newToken } from '../support/emulator';
import { startAnswerFaultServer, type AnswerFault } from '../support/http-faults';
import { useLoopback } from '../support/loopback';

const loopback = useLoopback();

interface Listed { endpointId: string; friendlyName: string; cookie: Record<string, string> }

const reportState = (token: string, endpoint: Pick<Listed, 'endpointId' | 'cookie'>) => ({
  directive: {
    header: { namespace: 'Alexa', name: 'ReportState', payloadVersion: '3', messageId: randomUUID(), correlationToken: 'c-1' },
    endpoint: { scope: { type: 'BearerToken', token }, endpointId: endpoint.endpointId, cookie: endpoint.cookie },
    payload: {},
  },
});

const connectivityOf = (response: EventMessage) => {
  expectValidSmartHomeMessage(response);
  expect(response.event.header.name).toBe('StateReport');
  return response.context?.properties.map((p) => [p.namespace, p.name, p.value]);
};

describe('ReportState for every TV discovery lists', () => {
  it('answers connectivity OK with the gateway online, UNREACHABLE with it offline, for each', async () => {
    const { emulator, dynamo } = loopback;
    const token = newToken();
    emulator.addAccount(token);
    const cloud = new DeviceCloud({ baseUrl: emulator.url });
    const userId = `amzn1.ask.account.${randomUUID()}`;
    for (const tvName of ['Living room TV', 'Bedroom TV']) {
      const result = await runSetup({ store: dynamo.store, cloud }, { userId, accessToken: token, tvName, tvPresetId: 'TV-SHARP-0001' });
      expect(result.status).toBe('registered');
    }
    const handler = createSmartHomeHandler({ directory: dynamo.store, cloud });
    const discovered = await handler({
      directive: { header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: randomUUID() }, payload: { scope: { type: 'BearerToken', token } } },
    });
    const endpoints = discovered.event.payload['endpoints'] as Listed[];
    expect(endpoints.map((e) => e.friendlyName).sort()).toEqual(['Bedroom TV', 'Living room TV']);

    for (const endpoint of endpoints) {
      expect(connectivityOf(await handler(reportState(token, endpoint)))).toEqual([['Alexa.EndpointHealth', 'connectivity', { value: 'OK' }]]);
    }
    emulator.setGatewayOnline(token, false);
    for (const endpoint of endpoints) {
      expect(connectivityOf(await handler(reportState(token, endpoint)))).toEqual([['Alexa.EndpointHealth', 'connectivity', { value: 'UNREACHABLE' }]]);
    }
  });
});

describe('ReportState when the device cloud', () => {
  const FAULTS: [string, string, AnswerFault][] = [
    ['hangs', 'ENDPOINT_UNREACHABLE', 'hang'],
    ['refuses with 503', 'BRIDGE_UNREACHABLE', { status: 503, body: '{"result":1,"errorCode":17,"errorMessage":"illegal server state"}' }],
    ['refuses the token', 'INVALID_AUTHORIZATION_CREDENTIAL', { status: 401, body: '{"result":1,"errorCode":11,"errorMessage":"authorization failed"}' }],
  ];

  // The test's own limit is Alexa's: an answer later than 8 s is no answer.
  it.each(FAULTS)('%s answers an ErrorResponse %s within Alexa\'s 8 seconds', async (_what, type, fault) => {
    const server = await startAnswerFaultServer(fault);
    try {
      const handler = createSmartHomeHandler({ directory: loopback.dynamo.store, cloud: new DeviceCloud({ baseUrl: server.url }) });
      const response = await handler(reportState(newToken(), { endpointId: 'tv:thing-1', cookie: { gatewayId: 'gw-1', deviceName: 'Den TV' } }));
      expectValidSmartHomeMessage(response);
      expect(response.event).toMatchObject({ header: { name: 'ErrorResponse', correlationToken: 'c-1' }, endpoint: { endpointId: 'tv:thing-1' }, payload: { type } });
      expect(server.requests()).toBe(1);
      if (fault === 'hang') await server.allClosed(3000);
    } finally {
      await server.close();
    }
  }, 8_000);
});
