// The cold bench's "parameters" variant (bench/cold-powertools.ts): as secret-sdk.ts, with the read
// made by Powertools' Parameters (SecretsProvider, which caches the value for maxAge), loaded when first
// called and given the same client budget as src/homegraph/secret.ts.
export * from '../../src/smarthome/lambda';

/** Parameters' cache: a rotated secret is read again after this many seconds. */
const MAX_AGE_S = 300;

let provider: Promise<import('@aws-lambda-powertools/parameters/secrets').SecretsProvider> | undefined;

/** The secret's text, read through Parameters and kept for MAX_AGE_S. */
export async function readSecret(secretId: string): Promise<string | undefined> {
  provider ??= import('@aws-lambda-powertools/parameters/secrets').then(({ SecretsProvider }) => new SecretsProvider({
    clientConfig: { maxAttempts: 2, requestHandler: { connectionTimeout: 1000, requestTimeout: 3000, throwOnRequestTimeout: true } },
  }));
  const value = await (await provider).get(secretId, { maxAge: MAX_AGE_S });
  return typeof value === 'string' ? value : undefined;
}
