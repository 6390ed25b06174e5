// The one runner for the data-driven Google cases (cases/*.ts): each case gets its own device-cloud account
// on one emulator over loopback HTTP, its TV registered by the real setup into one dynalite table, and the
// real Google handler. Every 200 body must validate against Google's schemas (test/support/google-smart-home).
import { DeviceCloud } from '../../src/cloud/client';
import { createGoogleHandler } from '../../src/google/app';
import { googleResponseErrors } from '../../src/local/google/schema';
import { jsonLogger } from '../../src/log';
import { emfLines } from '../../src/metrics';
import { DynamoUserStore } from '../../src/store';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { expectLogAgrees } from '../support/emf';
import { setUpHousehold } from '../support/household';
import { useLoopback } from '../support/loopback';
import { expectCalls } from '../support/skill/calls';
import type { CaseContext, GoogleCase } from '../support/google/case';
import { allCases } from './cases';

const DEFAULT_TIMEOUT_MS = 1000;

const loopback = useLoopback();

it.each(allCases.map((c) => [c.description, c] as const))('%s', async (_description, c) => {
  await run(c);
});

async function run(c: GoogleCase): Promise<void> {
  const { emulator } = loopback;
  const ctx = await arrange(c);
  const logs: string[] = [];
  const { dynamo } = loopback;
  const missing = { tableName: 'no-such-table', client: dynamo.client };
  const handler = createGoogleHandler({
    directory: c.handler?.missingTable ? new DynamoUserStore(missing) : ctx.store,
    links: c.handler?.missingTable || c.handler?.missingLinksTable ? new DynamoGoogleLinks(missing) : ctx.links,
    cloud: new DeviceCloud({ baseUrl: emulator.url, timeoutMs: c.handler?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    budgetMs: c.handler?.budgetMs,
    logger: jsonLogger((line) => logs.push(line)),
    metrics: emfLines((line) => logs.push(line)),
  });
  const event = c.request({
    token: ctx.token, deviceId: ctx.tv?.thingId ?? 'no-tv', gatewayId: ctx.tv?.gatewayId, neighbour: ctx.neighbour?.thingId, neighbourGateway: ctx.neighbour?.gatewayId,
  });
  const started = Date.now();

  const answer = await handler(event);

  // Google waits as Alexa does; nothing is answered later than 8 s whatever the device cloud does.
  expect(Date.now() - started).toBeLessThan(8000);
  expect(answer.statusCode).toBe(c.expected.status);
  expect(answer.headers['content-type']).toBe('application/json');
  if (c.expected.headers) expect(answer.headers).toMatchObject(c.expected.headers);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  if (answer.statusCode === 200) {
    const intent = (JSON.parse((event as { body: string; isBase64Encoded: boolean }).isBase64Encoded
      ? Buffer.from((event as { body: string }).body, 'base64').toString('utf8') : (event as { body: string }).body) as { inputs: { intent: string }[] }).inputs[0]!.intent;
    expect(googleResponseErrors(intent, body)).toEqual([]);
  }
  const expected = typeof c.expected.body === 'function' ? c.expected.body(ctx) : c.expected.body;
  if (expected) expect(body).toMatchObject(expected);
  // The token never travels back nor into a log line; nor does the household's agentUserId or TV name.
  const agentUserId = (body['payload'] as { agentUserId?: string } | undefined)?.agentUserId;
  for (const secret of [ctx.token, agentUserId, 'Living room'].filter((s): s is string => s !== undefined)) {
    for (const line of logs) expect(line).not.toContain(secret);
  }
  expect(answer.body).not.toContain(ctx.token);

  const wanted = typeof c.expected.calls === 'function' ? c.expected.calls(ctx.tv?.thingId ?? 'no-tv', ctx) : c.expected.calls;
  expectCalls(emulator, wanted);
  const emf = expectLogAgrees(logs, emulator.calls.length);
  expect(emf).toMatchObject({ Door: 'google', Outcome: c.expected.outcome ?? 'ok' });
  if (c.expected.tv) expect(ctx.tv && emulator.tvState(ctx.tv.thingId)).toMatchObject(c.expected.tv);
  if (c.expected.check) await c.expected.check(ctx, body);
}

/** A fresh account in the state the case names, then its scene steps; device calls so far are forgotten. */
async function arrange(c: GoogleCase): Promise<CaseContext> {
  const { emulator, dynamo } = loopback;
  const ctx: CaseContext = { ...await setUpHousehold(loopback, c), links: new DynamoGoogleLinks({ tableName: dynamo.tableName, client: dynamo.client }) };
  for (const step of c.given ?? []) await step(ctx);
  emulator.clearCalls();
  return ctx;
}
