// The setup Lambda's Request Sync, started cold as Lambda starts it: on only with GOOGLE_SERVICE_ACCOUNT_SECRET,
// the key read from Secrets Manager (a loopback stand-in of its API) at the first sync and kept for the
// container, HomeGraph at HOMEGRAPH_BASE_URL (the loopback stand-in of Google's side).
import { createGoogleHandler } from '../../src/google/app';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import type { SetupResult } from '../../src/setup/types';
import { keyPieces, useHomeGraph } from '../support/homegraph';
import { coldStart, isolateEnvironment } from '../support/lambda-env';
import { startSecretsManagerStandIn, type SecretsManagerStandIn } from '../support/secrets-manager';
import { newAccount, useWorld, type Account } from '../support/setup-world';

type SetupHandler = (event: unknown) => Promise<SetupResult>;

const SECRET_NAME = 'tv-voice-remote/google-service-account';
isolateEnvironment([
  'TABLE_NAME',
  'DEVICE_CLOUD_BASE_URL',
  'GOOGLE_SERVICE_ACCOUNT_SECRET',
  'HOMEGRAPH_BASE_URL',
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
]);
const world = useWorld();
const google = useHomeGraph();
let secrets: SecretsManagerStandIn;
let lines: string[];
beforeAll(async () => {
  secrets = await startSecretsManagerStandIn();
});
afterAll(async () => {
  await secrets.close();
});
beforeEach(() => {
  lines = [];
  jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  process.env['TABLE_NAME'] = world.dynamo.tableName;
  process.env['DEVICE_CLOUD_BASE_URL'] = world.emulator.url;
  process.env['AWS_ENDPOINT_URL_SECRETS_MANAGER'] = secrets.url;
  process.env['HOMEGRAPH_BASE_URL'] = google.homegraph.url;
});
afterEach(() => jest.restoreAllMocks());

const start = (): Promise<SetupHandler> => coldStart(() => import('../../src/setup/lambda'));

/** The account linked in the Google Home app: the door's SYNC keeps its agentUserId, which Google then knows. */
async function linkGoogle(account: Account): Promise<string> {
  const door = createGoogleHandler({
    directory: world.dynamo.store.tvs,
    links: new DynamoGoogleLinks({ tableName: world.dynamo.tableName, client: world.dynamo.client }),
    cloud: world.cloud,
  });
  const answer = await door({
    requestContext: { http: { method: 'POST' } },
    headers: { authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ requestId: 'r-1', inputs: [{ intent: 'action.devices.SYNC' }] }),
  });
  const agentUserId = (JSON.parse(answer.body) as { payload: { agentUserId: string } }).payload.agentUserId;
  google.homegraph.link(agentUserId);
  return agentUserId;
}

const tv = (n: number) => ({ tvName: `TV ${n}`, tvPresetId: DEFAULT_PRESETS[0].deviceId });

describe('the setup Lambda with GOOGLE_SERVICE_ACCOUNT_SECRET', () => {
  it('reads the key once per container, at the first sync, and sends one requestSync per change', async () => {
    secrets.put(SECRET_NAME, google.keyFile);
    process.env['GOOGLE_SERVICE_ACCOUNT_SECRET'] = SECRET_NAME;
    const handler = await start();
    // Cold start reads nothing: a run that syncs nothing never reads the secret.
    expect(secrets.reads()).toEqual([]);
    const account = await newAccount(world);
    const agentUserId = await linkGoogle(account);
    const syncsBefore = google.homegraph.syncs().length;

    const first = await handler({ userId: account.userId, ...tv(1) });
    // Google takes the token back: the second run takes a new one, signed with the key kept since the first.
    google.homegraph.expireAccessTokens();
    const tokensBefore = google.homegraph.tokenRequests().length;
    const second = await handler({ userId: account.userId, ...tv(2) });
    expect(google.homegraph.tokenRequests().length).toBe(tokensBefore + 1);

    expect([first.status, second.status]).toEqual(['registered', 'registered']);
    expect(google.homegraph.syncs().slice(syncsBefore)).toEqual([
      { status: 200, agentUserId, async: true },
      // The expired token, refused; the retry with a new one.
      { status: 401 },
      { status: 200, agentUserId, async: true },
    ]);
    expect(secrets.reads()).toEqual([SECRET_NAME]);
    const text = lines.join('\n');
    for (const piece of keyPieces(google.privateKeyPem)) expect(text).not.toContain(piece);
    for (const token of google.homegraph.issuedTokens()) expect(text).not.toContain(token);
    expect(text).not.toContain(agentUserId);
  });

  it('a secret it cannot read leaves setup registered, and the next run reads it again', async () => {
    process.env['GOOGLE_SERVICE_ACCOUNT_SECRET'] = 'tv-voice-remote/no-such-secret';
    const handler = await start();
    const account = await newAccount(world);
    await linkGoogle(account);
    const readsBefore = secrets.reads().length;

    const first = await handler({ userId: account.userId, ...tv(1) });
    expect(first.status).toBe('registered');
    expect(first.steps).toContainEqual({
      step: 'tell-google',
      outcome: 'skipped',
      detail: expect.stringContaining('(no-key)'),
    });
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'google sync failed', kind: 'no-key' }),
    );

    await handler({ userId: account.userId, ...tv(2) });
    expect(secrets.reads().length - readsBefore).toBeGreaterThanOrEqual(2);
  });
});

describe('the setup Lambda without GOOGLE_SERVICE_ACCOUNT_SECRET', () => {
  it('reads no secret, asks Google nothing and says nothing about it, even for a linked household', async () => {
    const handler = await start();
    const account = await newAccount(world);
    await linkGoogle(account);
    const before = { reads: secrets.reads().length, syncs: google.homegraph.syncs().length };

    const result = await handler({ userId: account.userId, ...tv(1) });

    expect(result.status).toBe('registered');
    expect({ reads: secrets.reads().length, syncs: google.homegraph.syncs().length }).toEqual(before);
    expect(result.steps.map((s) => s.step)).not.toContain('tell-google');
    expect(lines.join('\n')).not.toMatch(/google|homegraph/i);
  });
});
