// Six-digit link codes: the format, how one is drawn, and the error for a code that cannot be used.
import { randomInt } from 'node:crypto';

const LINK_CODE = /^\d{6}$/;
const CODE_SPACE = 1_000_000;

export function isLinkCode(code: string): boolean {
  return LINK_CODE.test(code);
}

/** A code from a random number in [0, 1); leading zeros kept, so all of 000000-999999 occur. */
export function linkCodeFrom(random: () => number): string {
  const r = random();
  // A broken source would otherwise yield "NaN" or seven digits, or pile every code onto one value.
  if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
  return String(Math.floor(r * CODE_SPACE)).padStart(6, '0');
}

/** Cryptographic by default: codes must not be guessable from earlier ones. */
export const secureRandom = (): number => randomInt(CODE_SPACE) / CODE_SPACE;

/** The message never contains the code: it is a short-lived credential. */
export class LinkCodeError extends Error {
  override readonly name = 'LinkCodeError';

  constructor(readonly reason: 'malformed' | 'unknown-or-used' | 'no-free-code') {
    super(
      reason === 'malformed'
        ? 'link code must be six digits'
        : reason === 'unknown-or-used'
          ? 'link code does not exist or has already been used'
          : 'could not allocate a free link code',
    );
  }
}
