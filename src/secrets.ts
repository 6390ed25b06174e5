// The one place a Lambda reads a Secrets Manager secret, and a cache for it: read again after a while (a
// rotation needs no redeploy) and at once when the service it opens refused it. Neither a value nor the
// service's message ever reaches an error. Why Powertools' Parameters: docs/operating.md#secrets-file.

import { sdkBudgetConfig, type SdkBudget } from './sdk-budget';

/** How long one read may take: connect and request timeouts that throw, and the attempts in all. */
export type SecretReadBudget = SdkBudget;

/** `unreadable`: the call failed (its class only: AccessDeniedException, ResourceNotFoundException); `empty`: no value. */
export class SecretReadError extends Error {
  override readonly name = 'SecretReadError';

  constructor(
    readonly reason: 'unreadable' | 'empty',
    message: string,
  ) {
    super(message);
  }
}

/**
 * `secretId`: the secret's name (in the function's region) or its ARN (in the region the ARN names). Read
 * through Powertools' Parameters, asked to fetch: the caller keeps the value (cachedSecret below, or the
 * container's life), so Parameters' own cache would only delay a rotation.
 */
export async function readSecretString(secretId: string, budget: SecretReadBudget): Promise<string> {
  const { SecretsProvider } = await import('@aws-lambda-powertools/parameters/secrets');
  const region = regionOfArn(secretId);
  const provider = new SecretsProvider({
    clientConfig: { ...(region !== undefined && { region }), ...sdkBudgetConfig(budget) },
  });
  let value: unknown;
  try {
    value = await provider.get(secretId, { forceFetch: true });
  } catch (e) {
    // Parameters wraps the service's error as its cause; only that error's class is told (its message names the secret).
    throw new SecretReadError('unreadable', `the secret could not be read (${errorClass(e)})`);
  } finally {
    provider.client.destroy();
  }
  const text = value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value;
  if (typeof text !== 'string' || text === '') throw new SecretReadError('empty', 'the secret holds no value');
  return text;
}

/** The class of the service's error under Parameters' wrapper: AccessDeniedException, ResourceNotFoundException. */
function errorClass(e: unknown): string {
  const cause = e instanceof Error ? e.cause : undefined;
  return cause instanceof Error ? cause.name : e instanceof Error ? e.name : 'error';
}

/** arn:<partition>:secretsmanager:<region>:<account>:secret:<name>: the region a secret given by ARN lives in. */
export function regionOfArn(secretId: string): string | undefined {
  return /^arn:[a-z-]+:secretsmanager:([a-z0-9-]+):\d{12}:secret:./.exec(secretId)?.[1];
}

/** A secret value read where it is used. */
export interface SecretSource {
  /** The value: the one kept while it is fresh, else read again. */
  value(): Promise<string>;
  /** Read again now, whatever is kept: the service refused the kept value, which may have been rotated. */
  reread(): Promise<string>;
}

/**
 * `read` once, then the value kept `ttlMs`; a failed read is not kept, so the next use tries again.
 * Concurrent callers share one read.
 */
export function cachedSecret(
  read: () => Promise<string>,
  options: { ttlMs: number; now?: () => number },
): SecretSource {
  const now = options.now ?? Date.now;
  let kept: { value: Promise<string>; readAt: number } | undefined;
  const fresh = (): Promise<string> => {
    const value = read();
    const entry = { value, readAt: now() };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
  return {
    value: () => (kept !== undefined && now() - kept.readAt < options.ttlMs ? kept.value : fresh()),
    reread: fresh,
  };
}

/** A value given as is (the sandbox, tests): never read again. */
export function fixedSecret(value: string): SecretSource {
  return { value: async () => value, reread: async () => value };
}
