// The one runner for the data-driven smart-home cases (cases/*.ts): each case gets its own device-cloud
// account on one emulator over loopback HTTP, its TV registered by the real setup into one dynalite
// table, and the real smart-home handler. Every response must validate against Amazon's schema.
import { DeviceCloud } from '../../src/cloud/client';
import { jsonLogger } from '../../src/log';
import { emfLines } from '../../src/metrics';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import { discoveredEndpoint, endpointIdFor } from '../../src/alexa/endpoint';
import { DynamoUserStore } from '../../src/store';
import { expectCalls } from '../support/device-calls';
import { setUpHousehold } from '../support/cases/household';
import { useLoopback } from '../support/loopback';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { allCases } from './cases';
import { type CaseContext, type SmartHomeCase } from '../support/smarthome/case';
import { CORRELATION_TOKEN } from '../support/smarthome/directives';
import { expectLogAgrees } from '../support/emf';

const DEFAULT_TIMEOUT_MS = 1000;

const loopback = useLoopback();

it.each(allCases.map((c) => [c.description, c] as const))('%s', async (_description, c) => {
  await run(c);
});

async function run(c: SmartHomeCase): Promise<void> {
  const { emulator, dynamo } = loopback;
  const ctx = await arrange(c);
  const logs: string[] = [];
  const directory = c.handler?.missingTable ? new DynamoUserStore({ tableName: 'no-such-table', client: dynamo.client }) : dynamo.store;
  let tableReads = 0;
  const handler = createSmartHomeHandler({
    directory: { tvsBehindGateways: (ids) => { tableReads++; return directory.tvsBehindGateways(ids); } },
    cloud: new DeviceCloud({ baseUrl: emulator.url, timeoutMs: c.handler?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    budgetMs: c.handler?.budgetMs,
    logger: jsonLogger((line) => logs.push(line)),
    metrics: emfLines((line) => logs.push(line)),
  });
  const endpointId = ctx.tv ? endpointIdFor(ctx.tv.thingId) ?? 'unencodable' : 'tv:no-tv';
  // Alexa hands back the cookie discovery gave the endpoint.
  const event = c.directive({ token: ctx.token, endpointId, cookie: ctx.tv ? discoveredEndpoint(ctx.tv)?.cookie ?? {} : {} });

  const response = await handler(event);

  expectValidSmartHomeMessage(response);
  // Every Response of a control directive says the TV is reachable: the device cloud took the command.
  if (response.event.header.name === 'Response') {
    expect(response.context?.properties).toContainEqual(expect.objectContaining({ namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'OK' } }));
  }
  const expected = typeof c.expected.response === 'function' ? c.expected.response(ctx) : c.expected.response;
  expect(response).toMatchObject(expected);
  // Echoes exactly what it was given to echo, with a message id of its own.
  const sent = (event as { directive?: { header?: { messageId?: string; correlationToken?: string }; endpoint?: { endpointId?: string } } }).directive;
  expect(response.event.header.correlationToken).toBe(sent?.header?.correlationToken === CORRELATION_TOKEN ? CORRELATION_TOKEN : undefined);
  expect(response.event.header.messageId).not.toBe(sent?.header?.messageId);
  // Echoed as sent, unless Amazon's schema (model.EndpointId) could never carry it.
  const sentId = sent?.endpoint?.endpointId;
  const echoable = typeof sentId === 'string' && /^[a-zA-Z0-9_\-=#;:?@&]{1,256}$/.test(sentId);
  expect(response.event.endpoint?.endpointId).toBe(echoable ? sentId : undefined);
  // The token never travels back to Alexa nor into a log line.
  expect(JSON.stringify(response)).not.toContain(ctx.token);
  for (const line of logs) expect(line).not.toContain(ctx.token);

  const wanted = typeof c.expected.calls === 'function' ? c.expected.calls(ctx.tv?.thingId ?? 'no-tv', ctx) : c.expected.calls;
  expectCalls(emulator, wanted);
  // One EMF line per directive, saying what its log line says, with the calls the emulator received.
  const emf = expectLogAgrees(logs, emulator.calls.length);
  expect(emf).toMatchObject({ Door: 'smarthome', Outcome: c.expected.outcome ?? 'ok' });
  // Control directives read no table; a discovery reads the index once.
  expect(tableReads).toBe(c.expected.tableReads ?? 0);
  if (c.expected.tv) expect(ctx.tv && emulator.tvState(ctx.tv.thingId)).toMatchObject(c.expected.tv);
  for (const pattern of c.expected.logs ?? []) expect(logs).toContainEqual(expect.stringMatching(pattern));
  if (c.expected.check) await c.expected.check(ctx, response);
}

/** A fresh account in the state the case names, then its scene steps; device calls so far are forgotten. */
async function arrange(c: SmartHomeCase): Promise<CaseContext> {
  const ctx = await setUpHousehold(loopback, c);
  for (const step of c.given ?? []) await step(ctx);
  loopback.emulator.clearCalls();
  return ctx;
}
