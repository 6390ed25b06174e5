// The service-account key from Secrets Manager: read when the first Request Sync of a container needs it,
// then kept for the container's life (the key changes only when the operator rotates the secret; a new
// container reads the new one). A failed read is not kept, so the next setup tries again. The client is
// loaded only then, so a setup run that never syncs never loads it.
import { HomeGraphError } from './errors';
import { parseServiceAccountKey, type ServiceAccountKey } from './key';

/** Secrets Manager answers in well under a second; setup has 90 s, of which a sync takes little. */
const SECRET_BUDGET = { connectTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 2 };

/** `secretId`: the secret's name (in the function's region) or its ARN (in the region the ARN names). */
export function keyFromSecret(secretId: string): () => Promise<ServiceAccountKey> {
  let kept: Promise<ServiceAccountKey> | undefined;
  return () => {
    kept ??= readKey(secretId).catch((e: unknown) => {
      kept = undefined;
      throw e;
    });
    return kept;
  };
}

async function readKey(secretId: string): Promise<ServiceAccountKey> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const region = regionOfArn(secretId);
  const client = new SecretsManagerClient({
    ...(region !== undefined && { region }),
    maxAttempts: SECRET_BUDGET.maxAttempts,
    requestHandler: {
      connectionTimeout: SECRET_BUDGET.connectTimeoutMs,
      requestTimeout: SECRET_BUDGET.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: SECRET_BUDGET.requestTimeoutMs,
    },
  });
  let text: string | undefined;
  try {
    const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    text = answer.SecretString ?? (answer.SecretBinary === undefined ? undefined : Buffer.from(answer.SecretBinary).toString('utf8'));
  } catch (e) {
    // Only the error's class (AccessDeniedException, ResourceNotFoundException): its message names the secret.
    throw new HomeGraphError('no-key', 'secret', `the secret could not be read (${e instanceof Error ? e.name : 'error'})`);
  } finally {
    client.destroy();
  }
  if (text === undefined) throw new HomeGraphError('bad-key', 'secret', 'the secret holds no value');
  return parseServiceAccountKey(text);
}

/** arn:<partition>:secretsmanager:<region>:<account>:secret:<name>: the region a secret given by ARN lives in. */
export function regionOfArn(secretId: string): string | undefined {
  return /^arn:[a-z-]+:secretsmanager:([a-z0-9-]+):\d{12}:secret:./.exec(secretId)?.[1];
}
