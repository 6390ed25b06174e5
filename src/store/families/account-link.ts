// The link item family: who the user is to the device cloud. The user's record read whole, and the
// access token Alexa passes with each request, kept only when it is the newest seen.
import { readUserRecord, userKey } from '../items';
import type { StoreContext } from '../table';
import type { UserRecord } from '../types';

/** How far ahead of ours a request's clock may be before its time counts as now. */
export const TOKEN_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The link family as callers see it (UserStore.links): AccountLinkItems' public methods. */
export type AccountLinks = Pick<AccountLinkItems, keyof AccountLinkItems>;

export class AccountLinkItems {
  constructor(private readonly c: StoreContext) {}

  /** One read: the whole record, or undefined for a user never seen. */
  async get(userId: string): Promise<UserRecord | undefined> {
    const item = await this.c.table.read(userKey(userId));
    return item ? readUserRecord(userId, item) : undefined;
  }

  /**
   * Stores the token (creating the record if needed) unless the stored one came with a newer request;
   * `seenAt` (epoch ms) is when the request that carried it was made, now by default; a time more than
   * a few minutes ahead counts as now, and a stored one that far ahead never wins. False when refused.
   * Callers write only when it changed. Conditional on time: a request that arrives late with an older
   * token must not replace the newer one. Ties (Alexa's timestamps have whole seconds) go to the later write.
   */
  async saveAccessToken(userId: string, accessToken: string, seenAt: number = this.c.now()): Promise<boolean> {
    const key = userKey(userId);
    // A bad clock must not pin a token: a time too far ahead counts as now, and a stored one too far
    // ahead (written before this rule) loses to any request.
    const now = this.c.now();
    const latest = now + TOKEN_CLOCK_SKEW_MS;
    const at = Number.isFinite(seenAt) && seenAt <= latest ? seenAt : now;
    return this.c.table.updateIf('save the access token', {
      key,
      expression: 'SET #userId = :userId, #token = :token, #seenAt = :seenAt',
      condition: 'attribute_not_exists(#seenAt) OR #seenAt <= :seenAt OR #seenAt > :latest',
      names: { '#userId': 'userId', '#token': 'accessToken', '#seenAt': 'accessTokenSeenAt' },
      values: { ':userId': userId, ':token': accessToken, ':seenAt': at, ':latest': latest },
    });
  }
}
