// The service-account key from Secrets Manager: read when the first Request Sync of a container needs it,
// then kept for the container's life (the key changes only when the operator rotates the secret; a new
// container reads the new one). A failed read is not kept, so the next setup tries again. The read is
// src/secrets.ts's, which loads the client only then: a setup run that never syncs never loads it.
import { readSecretString, SecretReadError } from '../secrets';
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
  let text: string;
  try {
    text = await readSecretString(secretId, SECRET_BUDGET);
  } catch (e) {
    if (e instanceof SecretReadError)
      throw new HomeGraphError(e.reason === 'empty' ? 'bad-key' : 'no-key', 'secret', e.message);
    throw e;
  }
  return parseServiceAccountKey(text);
}
