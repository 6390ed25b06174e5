// What a bearer token reached at its last plugin listing: its home gateways and, behind each, the TVs the
// gateway index held then (`reach#<digest>` items). Kept by a one-way digest of the token, never the token,
// so the table holds nothing a request could be made with. A Google command may then skip the listing for a
// TV the entry vouches for (docs/architecture.md, "A token's reach, known from an earlier listing").
// Forgetting is an update that removes the vouching: the Google function's role grants no delete.
import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { isRecord } from '../../json';
import { epochSeconds, Table, type StoreContext } from '../table';

/** How long a listing vouches for what it found. */
export const TOKEN_REACH_TTL_MS = 60 * 60 * 1000;

export interface KnownReach {
  /** The token's gateways at the listing. */
  gateways: string[];
  /** Whether the TV was indexed behind the gateway when the token listed it. */
  vouches(gatewayId: string, thingId: string): boolean;
}

export interface TokenReach {
  /** What the token reached at its last listing, unless that entry expired or was forgotten. */
  known(token: string): Promise<KnownReach | undefined>;
  /**
   * Taken as a listing starts; afterwards `remember` keeps the token's gateways and, by gateway, the TVs
   * then indexed behind them, unless the token was forgotten after the listing started.
   */
  listing(token: string): { remember(tvsByGateway: ReadonlyMap<string, readonly string[]>): Promise<void> };
  /** The device cloud refused the token, or the household disconnected: nothing is vouched for any more. */
  forget(token: string): Promise<void>;
}

/** SHA-256 of the token (base64url): the key's only trace of it. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');
export const tokenReachKey = (token: string): { pk: string } => ({ pk: `reach#${tokenDigest(token)}` });

const REACH = 'reach';

export class DynamoTokenReach implements TokenReach {
  private readonly c: StoreContext;

  constructor(options: { tableName: string; client: DynamoDBClient; now?: () => number }) {
    this.c = { table: new Table(options.tableName, options.client), now: options.now ?? Date.now };
  }

  async known(token: string): Promise<KnownReach | undefined> {
    const item = await this.c.table.read(tokenReachKey(token));
    const expiresAt = item?.['expiresAt'];
    // Checked here because TTL deletion runs up to days after expiresAt.
    if (typeof expiresAt !== 'number' || expiresAt <= epochSeconds(this.c.now)) return undefined;
    const reach = item?.[REACH];
    if (!isRecord(reach)) return undefined;
    const byGateway = new Map<string, Set<string>>();
    for (const [gatewayId, tvs] of Object.entries(reach)) {
      if (gatewayId === '' || !Array.isArray(tvs)) return undefined;
      byGateway.set(gatewayId, new Set(tvs.filter((t): t is string => typeof t === 'string')));
    }
    return {
      gateways: [...byGateway.keys()],
      vouches: (gatewayId, thingId) => byGateway.get(gatewayId)?.has(thingId) ?? false,
    };
  }

  listing(token: string): { remember(tvsByGateway: ReadonlyMap<string, readonly string[]>): Promise<void> } {
    const listedAt = this.c.now();
    return { remember: (tvsByGateway) => this.remember(token, tvsByGateway, listedAt) };
  }

  private async remember(
    token: string,
    tvsByGateway: ReadonlyMap<string, readonly string[]>,
    listedAt: number,
  ): Promise<void> {
    // A listing that was on its way when the token was refused proves nothing afterwards.
    await this.c.table.updateIf('remember what the token reaches', {
      key: tokenReachKey(token),
      expression: 'SET #reach = :reach, #listedAt = :listedAt, #expiresAt = :expiresAt',
      condition: 'attribute_not_exists(#forgottenAt) OR #forgottenAt < :listedAt',
      names: { '#reach': REACH, '#listedAt': 'listedAt', '#expiresAt': 'expiresAt', '#forgottenAt': 'forgottenAt' },
      values: {
        ':reach': Object.fromEntries([...tvsByGateway].map(([g, tvs]) => [g, [...tvs]])),
        ':listedAt': listedAt,
        ':expiresAt': epochSeconds(() => listedAt + TOKEN_REACH_TTL_MS),
      },
    });
  }

  /**
   * The mark outlives any listing still on its way, then expires with the item. Only a token that has an
   * entry gets the mark: a refused stranger's token (the URL is public) writes nothing.
   */
  async forget(token: string): Promise<void> {
    const now = this.c.now();
    await this.c.table.updateIf('forget what the token reaches', {
      key: tokenReachKey(token),
      expression: 'REMOVE #reach SET #forgottenAt = :now, #expiresAt = :expiresAt',
      condition: 'attribute_exists(pk)',
      names: { '#reach': REACH, '#forgottenAt': 'forgottenAt', '#expiresAt': 'expiresAt' },
      values: { ':now': now, ':expiresAt': epochSeconds(() => now + TOKEN_REACH_TTL_MS) },
    });
  }
}
