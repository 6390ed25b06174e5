// Proactive discovery end to end, over real HTTP on loopback: Alexa's AcceptGrant reaches the
// smart-home door, whose code is exchanged with the Login with Amazon stand-in and kept per gateway in
// dynalite; setup then reports each TV added or forgotten to the stand-in event gateway, which checks
// every event against Amazon's schema and keeps the customer's device list as the Alexa app shows it.
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventGateway } from '../../src/alexa/events';
import { LoginWithAmazon, lwaCredentialsFromEnv } from '../../src/alexa/lwa';
import { DiscoveryReporter } from '../../src/alexa/reporter';
import type { AlexaRegion } from '../../src/alexa/regions';
import { expectValidSmartHomeMessage, startAlexaStandIn, type AlexaStandIn } from '../../src/local/alexa';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { jsonLogger } from '../../src/log';
import { emfLines, type Outcome } from '../../src/metrics';
import { runSetup, type SetupResult } from '../../src/setup';
import { createSmartHomeHandler, type SmartHomeDeps } from '../../src/smarthome/app';
import type { EventMessage } from '../../src/alexa/messages';
import { ALEXA_TABLE_BUDGET, DynamoUserStore, worstCallMs } from '../../src/store';
import { newAccount, useWorld, type Account } from '../support/setup-world';
import { startFaultProxy, type TcpRule } from '../support/tcp-faults';

const world = useWorld();
let alexa: AlexaStandIn;
let lines: string[];
beforeAll(async () => {
  alexa = await startAlexaStandIn();
});
afterAll(() => alexa.close());
beforeEach(() => {
  lines = [];
});
const logger = () => jsonLogger((line) => lines.push(line));
const sharp = DEFAULT_PRESETS[0].deviceId;

function lwa(secret = alexa.clientSecret, now?: () => number): LoginWithAmazon {
  return new LoginWithAmazon({
    clientId: alexa.clientId,
    clientSecret: secret,
    tokenUrl: alexa.tokenUrl,
    ...(now && { now }),
  });
}

function smartHome(extra: Partial<SmartHomeDeps> = {}, region: AlexaRegion = 'FE') {
  return createSmartHomeHandler({
    directory: world.dynamo.store.tvs,
    cloud: world.cloud,
    logger: logger(),
    metrics: emfLines((line) => lines.push(line)),
    grantKeeping: { lwa: lwa(), grants: async () => world.dynamo.store.grants, region },
    ...extra,
  });
}

function acceptGrantDirective(code: string, grantee: string): unknown {
  return {
    directive: {
      header: { namespace: 'Alexa.Authorization', name: 'AcceptGrant', payloadVersion: '3', messageId: randomUUID() },
      payload: { grant: { type: 'OAuth2.AuthorizationCode', code }, grantee: { type: 'BearerToken', token: grantee } },
    },
  };
}

/** What the Alexa app does once a customer enabled the skill and linked the account. */
async function link(account: Account, region: AlexaRegion = 'FE'): Promise<EventMessage> {
  const response = await smartHome(
    {},
    region,
  )(acceptGrantDirective(alexa.issueGrantCode(account.userId, region), account.token));
  expectValidSmartHomeMessage(response);
  return response;
}

function setup(
  event: Record<string, unknown>,
  reporter = new DiscoveryReporter({
    grants: world.dynamo.store.grants,
    lwa: lwa(),
    gateway: new EventGateway({ urls: alexa.gatewayUrls }),
  }),
): Promise<SetupResult> {
  const withPreset = event['removeTv'] === undefined ? { tvPresetId: sharp, ...event } : event;
  return runSetup({ store: world.dynamo.store, cloud: world.cloud, logger: logger(), reporter }, withPreset);
}

/** The account's home gateway, as its cloud plugins name it. */
const gatewayOf = async (account: Account) =>
  (await world.cloud.forToken(account.token).listCloudPlugins())[0]?.gatewayId ?? '';
const grantOf = async (account: Account) => world.dynamo.store.grants.alexaGrant(await gatewayOf(account));
const eventsOf = (account: Account) => alexa.events().filter((e) => e.customer === account.userId);

/** The outcome class the directive's EMF line reports (the alarms count failed AcceptGrants too). */
function expectOutcome(outcome: Outcome, logged = lines): void {
  const docs = logged.map((l) => JSON.parse(l) as Record<string, unknown>).filter((d) => d['_aws'] !== undefined);
  expect(docs.map((d) => [d['Command'], d['Outcome']])).toEqual([['Alexa.Authorization.AcceptGrant', outcome]]);
}

/** No log line carries a token of either side: Alexa's access and refresh tokens, the device cloud's. */
function expectNoTokensLogged(account: Account, from = lines): void {
  expect(from.length).toBeGreaterThan(0);
  const logged = from.join('\n');
  expect(logged).not.toMatch(/Atz[ar]\|/);
  expect(logged).not.toContain(account.token);
  expect(logged).not.toContain(alexa.clientSecret);
}

describe('AcceptGrant', () => {
  it("exchanges the code with Login with Amazon and keeps the tokens for the grantee's gateway, in the customer's region", async () => {
    const account = await newAccount(world);
    const response = await link(account, 'EU');

    expect(response.event.header).toMatchObject({ namespace: 'Alexa.Authorization', name: 'AcceptGrant.Response' });
    const grant = await grantOf(account);
    expect(grant).toMatchObject({
      region: 'EU',
      accessToken: expect.stringMatching(/^Atza\|/),
      refreshToken: expect.stringMatching(/^Atzr\|/),
    });
    expect(grant!.accessTokenExpiresAt).toBeGreaterThan(Date.now() + 3500_000);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ message: 'alexa grant kept', gateways: 1, region: 'EU' }),
    );
    expectOutcome('ok');
    expectNoTokensLogged(account);
  });

  it("without the skill's messaging client, accepts the grant and keeps nothing, as before", async () => {
    const account = await newAccount(world);
    const response = await smartHome({ grantKeeping: undefined })(
      acceptGrantDirective(alexa.issueGrantCode(account.userId, 'FE'), account.token),
    );

    expectValidSmartHomeMessage(response);
    expect(response.event.header.name).toBe('AcceptGrant.Response');
    expect(await grantOf(account)).toBeUndefined();
  });

  it.each([
    ['a used or unknown grant code', () => 'ANU-not-issued', undefined, 'grant-refused'],
    [
      'a wrong client secret',
      (userId: string) => alexa.issueGrantCode(userId, 'FE'),
      'not-the-secret',
      'client-refused',
    ],
  ])(
    'answers ACCEPT_GRANT_FAILED for %s, logging the class, counted as failed',
    async (_what, code, secret, errorClass) => {
      const account = await newAccount(world);
      const handler = smartHome({
        grantKeeping: { lwa: lwa(secret), grants: async () => world.dynamo.store.grants, region: 'FE' },
      });
      const response = await handler(acceptGrantDirective(code(account.userId), account.token));

      expectValidSmartHomeMessage(response);
      expect(response.event.header).toMatchObject({ namespace: 'Alexa.Authorization', name: 'ErrorResponse' });
      expect(response.event.payload).toMatchObject({
        type: 'ACCEPT_GRANT_FAILED',
        message: expect.stringMatching(/Login with Amazon/),
      });
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ message: 'alexa grant failed', class: errorClass, service: 'login-with-amazon' }),
      );
      expectOutcome('rejected');
      expect(await grantOf(account)).toBeUndefined();
      expectNoTokensLogged(account);
    },
  );

  it('answers ACCEPT_GRANT_FAILED when the grantee token reaches no device-cloud account, counted as unauthorized', async () => {
    const account = await newAccount(world);
    const response = await smartHome()(
      acceptGrantDirective(alexa.issueGrantCode(account.userId, 'FE'), 'not-a-device-cloud-token'),
    );

    expectValidSmartHomeMessage(response);
    expect(response.event.payload).toMatchObject({ type: 'ACCEPT_GRANT_FAILED' });
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ message: 'alexa grant failed', class: 'device-cloud' }),
    );
    expectOutcome('unauthorized');
  });

  it.each([
    ['no grant code', () => '', (account: Account) => account.token],
    [
      'a grantee token with a line break',
      (userId: string) => alexa.issueGrantCode(userId, 'FE'),
      (account: Account) => `${account.token}\r\nx: y`,
    ],
    ['a grantee token of 100 KB', (userId: string) => alexa.issueGrantCode(userId, 'FE'), () => 'x'.repeat(100_000)],
  ])(
    'answers ACCEPT_GRANT_FAILED for %s, counted as refused, before spending the code',
    async (_what, code, grantee) => {
      const account = await newAccount(world);
      const grantCode = code(account.userId);

      const response = await smartHome()(acceptGrantDirective(grantCode, grantee(account)));

      expectValidSmartHomeMessage(response);
      expect(response.event.payload).toMatchObject({ type: 'ACCEPT_GRANT_FAILED' });
      expectOutcome('refused');
      // The single-use code was never sent to Login with Amazon: Alexa's retry with a good grantee keeps it.
      if (grantCode !== '') {
        lines = [];
        expect((await smartHome()(acceptGrantDirective(grantCode, account.token))).event.header.name).toBe(
          'AcceptGrant.Response',
        );
        expect(await grantOf(account)).toBeDefined();
      }
    },
  );
});

describe('setup tells Alexa', () => {
  it('of a TV it adds (AddOrUpdateReport) and one it forgets (DeleteReport): the Alexa app lists exactly what Discover would', async () => {
    const account = await newAccount(world);
    await link(account);

    const first = await setup({ userId: account.userId, tvName: 'Living room TV' });
    expect(first.status).toBe('registered');
    expect(first.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'done',
      detail: expect.stringContaining("'Living room TV'"),
    });
    expect(first.next).toMatch(/The Alexa app lists it already: no device search needed\.$/);

    const second = await setup({ userId: account.userId, tvName: 'Bedroom TV' });
    expect(second.status).toBe('registered');
    expect(alexa.devices(account.userId).map((d) => d.friendlyName)).toEqual(['Living room TV', 'Bedroom TV']);

    // The endpoints reported are the ones discovery answers, field for field.
    const discovered = await smartHome()({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: randomUUID() },
        payload: { scope: { type: 'BearerToken', token: account.token } },
      },
    });
    const endpoints = discovered.event.payload['endpoints'] as Record<string, unknown>[];
    expect(alexa.devices(account.userId).map((d) => d.endpoint)).toEqual(endpoints);

    const removed = await setup({ userId: account.userId, removeTv: 'Living room TV' });
    expect(removed.status).toBe('removed');
    expect(removed.next).toMatch(/The Alexa app no longer lists it\.$/);
    expect(alexa.devices(account.userId).map((d) => d.friendlyName)).toEqual(['Bedroom TV']);

    const events = eventsOf(account);
    expect(events.map((e) => [e.region, e.name, e.status])).toEqual([
      ['FE', 'AddOrUpdateReport', 202],
      ['FE', 'AddOrUpdateReport', 202],
      ['FE', 'DeleteReport', 202],
    ]);
    for (const e of events) expectValidSmartHomeMessage(e.body);
    expectNoTokensLogged(account);
  });

  it("of new channel names for a TV it has: Alexa's copy of the endpoint (its cookie) is replaced", async () => {
    const account = await newAccount(world);
    await link(account);
    await setup({ userId: account.userId, tvName: 'Living room TV' });
    const before = alexa.devices(account.userId)[0]?.cookie;

    const rerun = await setup({ userId: account.userId, tvName: 'Living room TV', area: 'osaka' });

    expect(rerun.status).toBe('already_registered');
    expect(rerun.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'done',
      detail: "told Alexa the new description of TV 'Living room TV'",
    });
    const after = alexa.devices(account.userId)[0]?.cookie;
    // The area's id is the channel table's business; that the cookie now carries one is this test's.
    expect(before?.['channelArea']).toBeUndefined();
    expect(after?.['channelArea']).toEqual(expect.any(String));
    expect(eventsOf(account).map((e) => [e.name, e.status])).toEqual([
      ['AddOrUpdateReport', 202],
      ['AddOrUpdateReport', 202],
    ]);
  });

  it('refreshes an access token that has run out before sending, and keeps the new one', async () => {
    const account = await newAccount(world);
    await link(account);
    const before = await grantOf(account);
    // Two hours on: the stored token has expired.
    const later = () => Date.now() + 2 * 3600_000;
    const reporter = new DiscoveryReporter({
      grants: world.dynamo.store.grants,
      lwa: lwa(undefined, later),
      gateway: new EventGateway({ urls: alexa.gatewayUrls }),
      now: later,
    });

    const result = await setup({ userId: account.userId }, reporter);

    expect(result.steps).toContainEqual(expect.objectContaining({ step: 'tell-alexa', outcome: 'done' }));
    // Sent once, with the fresh token: no refused attempt first.
    expect(eventsOf(account).map((e) => e.status)).toEqual([202]);
    const after = await grantOf(account);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).toBe(before?.refreshToken);
    expectNoTokensLogged(account);
  });

  it('refreshes and sends again when the gateway calls the token expired (401)', async () => {
    const account = await newAccount(world);
    await link(account);
    alexa.expireAccessTokens(account.userId);

    const result = await setup({ userId: account.userId });

    expect(result.steps).toContainEqual(expect.objectContaining({ step: 'tell-alexa', outcome: 'done' }));
    expect(eventsOf(account).map((e) => [e.status, e.code])).toEqual([
      [401, 'INVALID_ACCESS_TOKEN_EXCEPTION'],
      [202, undefined],
    ]);
    expect(alexa.devices(account.userId)).toHaveLength(1);
  });

  it('forgets the grant when the skill was disabled (403 SKILL_DISABLED), and still registers the TV, telling the user to discover', async () => {
    const account = await newAccount(world);
    await link(account);
    alexa.disableSkill(account.userId);

    const result = await setup({ userId: account.userId });

    expect(result.status).toBe('registered');
    expect(result.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'skipped',
      detail: expect.stringContaining('(skill-disabled)'),
    });
    expect(result.next).toMatch(/say "Alexa, discover devices"\.$/);
    expect(await grantOf(account)).toBeUndefined();
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'alexa event failed',
        change: 'added',
        kind: 'skill-disabled',
        service: 'event-gateway',
        status: 403,
        code: 'SKILL_DISABLED_EXCEPTION',
      }),
    );
    expectNoTokensLogged(account);

    // The next setup finds no grant: nothing is sent, and the answer says to discover.
    const next = await setup({ userId: account.userId, tvName: 'Bedroom TV' });
    expect(next.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'skipped',
      detail: expect.stringMatching(/^no Alexa grant for gateway/),
    });
    expect(eventsOf(account)).toHaveLength(1);
  });

  it('never fails setup when the event gateway cannot be reached, saying to discover instead', async () => {
    const account = await newAccount(world);
    await link(account);
    // Nothing listens on port 9.
    const unreachable = {
      NA: 'http://127.0.0.1:9/v3/events',
      EU: 'http://127.0.0.1:9/v3/events',
      FE: 'http://127.0.0.1:9/v3/events',
    };
    const reporter = new DiscoveryReporter({
      grants: world.dynamo.store.grants,
      lwa: lwa(),
      gateway: new EventGateway({ urls: unreachable }),
    });

    const result = await setup({ userId: account.userId }, reporter);

    expect(result.status).toBe('registered');
    expect(result.steps).toContainEqual({
      step: 'tell-alexa',
      outcome: 'skipped',
      detail: expect.stringContaining('(unavailable)'),
    });
    expect(result.next).toMatch(/say "Alexa, discover devices"\.$/);
    // A passing failure keeps the grant.
    expect(await grantOf(account)).toBeDefined();
  });

  it("without the skill's messaging client answers as before and sends nothing", async () => {
    const account = await newAccount(world);
    const result = await runSetup(
      { store: world.dynamo.store, cloud: world.cloud, logger: logger() },
      { userId: account.userId, tvPresetId: sharp },
    );

    expect(result.status).toBe('registered');
    expect(result.steps.map((s) => s.step)).not.toContain('tell-alexa');
    expect(result.next).toBe(`Setup is complete: ask Alexa to turn on '${result.tv?.deviceName}'.`);
    expect(eventsOf(account)).toEqual([]);
  });
});

describe('with the table failing (a real loopback proxy in front of dynalite)', () => {
  /** A store that reaches the table through a proxy applying `rule`, with the smart-home Lambda's budget. */
  async function storeBehind(rule: TcpRule): Promise<{ store: DynamoUserStore; close: () => Promise<void> }> {
    const proxy = await startFaultProxy(process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? '', rule);
    const { connectTimeoutMs, requestTimeoutMs, maxAttempts } = ALEXA_TABLE_BUDGET;
    const client = new DynamoDBClient({
      endpoint: proxy.endpoint,
      maxAttempts,
      requestHandler: {
        connectionTimeout: connectTimeoutMs,
        requestTimeout: requestTimeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: requestTimeoutMs,
      },
    });
    return {
      store: new DynamoUserStore({ tableName: world.dynamo.tableName, client }),
      close: async () => {
        client.destroy();
        await proxy.close();
      },
    };
  }

  // Its wait (every attempt of the grant's write timing out) runs beside the other tests: a proxy and log
  // lines of its own.
  it.concurrent(
    "AcceptGrant answers ACCEPT_GRANT_FAILED within Alexa's 8 s when the grant cannot be written",
    async () => {
      const ownLines: string[] = [];
      const account = await newAccount(world);
      const table = await storeBehind((op) => (op === 'UpdateItem' ? 'hang' : 'pass'));
      try {
        const handler = smartHome({
          logger: jsonLogger((line) => ownLines.push(line)),
          metrics: emfLines((line) => ownLines.push(line)),
          grantKeeping: { lwa: lwa(), grants: async () => table.store.grants, region: 'FE' },
        });
        const started = Date.now();
        const response = await handler(acceptGrantDirective(alexa.issueGrantCode(account.userId, 'FE'), account.token));
        expect(Date.now() - started).toBeLessThan(8000);
        expect(Date.now() - started).toBeLessThan(worstCallMs(ALEXA_TABLE_BUDGET) + 2000);
        expectValidSmartHomeMessage(response);
        expect(response.event.payload).toEqual({
          type: 'ACCEPT_GRANT_FAILED',
          message: 'Failed to handle the AcceptGrant directive because the grant could not be kept',
        });
        expect(ownLines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
          expect.objectContaining({ message: 'alexa grant failed', class: 'StoreError' }),
        );
        expectOutcome('store', ownLines);
        expectNoTokensLogged(account, ownLines);
      } finally {
        await table.close();
      }
    },
  );

  it('setup still registers the TV when the grant cannot be read, and says to discover', async () => {
    const account = await newAccount(world);
    await link(account);
    const table = await storeBehind(() => 'reset');
    try {
      const reporter = new DiscoveryReporter({
        grants: table.store.grants,
        lwa: lwa(),
        gateway: new EventGateway({ urls: alexa.gatewayUrls }),
      });
      const result = await setup({ userId: account.userId }, reporter);
      expect(result.status).toBe('registered');
      expect(result.steps).toContainEqual({
        step: 'tell-alexa',
        outcome: 'skipped',
        detail: expect.stringContaining('(store)'),
      });
      expect(result.next).toMatch(/say "Alexa, discover devices"\.$/);
      expect(eventsOf(account)).toEqual([]);
    } finally {
      await table.close();
    }
  });
});

describe('with Login with Amazon failing (a real loopback proxy in front of the stand-in)', () => {
  it.each([
    ['never answers', 'hang', 'timeout'],
    ['drops the connection', 'reset', 'unavailable'],
  ] as const)(
    'AcceptGrant answers ACCEPT_GRANT_FAILED within its timeout when LWA %s (proxy: %s), counted as %s',
    async (_what, behaviour, outcome) => {
      const account = await newAccount(world);
      const proxy = await startFaultProxy(alexa.tokenUrl, () => behaviour);
      try {
        const slowLwa = new LoginWithAmazon({
          clientId: alexa.clientId,
          clientSecret: alexa.clientSecret,
          tokenUrl: `${proxy.endpoint}/auth/o2/token`,
          timeoutMs: 300,
        });
        const started = Date.now();
        const response = await smartHome({
          grantKeeping: { lwa: slowLwa, grants: async () => world.dynamo.store.grants, region: 'FE' },
        })(acceptGrantDirective(alexa.issueGrantCode(account.userId, 'FE'), account.token));
        expect(Date.now() - started).toBeLessThan(300 + 3000);
        expectValidSmartHomeMessage(response);
        expect(response.event.payload).toMatchObject({
          type: 'ACCEPT_GRANT_FAILED',
          message: expect.stringMatching(/Login with Amazon/),
        });
        expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
          expect.objectContaining({ message: 'alexa grant failed', class: outcome, service: 'login-with-amazon' }),
        );
        expectOutcome(outcome);
        expect(await grantOf(account)).toBeUndefined();
        expectNoTokensLogged(account);
      } finally {
        await proxy.close();
      }
    },
  );
});

describe("the skill's messaging client from the environment", () => {
  it('is both ALEXA_CLIENT_ID and ALEXA_CLIENT_SECRET_NAME, or neither; one alone names the other; a secret value in the environment is refused', () => {
    expect(lwaCredentialsFromEnv({})).toBeUndefined();
    expect(lwaCredentialsFromEnv({ ALEXA_CLIENT_ID: ' id ', ALEXA_CLIENT_SECRET_NAME: 'tv/alexa' })).toEqual({
      clientId: 'id',
      clientSecret: expect.objectContaining({ value: expect.any(Function) }),
    });
    expect(() => lwaCredentialsFromEnv({ ALEXA_CLIENT_ID: 'id' })).toThrow(
      /ALEXA_CLIENT_SECRET_NAME is not set, but ALEXA_CLIENT_ID is/,
    );
    expect(() => lwaCredentialsFromEnv({ ALEXA_CLIENT_SECRET_NAME: 'tv/alexa' })).toThrow(/ALEXA_CLIENT_ID is not set/);
    expect(() => lwaCredentialsFromEnv({ ALEXA_CLIENT_ID: 'id', ALEXA_CLIENT_SECRET: 'secret' })).toThrow(
      /ALEXA_CLIENT_SECRET is set: the client secret is read from Secrets Manager/,
    );
  });
});
