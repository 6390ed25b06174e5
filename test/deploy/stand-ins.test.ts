// The stand-ins serverless.yml's custom.esbuild.alias puts in the Lambda bundles for packages whose code
// Lambda never runs: each gives what its callers read, with the same behaviour.
import { services } from 'ask-sdk-model';
import { services as lazyServices } from '../../build/ask-sdk-model';
import {
  credentialsTreatedAsExpired,
  credentialsWillNeedRefresh,
  defaultProvider,
} from '../../build/lambda-credentials';
import nodeUrl, { URL as StandInURL } from '../../build/node-url';

describe('the whatwg-url stand-in', () => {
  it("is Node's own URL, default and named, as node-fetch would read it", () => {
    expect(nodeUrl.URL).toBe(globalThis.URL);
    expect(StandInURL).toBe(globalThis.URL);
    expect(new nodeUrl.URL('https://dsymphony.com/device/v2/tv/channel/').pathname).toBe('/device/v2/tv/channel/');
  });
});

describe('the credential provider stand-in', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('returns the role credentials Lambda puts in the environment', async () => {
    process.env['AWS_ACCESS_KEY_ID'] = 'AKIDSTANDIN';
    process.env['AWS_SECRET_ACCESS_KEY'] = 'secret-standin';
    process.env['AWS_SESSION_TOKEN'] = 'session-standin';
    await expect(defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'AKIDSTANDIN',
      secretAccessKey: 'secret-standin',
      sessionToken: 'session-standin',
    });
  });

  it('fails clearly, looking nowhere else, when the environment has none', async () => {
    delete process.env['AWS_ACCESS_KEY_ID'];
    delete process.env['AWS_SECRET_ACCESS_KEY'];
    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/i);
  });

  it('refreshes only expiring credentials, five minutes ahead, as the SDK chain does', () => {
    const soon = new Date(Date.now() + 60_000);
    const later = new Date(Date.now() + 3_600_000);
    expect(credentialsWillNeedRefresh({ accessKeyId: 'a', secretAccessKey: 'b' })).toBe(false);
    expect(credentialsWillNeedRefresh({ accessKeyId: 'a', secretAccessKey: 'b', expiration: later })).toBe(true);
    expect(credentialsTreatedAsExpired({ accessKeyId: 'a', secretAccessKey: 'b', expiration: soon })).toBe(true);
    expect(credentialsTreatedAsExpired({ accessKeyId: 'a', secretAccessKey: 'b', expiration: later })).toBe(false);
  });
});

describe('the ask-sdk-model stand-in', () => {
  it('builds the real ServiceClientFactory when ask-sdk-core asks for one', () => {
    const apiConfiguration = {
      apiClient: { invoke: jest.fn() },
      apiEndpoint: 'https://api.amazonalexa.com',
      authorizationValue: 'x',
    };
    const factory = new lazyServices.ServiceClientFactory(apiConfiguration);
    expect(factory).toBeInstanceOf(services.ServiceClientFactory);
    expect(typeof factory.getUpsServiceClient().getProfileEmail).toBe('function');
  });
});
