// The household known from an earlier listing (src/google/known-household.ts, src/store/families/token-reach.ts):
// each case runs requests through the real Google handler, with the emulator and one dynalite table over
// loopback, then the request it is about; the device calls of that request only are compared. The entry
// saves the listing and nothing else: another household's TV is never pressed, a refused token and
// DISCONNECT forget it, setup's changes are not vouched for, and no item or log carries the token.
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { DeviceCloud } from '../../src/cloud/client';
import { createGoogleHandler, type GoogleHandler } from '../../src/google/app';
import { googleResponseErrors } from '../../src/local/google/schema';
import { jsonLogger } from '../../src/log';
import { runSetup } from '../../src/setup';
import { DynamoTokenReach, tokenDigest, tokenReachKey, TOKEN_REACH_TTL_MS } from '../../src/store/families/token-reach';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import type { CaseContext } from '../support/google/case';
import { fault, neighboursTv } from '../support/google/given';
import { disconnect, execute, query, sync, type RequestSpec } from '../support/google/requests';
import { setUpHousehold } from '../support/cases/household';
import { useLoopback } from '../support/loopback';
import { expectCalls, powerOn, tune, type ExpectedCall } from '../support/device-calls';

const loopback = useLoopback();

const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const SEARCH = { method: 'GET', path: '/management/v2/me/devices/availabilities' } as const;

interface World extends CaseContext {
  send: (request: RequestSpec) => Promise<{ status: number; body: Record<string, unknown> }>;
  reach: DynamoTokenReach;
  /** Moves the reach entries' clock on. */
  later: (ms: number) => void;
  /** A second TV setup added behind the same gateway. */
  added?: { thingId: string; gatewayId: string };
}

interface Case {
  description: string;
  /** Requests and scene changes before the one the case is about; their device calls are not compared. */
  before: ((w: World) => Promise<unknown> | void)[];
  /** Built once the scene is set, so it may name what the steps made. */
  request: (w: World) => RequestSpec;
  expected: {
    status: number;
    calls: (w: World) => ExpectedCall[];
    body?: (w: World) => Record<string, unknown>;
    /** Nothing pressed for anyone: the own TV and the neighbour's stay as they were. */
    untouched?: boolean;
    check?: (w: World) => Promise<void>;
  };
}

const send = (request: RequestSpec) => (w: World) => w.send(request);
const synced = send(sync());
const notFound = (id: (w: World) => string) => (w: World) => ({
  payload: { commands: [{ ids: [id(w)], status: 'ERROR', errorCode: 'deviceNotFound' }] },
});
const success = (w: World) => ({
  payload: { commands: [{ ids: [w.tv!.thingId], status: 'SUCCESS', states: { online: true } }] },
});
const expectForgotten = async (w: World) => {
  expect(await w.reach.known(w.token)).toBeUndefined();
  const item = (
    await loopback.dynamo.client.send(new ScanCommand({ TableName: loopback.dynamo.tableName }))
  ).Items?.find((i) => i['pk']?.S === tokenReachKey(w.token).pk);
  expect(item?.['reach']).toBeUndefined();
};
const refuseToken = async (w: World) => w.emulator.expireToken(w.token);
const addTv = async (w: World) => {
  const result = await runSetup(
    { store: w.store, cloud: new DeviceCloud({ baseUrl: w.emulator.url }) },
    { userId: w.userId, accessToken: w.token, tvName: 'Bedroom TV' },
  );
  if (result.status !== 'registered' || !result.tv)
    throw new Error(`setup did not register the second TV: ${result.status}`);
  w.added = { thingId: result.tv.thingId, gatewayId: w.tv!.gatewayId };
};
const forgetTv = async (w: World) => {
  const result = await runSetup(
    { store: w.store, cloud: new DeviceCloud({ baseUrl: w.emulator.url }) },
    { userId: w.userId, accessToken: w.token, removeTv: 'Living room TV' },
  );
  if (result.status !== 'removed') throw new Error(`setup did not forget the TV: ${result.status}`);
};

const cases: Case[] = [
  // The second command within the expiry makes no gateway listing.
  {
    description: 'a second EXECUTE within the expiry presses without listing the gateways',
    before: [send(execute('OnOff', { on: true }))],
    request: () => execute('selectChannel', { channelNumber: '5' }),
    expected: { status: 200, body: success, calls: (w) => [tune(w.tv!.thingId, '5')] },
  },
  {
    description:
      'after SYNC, an EXECUTE without customData presses without listing (the entry names the gateways to read)',
    before: [synced],
    request: () => execute('OnOff', { on: true }, (to) => [to.deviceId]),
    expected: { status: 200, body: success, calls: (w) => [powerOn(w.tv!.thingId)] },
  },
  {
    description: 'after SYNC, a QUERY searches without listing',
    before: [synced],
    request: () => query(),
    expected: { status: 200, calls: (w) => [{ ...SEARCH, query: { gatewayId: w.tv!.gatewayId } }] },
  },
  {
    description: 'past the expiry the gateways are listed again',
    before: [synced, async (w) => w.later(TOKEN_REACH_TTL_MS + 1000)],
    request: () => execute('OnOff', { on: true }),
    expected: { status: 200, body: success, calls: (w) => [PLUGINS, powerOn(w.tv!.thingId)] },
  },
  // Another household's device id is never pressed, with or without forged customData, entry or not.
  {
    description:
      "with an entry for this token, another household's TV with its own gateway as customData is listed for and not pressed",
    before: [neighboursTv, synced],
    request: () => execute('OnOff', { on: true }, (to) => [{ id: to.neighbour!, gatewayId: to.neighbourGateway! }]),
    expected: { status: 200, body: notFound((w) => w.neighbour!.thingId), calls: () => [PLUGINS], untouched: true },
  },
  {
    description:
      "with an entry for this token, another household's TV with this household's gateway as customData is not pressed",
    before: [neighboursTv, synced],
    request: () => execute('OnOff', { on: true }, (to) => [{ id: to.neighbour!, gatewayId: to.gatewayId! }]),
    expected: { status: 200, body: notFound((w) => w.neighbour!.thingId), calls: () => [PLUGINS], untouched: true },
  },
  {
    description: "with an entry for this token, another household's TV without customData is not pressed",
    before: [neighboursTv, synced],
    request: () => execute('OnOff', { on: true }, (to) => [to.neighbour!]),
    expected: { status: 200, body: notFound((w) => w.neighbour!.thingId), calls: () => [PLUGINS], untouched: true },
  },
  {
    description:
      "with entries for both tokens, another household's TV named beside this one's is not pressed; this one is",
    before: [neighboursTv, synced, async (w) => w.send((to) => sync()({ ...to, token: w.neighbour!.token }))],
    request: () =>
      execute('OnOff', { on: true }, (to) => [
        { id: to.deviceId, gatewayId: to.gatewayId! },
        { id: to.neighbour!, gatewayId: to.neighbourGateway! },
      ]),
    expected: {
      status: 200,
      calls: (w) => [PLUGINS, powerOn(w.tv!.thingId)],
      body: (w) => ({
        payload: {
          commands: [
            { ids: [w.tv!.thingId], status: 'SUCCESS' },
            { ids: [w.neighbour!.thingId], status: 'ERROR', errorCode: 'deviceNotFound' },
          ],
        },
      }),
      check: async (w) => expect(w.emulator.tvState(w.neighbour!.thingId)?.power).not.toBe('on'),
    },
  },
  {
    description: "without an entry, another household's TV with forged customData is not pressed",
    before: [neighboursTv],
    request: () => execute('OnOff', { on: true }, (to) => [{ id: to.neighbour!, gatewayId: to.neighbourGateway! }]),
    expected: { status: 200, body: notFound((w) => w.neighbour!.thingId), calls: () => [PLUGINS], untouched: true },
  },
  // A token the device cloud refused is never trusted from the entry again.
  {
    description:
      'a token refused at its listing is forgotten: the next EXECUTE lists (and is refused), it does not press',
    before: [synced, refuseToken, synced],
    request: () => execute('OnOff', { on: true }),
    expected: { status: 401, calls: () => [PLUGINS], untouched: true, check: expectForgotten },
  },
  {
    description: 'a token refused at the press answers 401, and its entry is forgotten',
    before: [synced, refuseToken],
    request: () => execute('OnOff', { on: true }),
    expected: { status: 401, calls: (w) => [powerOn(w.tv!.thingId)], untouched: true, check: expectForgotten },
  },
  // DISCONNECT and setup's changes.
  {
    description: 'DISCONNECT forgets the entry: the next EXECUTE lists the gateways',
    before: [synced, send(disconnect())],
    request: () => execute('OnOff', { on: true }),
    expected: { status: 200, body: success, calls: (w) => [PLUGINS, powerOn(w.tv!.thingId)] },
  },
  {
    description: 'DISCONNECT forgets the entry even when the device cloud cannot list the gateways',
    before: [synced, fault({ path: '/management/v2/me/cloudPlugins', status: 503 })],
    request: () => disconnect(),
    expected: { status: 200, calls: () => [PLUGINS], check: expectForgotten },
  },
  {
    description: 'a TV setup added after the listing is not vouched for: its EXECUTE lists the gateways first',
    before: [synced, addTv],
    request: (w) => execute('OnOff', { on: true }, () => [{ id: w.added!.thingId, gatewayId: w.added!.gatewayId }]),
    expected: { status: 200, calls: (w) => [PLUGINS, powerOn(w.added!.thingId)] },
  },
  {
    description: 'a TV setup forgot after the listing is not pressed',
    before: [synced, forgetTv],
    request: () => execute('OnOff', { on: true }),
    expected: { status: 200, body: notFound((w) => w.tv!.thingId), calls: () => [PLUGINS], untouched: true },
  },
];

it.each(cases.map((c) => [c.description, c] as const))('%s', async (_description, c) => {
  const logs: string[] = [];
  const w = await arrange(logs);
  for (const step of c.before) await step(w);
  const before = {
    own: w.emulator.tvState(w.tv!.thingId),
    neighbour: w.neighbour && w.emulator.tvState(w.neighbour.thingId),
  };
  w.emulator.clearCalls();

  const { status, body } = await w.send(c.request(w));

  expect(status).toBe(c.expected.status);
  expectCalls(w.emulator, c.expected.calls(w));
  if (c.expected.body) expect(body).toMatchObject(c.expected.body(w));
  if (c.expected.untouched) {
    expect(w.emulator.tvState(w.tv!.thingId)).toEqual(before.own);
    if (w.neighbour) expect(w.emulator.tvState(w.neighbour.thingId)).toEqual(before.neighbour);
  }
  await c.expected.check?.(w);
  await expectNoTokenStored(w, logs);
});

/** No item (key or attribute) and no log line holds the token in any form; the entry is keyed by its digest. */
async function expectNoTokenStored(w: World, logs: string[]): Promise<void> {
  const items =
    (await loopback.dynamo.client.send(new ScanCommand({ TableName: loopback.dynamo.tableName }))).Items ?? [];
  const forms = [w.token, Buffer.from(w.token).toString('base64url'), Buffer.from(w.token).toString('hex')];
  const text = JSON.stringify(items);
  for (const form of forms) expect(text).not.toContain(form);
  for (const line of logs) for (const form of forms) expect(line).not.toContain(form);
  const entry = items.find((i) => i['pk']?.S?.startsWith('reach#') && i['pk']?.S === `reach#${tokenDigest(w.token)}`);
  if (entry) expect(entry['pk']?.S).toMatch(/^reach#[A-Za-z0-9_-]{43}$/);
}

async function arrange(logs: string[]): Promise<World> {
  const { emulator, dynamo } = loopback;
  const ctx: CaseContext = {
    ...(await setUpHousehold(loopback, {})),
    links: new DynamoGoogleLinks({ tableName: dynamo.tableName, client: dynamo.client }),
  };
  let offset = 0;
  const reach = new DynamoTokenReach({
    tableName: dynamo.tableName,
    client: dynamo.client,
    now: () => Date.now() + offset,
  });
  const handler: GoogleHandler = createGoogleHandler({
    directory: ctx.store.tvs,
    links: ctx.links,
    reach,
    cloud: new DeviceCloud({ baseUrl: emulator.url, timeoutMs: 1000 }),
    logger: jsonLogger((line) => logs.push(line)),
  });
  const w: World = {
    ...ctx,
    reach,
    later: (ms) => {
      offset += ms;
    },
    send: async (request) => {
      const event = request({
        token: ctx.token,
        deviceId: ctx.tv!.thingId,
        gatewayId: ctx.tv!.gatewayId,
        neighbour: w.neighbour?.thingId,
        neighbourGateway: w.neighbour?.gatewayId,
      }) as { body: string };
      const answer = await handler(event);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      if (answer.statusCode === 200)
        expect(
          googleResponseErrors((JSON.parse(event.body) as { inputs: { intent: string }[] }).inputs[0]!.intent, body),
        ).toEqual([]);
      return { status: answer.statusCode, body };
    },
  };
  return w;
}
