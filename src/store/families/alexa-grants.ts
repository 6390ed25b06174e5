// The grants item family: Alexa's event grant for the customer behind a gateway (`grant#` items), which
// the smart-home door uses to tell Alexa of TVs added and removed.
import { grantKey, readAlexaGrant } from '../items';
import type { StoreContext } from '../table';
import type { AlexaGrant } from '../types';

/** The grants family as callers see it (UserStore.grants): AlexaGrantItems' public methods. */
export type AlexaGrants = Pick<AlexaGrantItems, keyof AlexaGrantItems>;

export class AlexaGrantItems {
  constructor(private readonly c: StoreContext) {}

  /**
   * Stores the grant for the gateway. With `replacing` (a refresh token), only while the stored grant
   * still has that refresh token, so a refresh never overwrites a newer grant; false when refused.
   */
  async saveAlexaGrant(gatewayId: string, grant: AlexaGrant, replacing?: string): Promise<boolean> {
    if (!gatewayId) throw new Error('an Alexa grant needs a gatewayId');
    return this.c.table.updateIf('keep the Alexa grant', {
      key: grantKey(gatewayId),
      expression:
        'SET #gatewayId = :gatewayId, #region = :region, #access = :access, #refresh = :refresh, #expires = :expires, #savedAt = :savedAt REMOVE #forgottenAt',
      condition: replacing === undefined ? undefined : '#refresh = :replacing',
      names: {
        '#gatewayId': 'gatewayId',
        '#region': 'region',
        '#access': 'accessToken',
        '#refresh': 'refreshToken',
        '#expires': 'accessTokenExpiresAt',
        '#savedAt': 'savedAt',
        '#forgottenAt': 'forgottenAt',
      },
      values: {
        ':gatewayId': gatewayId,
        ':region': grant.region,
        ':access': grant.accessToken,
        ':refresh': grant.refreshToken,
        ':expires': grant.accessTokenExpiresAt,
        ':savedAt': this.isoNow(),
        ...(replacing === undefined ? {} : { ':replacing': replacing }),
      },
    });
  }

  /** The gateway's grant; undefined when none was given or it was forgotten. */
  async alexaGrant(gatewayId: string): Promise<AlexaGrant | undefined> {
    const item = await this.c.table.read(grantKey(gatewayId));
    return item ? readAlexaGrant(item) : undefined;
  }

  /**
   * Drops the tokens, if the stored grant still has this refresh token (a newer grant stays); false
   * otherwise. The item stays with when they were dropped, for operators.
   */
  async forgetAlexaGrant(gatewayId: string, refreshToken: string): Promise<boolean> {
    return this.c.table.updateIf('forget the Alexa grant', {
      key: grantKey(gatewayId),
      expression: 'REMOVE #access, #refresh, #expires SET #forgottenAt = :now',
      condition: '#refresh = :refresh',
      names: {
        '#access': 'accessToken',
        '#refresh': 'refreshToken',
        '#expires': 'accessTokenExpiresAt',
        '#forgottenAt': 'forgottenAt',
      },
      values: { ':refresh': refreshToken, ':now': this.isoNow() },
    });
  }

  private isoNow(): string {
    return new Date(this.c.now()).toISOString();
  }
}
