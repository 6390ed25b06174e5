// The link-codes item family: six-digit codes a linked user asks for (`code#` items, remembered on the
// user's record as `linkCode`) and setup redeems once, and the count of codes tried per window of time
// (`codetries#` items); how a code is drawn, and the error for a code that cannot be used.
import { randomInt } from 'node:crypto';
import { codeKey, codeTriesKey, isLinkCode, readLinkCodeItem, readUserRecord, userKey } from '../items';
import { epochSeconds, type StoreContext } from '../table';
import type { LinkCode, LinkCodeState } from '../types';

export const DEFAULT_LINK_CODE_TTL_SECONDS = 2 * 3600;
export const MIN_LINK_CODE_TTL_SECONDS = 3600;
/** A code with less time left than this is not shown again: the user needs time to type it. */
export const LINK_CODE_REUSE_MARGIN_SECONDS = 10 * 60;
const CODE_ALLOCATION_ATTEMPTS = 5;

const CODE_SPACE = 1_000_000;

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

/** The link-codes family as callers see it (UserStore.linkCodes): LinkCodeItems' public methods. */
export type LinkCodes = Pick<LinkCodeItems, keyof LinkCodeItems>;

export class LinkCodeItems {
  /** `ttlSeconds`: how long a new code stays valid; `random` in [0, 1) draws it. */
  constructor(
    private readonly c: StoreContext,
    private readonly ttlSeconds: number,
    private readonly random: () => number,
  ) {}

  /**
   * The user's valid link code, or a new six-digit one valid for the store's link-code lifetime (at least an hour).
   * Reuses the current code while it has more than a few minutes left.
   */
  async issueLinkCode(
    userId: string,
    nowSeconds: number = epochSeconds(this.c.now),
    postalCode?: string,
  ): Promise<LinkCode> {
    const item = await this.c.table.read(userKey(userId));
    const current = item ? readUserRecord(userId, item).linkCode : undefined;
    if (
      current &&
      current.expiresAt - nowSeconds > LINK_CODE_REUSE_MARGIN_SECONDS &&
      (await this.findLinkCode(current.code, nowSeconds)) === userId
    ) {
      // The code asked for again (perhaps on another Echo) carries the postal code read this time, and
      // none when this read gave none: a permission withdrawn since is never outlived by an earlier read.
      await this.setPostalCode(current.code, userId, postalCode);
      return current;
    }
    const linkCode = await this.allocateCode(userId, nowSeconds, postalCode);
    await this.c.table.update('save linkCode', {
      key: userKey(userId),
      expression: 'SET #userId = :userId, #attr = :value',
      names: { '#userId': 'userId', '#attr': 'linkCode' },
      values: { ':userId': userId, ':value': linkCode },
    });
    return linkCode;
  }

  /** The user a valid, unused code belongs to; undefined for an unknown, expired or used code. */
  async findLinkCode(code: string, nowSeconds: number = epochSeconds(this.c.now)): Promise<string | undefined> {
    const entry = await this.readLinkCode(code, nowSeconds);
    return entry && !entry.used ? entry.userId : undefined;
  }

  /** Any unexpired code, used or not; undefined for an unknown or expired one. */
  async readLinkCode(code: string, nowSeconds: number = epochSeconds(this.c.now)): Promise<LinkCodeState | undefined> {
    if (!isLinkCode(code)) return undefined;
    const item = await this.c.table.read(codeKey(code));
    const entry = item && readLinkCodeItem(item);
    // Checked here because TTL deletion runs up to days after expiresAt.
    if (!entry || entry.expiresAt <= nowSeconds) return undefined;
    return {
      userId: entry.userId,
      used: entry.used,
      ...(entry.postalCode !== undefined ? { postalCode: entry.postalCode } : {}),
    };
  }

  /**
   * Marks the code used, so it can never be accepted again. Single use: the first call marks the code used; any later call (or a call for an unknown code)
   * throws LinkCodeError('unknown-or-used') and leaves the code used. Expiry is checked by findLinkCode.
   */
  async consumeLinkCode(code: string): Promise<void> {
    if (!isLinkCode(code)) throw new LinkCodeError('malformed');
    const marked = await this.c.table.updateIf('mark the link code used', {
      key: codeKey(code),
      expression: 'SET #usedAt = :now',
      condition: 'attribute_exists(#pk) AND attribute_not_exists(#usedAt)',
      names: { '#pk': 'pk', '#usedAt': 'usedAt' },
      values: { ':now': epochSeconds(this.c.now) },
    });
    if (!marked) throw new LinkCodeError('unknown-or-used');
  }

  /**
   * Counts one link-code try in a time window (a number the caller chooses, e.g. epoch minutes / 15),
   * before the code is looked up, so parallel guesses cannot slip past the limit. False (nothing
   * counted) once `limit` tries stand in the window. The count is deleted after `expiresAt`.
   */
  async countLinkCodeTry(window: number, limit: number, expiresAt: number): Promise<boolean> {
    return this.c.table.updateIf('count a link code try', {
      key: codeTriesKey(window),
      expression: 'ADD #tries :one SET #expiresAt = :expiresAt',
      condition: 'attribute_not_exists(#tries) OR #tries < :limit',
      names: { '#tries': 'tries', '#expiresAt': 'expiresAt' },
      values: { ':one': 1, ':limit': limit, ':expiresAt': expiresAt },
    });
  }

  /** Takes back a try that turned out to be a right code: only misses stay counted. */
  async forgiveLinkCodeTry(window: number): Promise<void> {
    await this.c.table.update('forgive a link code try', {
      key: codeTriesKey(window),
      expression: 'ADD #tries :minusOne',
      names: { '#tries': 'tries' },
      values: { ':minusOne': -1 },
    });
  }

  /** Only while the code is still this user's; a code taken over meanwhile is left alone. */
  private async setPostalCode(code: string, userId: string, postalCode: string | undefined): Promise<void> {
    await this.c.table.updateIf('note the postal code on the link code', {
      key: codeKey(code),
      expression: postalCode === undefined ? 'REMOVE #postalCode' : 'SET #postalCode = :postalCode',
      condition: '#userId = :userId',
      names: { '#postalCode': 'postalCode', '#userId': 'userId' },
      values: postalCode === undefined ? { ':userId': userId } : { ':postalCode': postalCode, ':userId': userId },
    });
  }

  /** Claims a random free code; a code counts as free when absent or expired. */
  private async allocateCode(userId: string, nowSeconds: number, postalCode?: string): Promise<LinkCode> {
    const expiresAt = nowSeconds + this.ttlSeconds;
    for (let attempt = 0; attempt < CODE_ALLOCATION_ATTEMPTS; attempt++) {
      const code = linkCodeFrom(this.random);
      const claimed = await this.c.table.putIf(
        'allocate a link code',
        { ...codeKey(code), userId, expiresAt, ...(postalCode !== undefined ? { postalCode } : {}) },
        {
          condition: 'attribute_not_exists(#pk) OR #expiresAt <= :now',
          names: { '#pk': 'pk', '#expiresAt': 'expiresAt' },
          values: { ':now': nowSeconds },
        },
      );
      if (claimed) return { code, expiresAt };
    }
    throw new LinkCodeError('no-free-code');
  }
}
