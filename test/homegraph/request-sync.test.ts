// Request Sync against the loopback stand-in of Google's token endpoint and HomeGraph (real HTTP), the
// household's link kept in dynalite: the JWT grant the stand-in verifies with the test's public key, one
// token for many calls until shortly before it expires, the one body requestSync takes, a 404 that forgets
// the link, and every failure a HomeGraphError of its kind that quotes no key, token or agentUserId.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HomeGraph,
  HomeGraphError,
  parseServiceAccountKey,
  RequestSync,
  type ServiceAccountKey,
} from '../../src/homegraph';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';
import { keyFileFor, keyPieces, newPrivateKey, useHomeGraph } from '../support/homegraph';

const google = useHomeGraph();
let dynamo: TestDynamo;
let links: DynamoGoogleLinks;
beforeAll(async () => {
  dynamo = await startTestDynamo();
  links = new DynamoGoogleLinks({ tableName: dynamo.tableName, client: dynamo.client });
});
afterAll(async () => {
  await dynamo.close();
});

const key = (): Promise<ServiceAccountKey> => Promise.resolve(parseServiceAccountKey(google.keyFile));
const client = (options: { now?: () => number; timeoutMs?: number; key?: () => Promise<ServiceAccountKey> } = {}) =>
  new HomeGraph({ key: options.key ?? key, baseUrl: google.homegraph.url, ...options });

let gatewayCount = 0;
/** A household linked with Google: the agentUserId its first SYNC kept, known to Google. */
async function linkedHousehold(gateways = 1): Promise<{ gateways: string[]; agentUserId: string }> {
  const ids = Array.from({ length: gateways }, () => `gw-${++gatewayCount}-${Date.now()}`);
  const agentUserId = await links.agentUserIdFor(ids);
  google.homegraph.link(agentUserId);
  return { gateways: ids, agentUserId };
}

/** What an error may not say: the key, any access token issued, the household's id. */
function expectNoSecret(text: string, agentUserId?: string): void {
  for (const piece of keyPieces(google.privateKeyPem)) expect(text).not.toContain(piece);
  for (const token of google.homegraph.issuedTokens()) expect(text).not.toContain(token);
  if (agentUserId !== undefined) expect(text).not.toContain(agentUserId);
}

async function failure(work: Promise<unknown>): Promise<HomeGraphError> {
  const e = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HomeGraphError);
  return e as HomeGraphError;
}

describe('requestSync', () => {
  it('exchanges a signed JWT for a token, sends {agentUserId, async: true}, and reuses the token', async () => {
    const { gateways, agentUserId } = await linkedHousehold();
    const before = google.homegraph.tokenRequests().length;
    const sync = new RequestSync({ links, homegraph: client() });

    expect(await sync.requestSync(gateways)).toBe('sent');
    expect(await sync.requestSync(gateways)).toBe('sent');

    expect(google.homegraph.syncs().slice(-2)).toEqual([
      { status: 200, agentUserId, async: true },
      { status: 200, agentUserId, async: true },
    ]);
    expect(google.homegraph.tokenRequests().slice(before)).toEqual([{ status: 200 }]);
  });

  it('takes a new token shortly before the kept one expires', async () => {
    const { agentUserId } = await linkedHousehold();
    // The first token is taken as if almost an hour ago (the stand-in, on the real clock, still takes
    // that assertion); now, with half a minute of it left, the client takes a new one.
    let now = Date.now() - (3600_000 - 30_000);
    const homegraph = client({ now: () => now });
    const before = google.homegraph.tokenRequests().length;
    await homegraph.requestSync(agentUserId);
    now = Date.now();
    await homegraph.requestSync(agentUserId);
    expect(google.homegraph.tokenRequests().slice(before)).toEqual([{ status: 200 }, { status: 200 }]);
  });

  it('renews a token HomeGraph refuses (401) once, and the retry is taken', async () => {
    const { agentUserId } = await linkedHousehold();
    const homegraph = client();
    await homegraph.requestSync(agentUserId);
    google.homegraph.expireAccessTokens();

    expect(await homegraph.requestSync(agentUserId)).toBe('sent');
    expect(
      google.homegraph
        .syncs()
        .slice(-2)
        .map((s) => s.status),
    ).toEqual([401, 200]);
  });

  it('reads the key only when the first call needs it', async () => {
    const { agentUserId } = await linkedHousehold();
    const reads: number[] = [];
    const homegraph = client({
      key: () => {
        reads.push(1);
        return key();
      },
    });
    expect(reads).toHaveLength(0);
    await homegraph.requestSync(agentUserId);
    await homegraph.requestSync(agentUserId);
    expect(reads).toHaveLength(1);
  });

  it('sends nothing for a household that never linked Google', async () => {
    const before = google.homegraph.syncs().length + google.homegraph.tokenRequests().length;
    const sync = new RequestSync({ links, homegraph: client() });
    expect(await sync.requestSync(['gw-never-linked'])).toBe('not-linked');
    expect(google.homegraph.syncs().length + google.homegraph.tokenRequests().length).toBe(before);
  });

  it("finds the household's id through any of its gateways", async () => {
    const { gateways, agentUserId } = await linkedHousehold();
    const sync = new RequestSync({ links, homegraph: client() });
    expect(await sync.requestSync(['gw-added-since-the-last-sync', ...gateways])).toBe('sent');
    expect(google.homegraph.syncs().at(-1)).toEqual({ status: 200, agentUserId, async: true });
  });
});

describe('a user Google no longer knows (404)', () => {
  it("forgets the household's link for every gateway, and the next change sends nothing", async () => {
    const { gateways, agentUserId } = await linkedHousehold(2);
    google.homegraph.unlink(agentUserId);
    const sync = new RequestSync({ links, homegraph: client() });

    expect(await sync.requestSync(gateways)).toBe('forgotten');

    expect(google.homegraph.syncs().at(-1)).toEqual({ status: 404, agentUserId, async: true });
    expect(await Promise.all(gateways.map((g) => links.agentUserIdOf(g)))).toEqual([undefined, undefined]);
    const count = google.homegraph.syncs().length;
    expect(await sync.requestSync(gateways)).toBe('not-linked');
    expect(google.homegraph.syncs()).toHaveLength(count);
  });
});

describe('failures, each a HomeGraphError of its kind that quotes no secret', () => {
  it("a key the service account does not have: key-refused, with OAuth's code", async () => {
    const { agentUserId } = await linkedHousehold();
    const other = newPrivateKey().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrong = parseServiceAccountKey(keyFileFor(google.homegraph, other));
    const e = await failure(client({ key: () => Promise.resolve(wrong) }).requestSync(agentUserId));
    expect(e.fields()).toEqual({ kind: 'key-refused', service: 'token', status: 400, code: 'invalid_grant' });
    expectNoSecret(`${e.message} ${JSON.stringify(e)}`, agentUserId);
    for (const piece of keyPieces(other)) expect(e.message).not.toContain(piece);
  });

  it.each([
    [
      'HomeGraph unavailable (503)',
      'homegraph',
      { status: 503, body: { error: { code: 503, status: 'UNAVAILABLE' } } },
      { kind: 'unavailable', service: 'homegraph', status: 503, code: 'UNAVAILABLE' },
    ],
    [
      'HomeGraph throttling (429)',
      'homegraph',
      { status: 429 },
      { kind: 'unavailable', service: 'homegraph', status: 429 },
    ],
    [
      'the API not enabled for the project (403)',
      'homegraph',
      { status: 403, body: { error: { code: 403, status: 'PERMISSION_DENIED' } } },
      { kind: 'refused', service: 'homegraph', status: 403, code: 'PERMISSION_DENIED' },
    ],
    [
      'a redirect, never followed',
      'homegraph',
      { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } },
      { kind: 'unavailable', service: 'homegraph' },
    ],
    ['a dropped connection', 'homegraph', 'reset', { kind: 'unavailable', service: 'homegraph' }],
    ['the token endpoint down (500)', 'token', { status: 500 }, { kind: 'unavailable', service: 'token', status: 500 }],
    [
      'a token answer that is not JSON',
      'token',
      { status: 200, body: 'not a token' },
      { kind: 'unavailable', service: 'token', status: 200 },
    ],
  ] as const)('%s', async (_name, service, fault, fields) => {
    const { agentUserId } = await linkedHousehold();
    google.homegraph.fail(service, fault);
    const e = await failure(client().requestSync(agentUserId));
    expect(e.fields()).toMatchObject(fields);
    expectNoSecret(`${e.message} ${JSON.stringify(e)}`, agentUserId);
  });

  it("a service that never answers: timeout within the client's deadline", async () => {
    const { agentUserId } = await linkedHousehold();
    google.homegraph.fail('homegraph', 'hang');
    const started = Date.now();
    const e = await failure(client({ timeoutMs: 300 }).requestSync(agentUserId));
    expect(e.fields()).toMatchObject({ kind: 'timeout', service: 'homegraph' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an answer longer than the bound: unavailable, not read to its end', async () => {
    const { agentUserId } = await linkedHousehold();
    // A real server that sends a megabyte in place of a token answer.
    const big: Server = createServer((_req, res) => res.end('x'.repeat(1024 * 1024)));
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    try {
      const tokenUri = `http://127.0.0.1:${(big.address() as AddressInfo).port}/token`;
      const elsewhere = parseServiceAccountKey(
        keyFileFor(google.homegraph, google.privateKeyPem, { token_uri: tokenUri }),
      );
      const e = await failure(client({ key: () => Promise.resolve(elsewhere) }).requestSync(agentUserId));
      expect(e.fields()).toMatchObject({ kind: 'unavailable', service: 'token' });
      expect(e.message).toMatch(/longer than/);
    } finally {
      big.closeAllConnections();
      big.close();
    }
  });
});

describe('the service-account key file', () => {
  it.each([
    [
      'not JSON (a piece of the key in it)',
      () => `{"private_key": "${google.privateKeyPem.slice(40, 120)}`,
      /not JSON/,
    ],
    [
      'another kind of credential',
      () => keyFileFor(google.homegraph, google.privateKeyPem, { type: 'authorized_user' }),
      /not a service-account key/,
    ],
    [
      'no client_email',
      () => keyFileFor(google.homegraph, google.privateKeyPem, { client_email: undefined }),
      /no client_email/,
    ],
    [
      'a token_uri over plain http off loopback',
      () => keyFileFor(google.homegraph, google.privateKeyPem, { token_uri: 'http://oauth2.example.com/token' }),
      /token_uri is not an https URL/,
    ],
    [
      'a private key that is no PEM',
      () =>
        keyFileFor(
          google.homegraph,
          `-----BEGIN PRIVATE KEY-----\n${google.privateKeyPem.slice(40, 200)}\n-----END PRIVATE KEY-----\n`,
        ),
      /not a PEM private key/,
    ],
  ])('%s: bad-key, quoting nothing of it', (_name, text, message) => {
    const e = (() => {
      try {
        parseServiceAccountKey(text());
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(HomeGraphError);
    expect((e as HomeGraphError).kind).toBe('bad-key');
    expect((e as HomeGraphError).message).toMatch(message);
    expectNoSecret((e as HomeGraphError).message);
  });

  it("reads Google's key file: the account, the token endpoint, the key id and an RSA key", () => {
    const parsed = parseServiceAccountKey(google.keyFile);
    expect(parsed).toMatchObject({
      clientEmail: google.homegraph.clientEmail,
      tokenUri: google.homegraph.tokenUri,
      keyId: '0123456789abcdef0123456789abcdef01234567',
    });
    expect(parsed.privateKey.asymmetricKeyType).toBe('rsa');
  });
});
