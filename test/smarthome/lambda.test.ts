// The smart-home Lambda entry: reads its environment once at cold start and wires the real parts.
import { DeviceCloud } from '../../src/cloud/client';
import { runSetup } from '../../src/setup';
import type { SmartHomeHandler } from '../../src/smarthome/app';
import { useLoopback } from '../support/loopback';
import { newToken } from '../support/emulator';
import { coldStart as load, isolateEnvironment } from '../support/lambda-env';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { TV_PRESET } from '../support/cases/household';
import { acceptGrant, discover, turnOn } from '../support/smarthome/directives';
import { expectLogAgrees } from '../support/emf';

isolateEnvironment([
  'TABLE_NAME',
  'DEVICE_CLOUD_BASE_URL',
  'DEVICE_CLOUD_TIMEOUT_MS',
  'ALEXA_CLIENT_ID',
  'ALEXA_CLIENT_SECRET_NAME',
]);

const loopback = useLoopback();

const coldStart = (): Promise<SmartHomeHandler> => load<SmartHomeHandler>(() => import('../../src/smarthome/lambda'));

it('discovers and controls a TV with the table and device cloud from the environment, logging no token', async () => {
  const { emulator, dynamo } = loopback;
  process.env.TABLE_NAME = dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = emulator.url;
  process.env.DEVICE_CLOUD_TIMEOUT_MS = '2000';
  const handler = await coldStart();
  const token = newToken();
  emulator.addAccount(token, { presets: [TV_PRESET] });
  const setup = await runSetup(
    { store: dynamo.store, cloud: new DeviceCloud({ baseUrl: emulator.url }) },
    { userId: 'lambda-test', accessToken: token },
  );
  const thingId = setup.tv?.thingId ?? '';

  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const found = await handler(discover()({ token, endpointId: '', cookie: {} }));
    expectValidSmartHomeMessage(found);
    const [endpoint] = found.event.payload['endpoints'] as { endpointId: string; cookie: Record<string, string> }[];
    expect(endpoint?.endpointId).toBe(`tv:${thingId}`);

    const done = await handler(turnOn()({ token, endpointId: endpoint!.endpointId, cookie: endpoint!.cookie }));
    expectValidSmartHomeMessage(done);
    expect(done.event.header.name).toBe('Response');
    expect(emulator.tvState(thingId)?.power).toBe('on');
    const lines = log.mock.calls.map((c) => String(c[0]));
    // Each directive: its log line, then its EMF line on stdout, the first one a cold start.
    expect(lines).toEqual([
      expect.stringContaining('"message":"discovery"'),
      expect.stringContaining('"message":"directive handled"'),
      expect.stringContaining('"_aws"'),
      expect.stringContaining('"message":"directive handled"'),
      expect.stringContaining('"_aws"'),
    ]);
    expect(expectLogAgrees(lines.slice(0, 3), 1)).toMatchObject({
      Door: 'smarthome',
      Command: 'Alexa.Discovery.Discover',
      Outcome: 'ok',
      ColdStart: 1,
    });
    expect(expectLogAgrees(lines.slice(3), 1)).toMatchObject({
      Door: 'smarthome',
      Command: 'Alexa.PowerController.TurnOn',
      Outcome: 'ok',
      ColdStart: 0,
    });
    for (const line of lines) expect(line).not.toContain(token);
  } finally {
    log.mockRestore();
  }
});

it('refuses to start without its table name', async () => {
  const { emulator } = loopback;
  process.env.DEVICE_CLOUD_BASE_URL = emulator.url;
  await expect(coldStart()).rejects.toThrow('environment variable TABLE_NAME is not set');
});

it("with half of the skill's messaging client, says so in the log and still answers every directive, AcceptGrant as before", async () => {
  const { emulator, dynamo } = loopback;
  process.env.TABLE_NAME = dynamo.tableName;
  process.env.DEVICE_CLOUD_BASE_URL = emulator.url;
  process.env.ALEXA_CLIENT_ID = 'amzn1.application-oa2-client.half';
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const handler = await coldStart();
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(
        /"level":"error","message":"Alexa grants are not kept".*ALEXA_CLIENT_SECRET_NAME is not set/,
      ),
    ]);
    const token = newToken();
    emulator.addAccount(token);
    const accepted = await handler(acceptGrant()({ token, endpointId: '', cookie: {} }));
    expectValidSmartHomeMessage(accepted);
    expect(accepted.event.header.name).toBe('AcceptGrant.Response');
  } finally {
    log.mockRestore();
  }
});
