// A table call that failed for a reason other than a refused condition: timeout, refused or reset
// connection, throttling, or a server error. Callers turn it into words; the cause stays for logs.
import type { Outcome } from '../metrics';
import type { CountedError } from '../outcome';

export class StoreError extends Error implements CountedError {
  override readonly name = 'StoreError';

  constructor(
    readonly doing: string,
    cause: unknown,
  ) {
    super(`the user table failed to ${doing}: ${describe(cause)}`, { cause });
  }

  get outcome(): Outcome {
    return 'store';
  }
}

export function isStoreError(e: unknown): e is StoreError {
  return e instanceof StoreError;
}

/** Name and network code, or a short message for a plain Error ("socket hang up"). */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return 'unknown failure';
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && code !== cause.name) return `${cause.name} (${code})`;
  return cause.name === 'Error' && cause.message ? cause.message.slice(0, 80) : cause.name;
}
