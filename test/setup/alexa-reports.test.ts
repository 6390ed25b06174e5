// Setup's events to Alexa when a run stops part way (the table resets the connection of one write,
// through the loopback fault proxy in front of dynalite) and a later run finishes the work: Alexa's
// device list (the stand-in event gateway's) ends up as discovery's, each event sent once.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventGateway } from '../../src/alexa/events';
import { LoginWithAmazon } from '../../src/alexa/lwa';
import { DiscoveryReporter } from '../../src/alexa/reporter';
import { startAlexaStandIn, type AlexaStandIn } from '../../src/local/alexa';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { runSetup, type SetupResult } from '../../src/setup';
import { DynamoUserStore } from '../../src/store';
import type { UserStore } from '../../src/store';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import type { SmartHomeHandler } from '../../src/smarthome/app';
import { startFaultProxy, type FaultProxy } from '../support/tcp-faults';
import { newAccount, useWorld, type Account } from '../support/setup-world';

const world = useWorld();
const sharp = DEFAULT_PRESETS[0].deviceId;
let alexa: AlexaStandIn;
let proxy: FaultProxy;
let flaky: DynamoUserStore;
beforeAll(async () => {
  alexa = await startAlexaStandIn();
  proxy = await startFaultProxy(process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? '');
  flaky = new DynamoUserStore({
    tableName: world.dynamo.tableName,
    client: new DynamoDBClient({ endpoint: proxy.endpoint, maxAttempts: 1 }),
  });
});
afterAll(async () => {
  await proxy.close();
  await alexa.close();
});
afterEach(() => proxy.set(() => 'pass'));

const lwa = () =>
  new LoginWithAmazon({ clientId: alexa.clientId, clientSecret: alexa.clientSecret, tokenUrl: alexa.tokenUrl });

function setup(event: Record<string, unknown>, store: UserStore = world.dynamo.store): Promise<SetupResult> {
  const reporter = new DiscoveryReporter({
    grants: world.dynamo.store.grants,
    lwa: lwa(),
    gateway: new EventGateway({ urls: alexa.gatewayUrls }),
  });
  return runSetup({ store, cloud: world.cloud, reporter }, event);
}

/** The account linked in the Alexa app (AcceptGrant through the real smart-home door), with two TVs set up. */
async function linkedWithTwoTvs(): Promise<Account> {
  const account = await linked(await newAccount(world));
  await setup({ userId: account.userId, tvName: 'Living room TV', tvPresetId: sharp });
  await setup({ userId: account.userId, tvName: 'Bedroom TV', tvPresetId: sharp });
  return account;
}

const smartHome = (): SmartHomeHandler =>
  createSmartHomeHandler({
    directory: world.dynamo.store.tvs,
    cloud: world.cloud,
    grantKeeping: { lwa: lwa(), grants: async () => world.dynamo.store.grants, region: 'FE' },
  });

/** AcceptGrant through the real smart-home door, as when the account is linked in the Alexa app. */
async function linked(account: Account): Promise<Account> {
  await smartHome()({
    directive: {
      header: { namespace: 'Alexa.Authorization', name: 'AcceptGrant', payloadVersion: '3', messageId: 'm-1' },
      payload: {
        grant: { type: 'OAuth2.AuthorizationCode', code: alexa.issueGrantCode(account.userId, 'FE') },
        grantee: { type: 'BearerToken', token: account.token },
      },
    },
  });
  return account;
}

const eventNames = (account: Account) =>
  alexa
    .events()
    .filter((e) => e.customer === account.userId && e.status === 202)
    .map((e) => e.name);
const listed = (account: Account) =>
  alexa
    .devices(account.userId)
    .map((d) => d.friendlyName)
    .sort();

/** The table resets the connection of every update carrying `marker`, and passes everything else. */
const failing = (marker: string) => () =>
  proxy.set((operation, request) => (operation === 'UpdateItem' && request.includes(marker) ? 'reset' : 'pass'));

describe('a removal stopped before the gateway index was updated, finished by a later run', () => {
  const reruns: Array<{ why: string; rerun: (userId: string) => Record<string, unknown> }> = [
    { why: 'the same removeTv again', rerun: (userId) => ({ userId, removeTv: 'Living room TV' }) },
    { why: 'a run for the other TV', rerun: (userId) => ({ userId, tvName: 'Bedroom TV' }) },
    { why: 'a run that sets up a third TV', rerun: (userId) => ({ userId, tvName: 'Kitchen TV', tvPresetId: sharp }) },
  ];

  it.each(reruns)('$why: DeleteReport is sent once, and Alexa lists what discovery lists', async ({ rerun }) => {
    const account = await linkedWithTwoTvs();
    failing('DELETE #owners')();
    await expect(setup({ userId: account.userId, removeTv: 'Living room TV' }, flaky)).rejects.toMatchObject({
      step: 'remove-tv',
    });
    proxy.set(() => 'pass');
    expect(listed(account)).toEqual(['Bedroom TV', 'Living room TV']);

    const again = await setup(rerun(account.userId));

    expect(again.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'done',
      detail: expect.stringContaining("TV 'Living room TV' is gone"),
    });
    expect(listed(account)).not.toContain('Living room TV');
    expect(eventNames(account).filter((n) => n === 'DeleteReport')).toHaveLength(1);
  });
});

describe('a TV whose gateway-index write failed, listed by the rerun', () => {
  it.each([
    ['the same command again', { tvName: 'Kitchen TV', tvPresetId: sharp }],
    ['a run naming only the TV', { tvName: 'kitchen tv' }],
  ])('%s: AddOrUpdateReport is sent once, so the Alexa app lists it without a device search', async (_why, rerun) => {
    const account = await linkedWithTwoTvs();
    failing('ADD #owners')();
    await expect(
      setup({ userId: account.userId, tvName: 'Kitchen TV', tvPresetId: sharp }, flaky),
    ).rejects.toMatchObject({ step: 'save-tv' });
    proxy.set(() => 'pass');
    expect(listed(account)).toEqual(['Bedroom TV', 'Living room TV']);

    const again = await setup({ userId: account.userId, ...rerun });

    expect(again.status).toBe('already_registered');
    expect(again.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'done',
      detail: expect.stringContaining("'Kitchen TV'"),
    });
    expect(again.next).toMatch(/The Alexa app lists it already/);
    expect(listed(account)).toEqual(['Bedroom TV', 'Kitchen TV', 'Living room TV']);
    expect(eventNames(account)).toEqual(['AddOrUpdateReport', 'AddOrUpdateReport', 'AddOrUpdateReport']);

    // A further rerun finds it listed, and tells Alexa nothing again.
    const third = await setup({ userId: account.userId, tvName: 'Kitchen TV' });
    expect(third.steps.map((s) => s.step)).not.toContain('tell-alexa');
    expect(eventNames(account)).toHaveLength(3);
  });
});

describe('what AddOrUpdateReport tells Alexa about a TV', () => {
  // A preset as the device cloud names one: its maker, its own name (the model) and the type label "TV".
  const presets = [
    {
      deviceId: 'TV-SHARP-4T',
      manufacturer: 'SHARP',
      typeName: 'TV',
      deviceName: 'AQUOS 4T-C50EN1',
      makerCode: 1,
      typeCode: 1,
    },
  ];

  it('is what Discover says: EndpointHealth declared, and the maker and model of the preset, with no word doubled', async () => {
    const account = await linked(await newAccount(world, { presets }));
    await setup({ userId: account.userId, tvName: 'Den TV', tvPresetId: 'TV-SHARP-4T' });
    const [reported] = alexa.devices(account.userId);

    const discovered = await smartHome()({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: 'm-2' },
        payload: { scope: { type: 'BearerToken', token: account.token } },
      },
    });

    // The stand-in gateway accepted it, so Amazon's schema did (src/local/alexa/stand-in.ts).
    expect(eventNames(account)).toEqual(['AddOrUpdateReport']);
    expect(discovered.event.payload['endpoints']).toEqual([reported?.endpoint]);
    expect(reported?.endpoint).toMatchObject({
      manufacturerName: 'SHARP',
      description: 'SHARP AQUOS 4T-C50EN1 TV through the IR learning remote',
      additionalAttributes: { manufacturer: 'SHARP', model: 'AQUOS 4T-C50EN1' },
      capabilities: expect.arrayContaining([
        {
          type: 'AlexaInterface',
          interface: 'Alexa.EndpointHealth',
          version: '3',
          properties: { supported: [{ name: 'connectivity' }], proactivelyReported: false, retrievable: true },
        },
      ]),
    });
  });

  // Works with Alexa asks for the maker and the model on every endpoint ("Works with Alexa Skill Requirements").
  it('builds the model from the maker, the type label and the preset when the preset names none, and says "TV" once', async () => {
    const account = await linked(await newAccount(world, { presets: [{ ...presets[0]!, deviceName: undefined }] }));
    await setup({ userId: account.userId, tvName: 'Den TV', tvPresetId: 'TV-SHARP-4T' });
    const [reported] = alexa.devices(account.userId);
    expect(reported?.endpoint).toMatchObject({
      description: 'SHARP TV (preset TV-SHARP-4T) through the IR learning remote',
      additionalAttributes: { manufacturer: 'SHARP', model: 'SHARP TV (preset TV-SHARP-4T)' },
    });
    expect(await discovered(account)).toEqual([reported?.endpoint]);
  });

  it('gives two presets of one maker two models, in AddOrUpdateReport and in Discover', async () => {
    const two = [
      { ...presets[0]!, deviceName: undefined },
      { ...presets[0]!, deviceId: 'TV-SHARP-2T', deviceName: undefined, typeCode: 2 },
    ];
    const account = await linked(await newAccount(world, { presets: two }));
    await setup({ userId: account.userId, tvName: 'Den TV', tvPresetId: 'TV-SHARP-4T' });
    await setup({ userId: account.userId, tvName: 'Loft TV', tvPresetId: 'TV-SHARP-2T' });
    const models = alexa
      .devices(account.userId)
      .map((d) => (d.endpoint['additionalAttributes'] as { model?: string }).model);
    expect(models.sort()).toEqual(['SHARP TV (preset TV-SHARP-2T)', 'SHARP TV (preset TV-SHARP-4T)']);
    expect(
      (await discovered(account)).map((e) => (e['additionalAttributes'] as { model?: string }).model).sort(),
    ).toEqual(models);
  });

  // The preset list's shape is not public (interface section 4.4): these are shapes it could have.
  const SHAPES: [what: string, body: unknown, attributes: { manufacturer?: string; model: string }][] = [
    [
      'the model under `modelName`, deep in the answer, no maker',
      { result: 0, data: { groups: [{ items: [{ deviceId: 'TV-SHARP-4T', modelName: '4T-C50EN1' }] }] } },
      { manufacturer: 'SHARP', model: '4T-C50EN1' },
    ],
    [
      'the model under `model`, a bare array',
      [{ deviceId: 'TV-SHARP-4T', model: 'AQUOS 4T' }],
      { manufacturer: 'SHARP', model: 'AQUOS 4T' },
    ],
    [
      'a model number as a number',
      { result: 0, presets: [{ deviceId: 'TV-SHARP-4T', modelNumber: 5040 }] },
      { manufacturer: 'SHARP', model: '5040' },
    ],
    [
      'nothing but the deviceId: the maker and type label from the registration answer',
      { result: 0, list: [{ deviceId: 'TV-SHARP-4T' }] },
      { manufacturer: 'SHARP', model: 'SHARP TV (preset TV-SHARP-4T)' },
    ],
    [
      'a model field holding the type label only',
      { result: 0, list: [{ deviceId: 'TV-SHARP-4T', model: 'television', manufacturer: 'シャープ' }] },
      { manufacturer: 'シャープ', model: 'シャープ TV (preset TV-SHARP-4T)' },
    ],
    [
      'labels of the wrong types',
      {
        result: 0,
        list: [{ deviceId: 'TV-SHARP-4T', modelName: { name: 'x' }, model: ['y'], manufacturer: 7, typeName: null }],
      },
      { manufacturer: 'SHARP', model: 'SHARP TV (preset TV-SHARP-4T)' },
    ],
  ];

  it.each(SHAPES)('reads a preset list with %s', async (_what, body, attributes) => {
    const account = await linked(await newAccount(world, { presets: [{ ...presets[0]!, deviceName: undefined }] }));
    world.emulator.injectFault({ path: '/device/v2/device/preset', body });
    await setup({ userId: account.userId, tvName: 'Den TV', tvPresetId: 'TV-SHARP-4T' });
    const [reported] = alexa.devices(account.userId);
    expect(reported?.endpoint['additionalAttributes']).toEqual(attributes);
    expect(await discovered(account)).toEqual([reported?.endpoint]);
  });

  async function discovered(account: Account): Promise<Record<string, unknown>[]> {
    const answer = await smartHome()({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: 'm-3' },
        payload: { scope: { type: 'BearerToken', token: account.token } },
      },
    });
    return answer.event.payload['endpoints'] as Record<string, unknown>[];
  }
});
