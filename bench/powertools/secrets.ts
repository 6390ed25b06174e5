// The cold bench's "parameters" variant (bench/cold-powertools.ts): src/secrets.ts with its Secrets
// Manager read made by Powertools' Parameters (SecretsProvider), loaded on the first read as before and
// given the caller's budget. The caller keeps the value (cachedSecret), so each read asks the service.
import { regionOfArn, SecretReadError, type SecretReadBudget } from '../../src/secrets';

export * from '../../src/secrets';

export async function readSecretString(secretId: string, budget: SecretReadBudget): Promise<string> {
  const { SecretsProvider } = await import('@aws-lambda-powertools/parameters/secrets');
  const region = regionOfArn(secretId);
  const provider = new SecretsProvider({
    clientConfig: {
      ...(region !== undefined && { region }),
      maxAttempts: budget.maxAttempts,
      requestHandler: {
        connectionTimeout: budget.connectTimeoutMs,
        requestTimeout: budget.requestTimeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: budget.requestTimeoutMs,
      },
    },
  });
  let value: unknown;
  try {
    value = await provider.get(secretId, { forceFetch: true });
  } catch (e) {
    throw new SecretReadError('unreadable', `the secret could not be read (${e instanceof Error ? e.name : 'error'})`);
  }
  const text = value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value;
  if (typeof text !== 'string' || text === '') throw new SecretReadError('empty', 'the secret holds no value');
  return text;
}
