// The skill's messaging client secret as deployed: read from Secrets Manager (a loopback stand-in of its
// API) where Login with Amazon needs it, kept a few minutes, read again after that, and read again at
// once when LWA refuses the kept one. A rotation is the operator's two steps: the new secret accepted
// by LWA (the old one too until revoked), and the new value put in Secrets Manager.
import { clientSecretFrom, CLIENT_SECRET_TTL_MS, LoginWithAmazon } from '../../src/alexa/lwa';
import { isAlexaApiError } from '../../src/alexa/errors';
import { startAlexaStandIn, type AlexaStandIn } from '../../src/local/alexa';
import { LOCAL_AWS_ENV } from '../../src/local/dynamo';
import { isolateEnvironment } from '../support/lambda-env';
import { startSecretsManagerStandIn, type SecretsManagerStandIn } from '../support/secrets-manager';

const NAME = 'tv-voice-remote/alexa-client-secret';
isolateEnvironment(['AWS_ENDPOINT_URL_SECRETS_MANAGER', ...Object.keys(LOCAL_AWS_ENV)]);
let alexa: AlexaStandIn;
let secrets: SecretsManagerStandIn;
let clock: number;
beforeAll(async () => {
  [alexa, secrets] = await Promise.all([startAlexaStandIn({ clientSecret: 'secret-1' }), startSecretsManagerStandIn()]);
});
afterAll(async () => {
  await Promise.all([alexa.close(), secrets.close()]);
});
beforeEach(() => {
  Object.assign(process.env, LOCAL_AWS_ENV, { AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url });
  clock = 1_800_000_000_000;
  secrets.put(NAME, 'secret-1');
  alexa.acceptClientSecrets(['secret-1']);
});

/** A fresh container's client: nothing read yet. */
const lwa = () =>
  new LoginWithAmazon({
    clientId: alexa.clientId,
    clientSecret: clientSecretFrom(NAME, () => clock),
    tokenUrl: alexa.tokenUrl,
  });
const grant = (lwaClient: LoginWithAmazon) => lwaClient.exchangeCode(alexa.issueGrantCode('customer-1', 'FE'));
const reads = () => secrets.reads().filter((id) => id === NAME).length;

it('reads the secret at the first use, not before, and keeps it within its time', async () => {
  const before = reads();
  const client = lwa();
  expect(reads()).toBe(before);
  await grant(client);
  clock += CLIENT_SECRET_TTL_MS - 1;
  await grant(client);
  expect(reads()).toBe(before + 1);
});

it("uses a rotated secret once the kept one's time is up, with no redeploy and no refusal first", async () => {
  const client = lwa();
  await grant(client);
  const before = reads();
  // Rotation: LWA takes both for now; the new value goes to Secrets Manager.
  alexa.acceptClientSecrets(['secret-1', 'secret-2']);
  secrets.put(NAME, 'secret-2');
  clock += CLIENT_SECRET_TTL_MS;
  await grant(client);
  expect(reads()).toBe(before + 1);
  // The old one revoked: the next use, within the new value's time, needs no read, so it sent secret-2.
  alexa.acceptClientSecrets(['secret-2']);
  clock += 1000;
  await grant(client);
  expect(reads()).toBe(before + 1);
});

it('reads the secret again at once when LWA refuses the kept one, and tries once more with the new value', async () => {
  const client = lwa();
  await grant(client);
  const before = reads();
  alexa.acceptClientSecrets(['secret-2']);
  secrets.put(NAME, 'secret-2');
  clock += 1000;
  await expect(grant(client)).resolves.toMatchObject({ accessToken: expect.any(String) });
  expect(reads()).toBe(before + 1);
});

it('with a refused secret that reading again does not change, fails as a refused client after one read, no loop', async () => {
  const client = lwa();
  await grant(client);
  const before = reads();
  alexa.acceptClientSecrets(['secret-3']);
  const failure = await grant(client).catch((e: unknown) => e);
  expect(isAlexaApiError(failure) && failure.kind).toBe('client-refused');
  expect(reads()).toBe(before + 1);
  expect(String(failure)).not.toContain('secret-1');
});

it("a secret that cannot be read is LWA unavailable, naming neither the secret's value nor its name, and is read again next time", async () => {
  const client = new LoginWithAmazon({
    clientId: alexa.clientId,
    clientSecret: clientSecretFrom('no/such/secret', () => clock),
    tokenUrl: alexa.tokenUrl,
  });
  const failure = await grant(client).catch((e: unknown) => e);
  expect(isAlexaApiError(failure) && failure.kind).toBe('unavailable');
  expect(String(failure)).toMatch(/client secret: the secret could not be read \(ResourceNotFoundException\)/);
  expect(String(failure)).not.toContain('no/such/secret');
  secrets.put('no/such/secret', 'secret-1');
  await expect(grant(client)).resolves.toMatchObject({ accessToken: expect.any(String) });
});
