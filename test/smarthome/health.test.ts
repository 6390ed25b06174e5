// The TV's health as the Alexa app reads it: Alexa.ReportState for every TV discovery lists, answered
// from the device cloud, and within Alexa's 8 seconds when the device cloud hangs or refuses: a loopback
// server in the device cloud's place, with the deployed timeouts (the client's default per call, the
// door's default budget).
import { randomUUID } from 'node:crypto';
import { DeviceCloud } from '../../src/cloud/client';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { runSetup } from '../../src/setup';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import type { EventMessage } from '../../src/alexa/messages';
import { newToken } from '../support/emulator';
import { startAnswerFaultServer, type AnswerFault } from '../support/http-faults';
import { useLoopback } from '../support/loopback';

const loopback = useLoopback();

interface Listed {
  endpointId: string;
  friendlyName: string;
  cookie: Record<string, string>;
}

const reportState = (token: string, endpoint: Pick<Listed, 'endpointId' | 'cookie'>) => ({
  directive: {
    header: {
      namespace: 'Alexa',
      name: 'ReportState',
      payloadVersion: '3',
      messageId: randomUUID(),
      correlationToken: 'c-1',
    },
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
      const result = await runSetup(
        { store: dynamo.store, cloud },
        { userId, accessToken: token, tvName, tvPresetId: 'TV-SHARP-0001' },
      );
      expect(result.status).toBe('registered');
    }
    const handler = createSmartHomeHandler({ directory: dynamo.store.tvs, cloud });
    const discovered = await handler({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: randomUUID() },
        payload: { scope: { type: 'BearerToken', token } },
      },
    });
    const endpoints = discovered.event.payload['endpoints'] as Listed[];
    expect(endpoints.map((e) => e.friendlyName).sort()).toEqual(['Bedroom TV', 'Living room TV']);

    for (const endpoint of endpoints) {
      expect(connectivityOf(await handler(reportState(token, endpoint)))).toEqual([
        ['Alexa.EndpointHealth', 'connectivity', { value: 'OK' }],
      ]);
    }
    emulator.setGatewayOnline(token, false);
    for (const endpoint of endpoints) {
      expect(connectivityOf(await handler(reportState(token, endpoint)))).toEqual([
        ['Alexa.EndpointHealth', 'connectivity', { value: 'UNREACHABLE' }],
      ]);
    }
  });
});

// Household A's token with household B's endpoint, each way a directive can carry it: the account has no
// such TV, so the answer is NO_SUCH_ENDPOINT ("Alexa.ErrorResponse Interface 3"), never B's state, and
// nothing of B's (its gateway, its TV's name) in it. Control directives are refused by the device cloud
// itself (B's thingId is not A's); ReportState must refuse by the account's own TVs.
describe("a directive for another household's TV", () => {
  const control =
    (namespace: string, name: string, payload: Record<string, unknown>) =>
    (token: string, endpoint: Pick<Listed, 'endpointId' | 'cookie'>) => ({
      directive: {
        header: { namespace, name, payloadVersion: '3', messageId: randomUUID(), correlationToken: 'c-1' },
        endpoint: { scope: { type: 'BearerToken', token }, endpointId: endpoint.endpointId, cookie: endpoint.cookie },
        payload,
      },
    });
  type Cookie = "A's cookie" | "B's cookie" | 'no cookie';
  const DOORS: [string, Cookie, (token: string, endpoint: Pick<Listed, 'endpointId' | 'cookie'>) => unknown][] = [
    ['ReportState', "A's cookie", reportState],
    ['ReportState', "B's cookie", reportState],
    ['ReportState', 'no cookie', reportState],
    ['TurnOn', "A's cookie", control('Alexa.PowerController', 'TurnOn', {})],
    [
      'ChangeChannel',
      "A's cookie",
      control('Alexa.ChannelController', 'ChangeChannel', { channel: { number: '4' }, channelMetadata: {} }),
    ],
    ['AdjustVolume', "B's cookie", control('Alexa.Speaker', 'AdjustVolume', { volume: 5, volumeDefault: false })],
  ];

  it.each(DOORS)('%s with %s answers NO_SUCH_ENDPOINT and says nothing of B', async (_name, cookie, directive) => {
    const { emulator, dynamo } = loopback;
    const cloud = new DeviceCloud({ baseUrl: emulator.url });
    const handler = createSmartHomeHandler({ directory: dynamo.store.tvs, cloud });
    const household = async (tvName: string): Promise<{ token: string; endpoint: Listed }> => {
      const token = newToken();
      emulator.addAccount(token);
      const result = await runSetup(
        { store: dynamo.store, cloud },
        { userId: `amzn1.ask.account.${randomUUID()}`, accessToken: token, tvName, tvPresetId: 'TV-SHARP-0001' },
      );
      expect(result.status).toBe('registered');
      const discovered = await handler({
        directive: {
          header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: randomUUID() },
          payload: { scope: { type: 'BearerToken', token } },
        },
      });
      return { token, endpoint: (discovered.event.payload['endpoints'] as Listed[])[0]! };
    };
    const a = await household('Living room TV');
    const b = await household('Neighbour TV');
    const cookies: Record<Cookie, Record<string, string>> = {
      "A's cookie": a.endpoint.cookie,
      "B's cookie": b.endpoint.cookie,
      'no cookie': {},
    };
    const started = Date.now();

    const response = await handler(directive(a.token, { endpointId: b.endpoint.endpointId, cookie: cookies[cookie] }));

    expect(Date.now() - started).toBeLessThan(8000);
    expectValidSmartHomeMessage(response);
    expect(response.event).toMatchObject({
      header: { name: 'ErrorResponse', correlationToken: 'c-1' },
      endpoint: { endpointId: b.endpoint.endpointId },
      payload: { type: 'NO_SUCH_ENDPOINT' },
    });
    expect(response.context).toBeUndefined();
    const said = JSON.stringify(response);
    for (const word of [b.endpoint.cookie['gatewayId']!, 'Neighbour', b.token]) expect(said).not.toContain(word);
    const thingId = b.endpoint.endpointId.slice('tv:'.length);
    expect(emulator.tvState(thingId)).toMatchObject({ power: 'off', channel: 1, volume: 10 });
  });
});

describe('ReportState when the device cloud', () => {
  const ALEXA_WAITS_MS = 8000;
  const FAULTS: [string, string, AnswerFault][] = [
    ['hangs', 'ENDPOINT_UNREACHABLE', 'hang'],
    [
      'refuses with 503',
      'BRIDGE_UNREACHABLE',
      { status: 503, body: '{"result":1,"errorCode":17,"errorMessage":"illegal server state"}' },
    ],
    [
      'refuses the token',
      'INVALID_AUTHORIZATION_CREDENTIAL',
      { status: 401, body: '{"result":1,"errorCode":11,"errorMessage":"authorization failed"}' },
    ],
  ];

  /** The answer to a ReportState for a TV behind a device cloud that answers with `fault`. */
  async function answerWith(type: string, fault: AnswerFault): Promise<void> {
    const server = await startAnswerFaultServer(fault);
    try {
      const handler = createSmartHomeHandler({
        directory: loopback.dynamo.store.tvs,
        cloud: new DeviceCloud({ baseUrl: server.url }),
      });
      const asked = Date.now();
      const response = await handler(
        reportState(newToken(), { endpointId: 'tv:thing-1', cookie: { gatewayId: 'gw-1', deviceName: 'Den TV' } }),
      );
      expect(Date.now() - asked).toBeLessThan(ALEXA_WAITS_MS);
      expectValidSmartHomeMessage(response);
      expect(response.event).toMatchObject({
        header: { name: 'ErrorResponse', correlationToken: 'c-1' },
        endpoint: { endpointId: 'tv:thing-1' },
        payload: { type },
      });
      expect(server.requests()).toBe(1);
      if (fault === 'hang') await server.allClosed(3000);
    } finally {
      await server.close();
    }
  }

  // The test's own limit is Alexa's too: an answer later than 8 s is no answer. A hang waits out the client's
  // whole timeout, so it runs beside the other tests (a server of its own, and no part of theirs touched),
  // where Jest's timeout starts only at its turn: the answer's time is measured above.
  const title = "%s answers an ErrorResponse %s within Alexa's 8 seconds";
  it.concurrent.each(FAULTS.filter(([, , f]) => f === 'hang'))(
    title,
    (_what, type, f) => answerWith(type, f),
    ALEXA_WAITS_MS,
  );
  it.each(FAULTS.filter(([, , f]) => f !== 'hang'))(title, (_what, type, f) => answerWith(type, f), ALEXA_WAITS_MS);
});
