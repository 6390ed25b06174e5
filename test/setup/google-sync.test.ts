// Setup asks Google to sync after each change, against real parts: the device-cloud emulator, dynalite, the
// Google door itself (its SYNC keeps the household's agentUserId, its DISCONNECT forgets it) and the loopback
// stand-in of Google's token endpoint and HomeGraph. One requestSync per change of a linked household, none
// for a household that never linked Google, and never a reason for setup to fail; no log line holds the
// key, an access token or the agentUserId.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createGoogleHandler } from '../../src/google/app';
import { HomeGraph, parseServiceAccountKey, RequestSync } from '../../src/homegraph';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { DynamoUserStore } from '../../src/store';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { keyPieces, useHomeGraph } from '../support/homegraph';
import { startFaultProxy } from '../support/tcp-faults';
import { newAccount, setup, setupOk, useWorld, type Account } from '../support/setup-world';

const world = useWorld();
const google = useHomeGraph();
const sharp = DEFAULT_PRESETS[0].deviceId;

const links = () => new DynamoGoogleLinks({ tableName: world.dynamo.tableName, client: world.dynamo.client });
/** What the setup Lambda wires when a key is configured, with the key file at hand instead of in a secret. */
const requestSync = () =>
  new RequestSync({
    links: links(),
    homegraph: new HomeGraph({
      key: () => Promise.resolve(parseServiceAccountKey(google.keyFile)),
      baseUrl: google.homegraph.url,
    }),
  });

/** A request of Google's to the door, as a Lambda Function URL hands it over. */
async function askTheDoor(account: Account, intent: string): Promise<Record<string, unknown>> {
  const door = createGoogleHandler({ directory: world.dynamo.store.tvs, links: links(), cloud: world.cloud });
  const answer = await door({
    version: '2.0',
    requestContext: { http: { method: 'POST' } },
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requestId: `r-${intent}`, inputs: [{ intent }] }),
    isBase64Encoded: false,
  });
  expect(answer.statusCode).toBe(200);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** The user links the account in the Google Home app: Google's first SYNC, whose agentUserId Google then knows. */
async function linkGoogle(account: Account): Promise<string> {
  const answer = await askTheDoor(account, 'action.devices.SYNC');
  const agentUserId = (answer['payload'] as { agentUserId: string }).agentUserId;
  google.homegraph.link(agentUserId);
  return agentUserId;
}

/** The requestSyncs Google received during `work`. */
async function syncsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; syncs: ReturnType<typeof google.homegraph.syncs> }> {
  const before = google.homegraph.syncs().length;
  const result = await work();
  return { result, syncs: google.homegraph.syncs().slice(before) };
}

/** No line holds the private key, an access token Google issued, or the household's agentUserId. */
function expectNoSecretIn(lines: string[], agentUserId: string): void {
  const text = lines.join('\n');
  for (const piece of keyPieces(google.privateKeyPem)) expect(text).not.toContain(piece);
  for (const token of google.homegraph.issuedTokens()) expect(text).not.toContain(token);
  expect(text).not.toContain(agentUserId);
}

describe('a household linked with Google', () => {
  it("setting up a TV sends one requestSync with the household's agentUserId, and says so", async () => {
    const account = await newAccount(world);
    const agentUserId = await linkGoogle(account);

    const { result, syncs } = await syncsDuring(() =>
      setupOk(world, { userId: account.userId, tvPresetId: sharp }, { google: requestSync() }),
    );

    expect(result.status).toBe('registered');
    expect(syncs).toEqual([{ status: 200, agentUserId, async: true }]);
    expect(result.steps).toContainEqual({
      step: 'tell-google',
      outcome: 'done',
      detail: expect.stringContaining('asked Google to sync'),
    });
    expectNoSecretIn(result.run.logLines, agentUserId);
    // What Google's SYNC answers now: the new TV.
    const synced = await askTheDoor(account, 'action.devices.SYNC');
    expect((synced['payload'] as { devices: { id: string }[] }).devices.map((d) => d.id)).toEqual([result.tv?.thingId]);
  });

  it('new channel names, a volume step, and forgetting the TV each send one; a rerun that changes nothing sends none', async () => {
    const account = await newAccount(world);
    await setupOk(world, { userId: account.userId, tvName: 'Living room TV', tvPresetId: sharp });
    const agentUserId = await linkGoogle(account);
    const run = (event: Record<string, unknown>) =>
      syncsDuring(() => setupOk(world, { userId: account.userId, ...event }, { google: requestSync() }));

    const renamed = await run({ tvName: 'Living room TV', area: '東京都' });
    const stepped = await run({ tvName: 'Living room TV', volumeStep: 2 });
    const unchanged = await run({ tvName: 'Living room TV' });
    const removed = await run({ removeTv: 'Living room TV' });

    expect([renamed, stepped, unchanged, removed].map((r) => [r.result.status, r.syncs.length])).toEqual([
      ['already_registered', 1],
      ['already_registered', 1],
      ['already_registered', 0],
      ['removed', 1],
    ]);
    for (const r of [renamed, stepped, removed]) expect(r.syncs).toEqual([{ status: 200, agentUserId, async: true }]);
    expect(unchanged.result.steps.map((s) => s.step)).not.toContain('tell-google');
    for (const r of [renamed, stepped, unchanged, removed]) expectNoSecretIn(r.result.run.logLines, agentUserId);
  });

  it('a HomeGraph that fails leaves the TV registered; the step says why, the log says the kind only', async () => {
    const account = await newAccount(world);
    const agentUserId = await linkGoogle(account);
    google.homegraph.fail('homegraph', {
      status: 503,
      body: { error: { code: 503, message: `backend down for ${agentUserId}`, status: 'UNAVAILABLE' } },
    });

    const result = await setupOk(world, { userId: account.userId, tvPresetId: sharp }, { google: requestSync() });

    expect(result.status).toBe('registered');
    expect(world.emulator.tvs(account.token)).toHaveLength(1);
    expect((await world.dynamo.store.links.get(account.userId))?.tvs).toHaveLength(1);
    expect(result.steps).toContainEqual({
      step: 'tell-google',
      outcome: 'skipped',
      detail: expect.stringMatching(/\(unavailable\).*sync my devices/),
    });
    const warned = result.run.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l['message'] === 'google sync failed');
    expect(warned).toEqual([expect.objectContaining({ level: 'warn', kind: 'unavailable' })]);
    expect(Object.keys(warned[0] ?? {}).sort()).toEqual([
      'gatewayId',
      'kind',
      'level',
      'message',
      'tvThingId',
      'userId',
    ]);
    expectNoSecretIn(result.run.logLines, agentUserId);
    // The link stays: only Google saying it knows no such user forgets it.
    const gatewayId = (await world.dynamo.store.links.get(account.userId))!.tvs![0]!.gatewayId;
    expect(await links().agentUserIdOf(gatewayId)).toBe(agentUserId);
  });

  it('a key the token endpoint refuses leaves setup registered too', async () => {
    const account = await newAccount(world);
    await linkGoogle(account);
    google.homegraph.fail('token', {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    });
    const result = await setupOk(world, { userId: account.userId, tvPresetId: sharp }, { google: requestSync() });
    expect(result.status).toBe('registered');
    expect(result.steps).toContainEqual({
      step: 'tell-google',
      outcome: 'skipped',
      detail: expect.stringContaining('(key-refused)'),
    });
  });

  it('Google no longer knowing the household (404) forgets its link, and later changes send nothing', async () => {
    const account = await newAccount(world);
    const agentUserId = await linkGoogle(account);
    // Unlinked in the Google Home app, with the DISCONNECT lost on the way.
    google.homegraph.unlink(agentUserId);

    const first = await syncsDuring(() =>
      setupOk(world, { userId: account.userId, tvName: 'Kitchen TV', tvPresetId: sharp }, { google: requestSync() }),
    );
    expect(first.syncs).toEqual([{ status: 404, agentUserId, async: true }]);
    expect(first.result.steps).toContainEqual({
      step: 'tell-google',
      outcome: 'skipped',
      detail: expect.stringContaining('Google link is forgotten'),
    });
    const gatewayId = (await world.dynamo.store.links.get(account.userId))!.tvs![0]!.gatewayId;
    expect(await links().agentUserIdOf(gatewayId)).toBeUndefined();

    const next = await syncsDuring(() =>
      setupOk(world, { userId: account.userId, tvName: 'Kitchen TV', area: '大阪府' }, { google: requestSync() }),
    );
    expect(next.syncs).toEqual([]);
    expect(next.result.steps.map((s) => s.step)).not.toContain('tell-google');
  });

  it('after DISCONNECT through the door, setup sends nothing', async () => {
    const account = await newAccount(world);
    await linkGoogle(account);
    expect(await askTheDoor(account, 'action.devices.DISCONNECT')).toEqual({});

    const { result, syncs } = await syncsDuring(() =>
      setupOk(world, { userId: account.userId, tvPresetId: sharp }, { google: requestSync() }),
    );
    expect(result.status).toBe('registered');
    expect(syncs).toEqual([]);
    expect(result.steps.map((s) => s.step)).not.toContain('tell-google');
  });
});

describe('a removal stopped before the gateway index was updated (the table reset one write)', () => {
  it('is told to Google by the later run that finishes it, once', async () => {
    const account = await newAccount(world);
    await setupOk(world, { userId: account.userId, tvName: 'Living room TV', tvPresetId: sharp });
    await setupOk(world, { userId: account.userId, tvName: 'Bedroom TV', tvPresetId: sharp });
    const agentUserId = await linkGoogle(account);
    const proxy = await startFaultProxy(process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? '');
    const client = new DynamoDBClient({ endpoint: proxy.endpoint, maxAttempts: 1 });
    try {
      const flaky = new DynamoUserStore({ tableName: world.dynamo.tableName, client });
      proxy.set((operation, request) =>
        operation === 'UpdateItem' && request.includes('DELETE #owners') ? 'reset' : 'pass',
      );
      const stopped = await syncsDuring(() =>
        setup(world, { userId: account.userId, removeTv: 'Living room TV' }, { store: flaky, google: requestSync() }),
      );
      expect(stopped.result.error).toMatchObject({ step: 'remove-tv' });
      expect(stopped.syncs).toEqual([]);

      const finished = await syncsDuring(() =>
        setupOk(world, { userId: account.userId, tvName: 'Bedroom TV' }, { google: requestSync() }),
      );
      expect(finished.syncs).toEqual([{ status: 200, agentUserId, async: true }]);
      const synced = await askTheDoor(account, 'action.devices.SYNC');
      expect((synced['payload'] as { devices: { name: { name: string } }[] }).devices.map((d) => d.name.name)).toEqual([
        'Bedroom TV',
      ]);
    } finally {
      client.destroy();
      await proxy.close();
    }
  });
});

describe('a household that never linked Google', () => {
  it('is skipped quietly: no request, no step, no log line about Google', async () => {
    const account = await newAccount(world);
    const tokensBefore = google.homegraph.tokenRequests().length;

    const { result, syncs } = await syncsDuring(() =>
      setupOk(world, { userId: account.userId, tvPresetId: sharp }, { google: requestSync() }),
    );

    expect(result.status).toBe('registered');
    expect(syncs).toEqual([]);
    // Not even a token: the key is not used for a household with nothing to sync.
    expect(google.homegraph.tokenRequests()).toHaveLength(tokensBefore);
    expect(result.steps.map((s) => s.step)).not.toContain('tell-google');
    expect(result.run.logLines.join('\n')).not.toMatch(/google/i);
  });
});

describe('no service-account key configured', () => {
  it('sends nothing for a linked household, and setup answers as it always has', async () => {
    const account = await newAccount(world);
    await linkGoogle(account);
    const { result, syncs } = await syncsDuring(() => setupOk(world, { userId: account.userId, tvPresetId: sharp }));
    expect(result.status).toBe('registered');
    expect(syncs).toEqual([]);
    expect(result.run.logLines.join('\n')).not.toMatch(/google/i);
  });
});
