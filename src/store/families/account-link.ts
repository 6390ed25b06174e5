// The link item family: who the user is to the device cloud. The user's record read whole, and the
// access token Alexa passes with each request, kept only when it is the newest seen.
import { readUserRecord, userKey } from '../items';
import type { StoreContext } from '../table';
import type { UserRecord, UserStore } from '../types';

/** How far ahead of ours a request's clock may be before its time counts as now. */
export const TOKEN_CLOCK_SKEW_MS = 5 * 60 * 1000;

export class AccountLinkItems implements Pick<UserStore, 'get' | 'saveAccessToken'> {
  constructor(private readonly c: StoreContext) {}

  async get(userId: string): Promise<UserRecord | undefined> {
    const item = await this.c.table.read(userKey(userId));
    return item ? readUserRecord(userId, item) : undefined;
  }

  /**
   * Conditional on time: a request that arrives late with an older token must not replace the newer
   * one. Ties (Alexa's timestamps have whole seconds) go to the later write.
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
