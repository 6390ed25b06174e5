// The Google link item family: the agentUserId a household's SYNC answers gave, one item per home gateway
// (`google#<gatewayId>`), drawn at random once; nothing of the token. Built on its own so the Google
// function's role may write these items and no other. Why: docs/google-home.md#google-links.
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { StoreError } from '../errors';
import { Table, type StoreContext } from '../table';

export interface GoogleLinks {
  /**
   * The household's agentUserId: the one kept for any of these gateways (the first in id order, should
   * two differ), else a new one; afterwards every one of the gateways keeps it.
   */
  agentUserIdFor(gatewayIds: readonly string[]): Promise<string>;
  /** The agentUserId kept for the gateway; undefined when the household never linked Google or unlinked it. */
  agentUserIdOf(gatewayId: string): Promise<string | undefined>;
  /** Forgets the household's link (Google's DISCONNECT): nothing is kept for these gateways afterwards. */
  forget(gatewayIds: readonly string[]): Promise<void>;
}

export const googleLinkKey = (gatewayId: string): { pk: string } => ({ pk: `google#${gatewayId}` });

const AGENT_USER_ID = /^[0-9a-f-]{36}$/;

export class DynamoGoogleLinks implements GoogleLinks {
  private readonly c: StoreContext;

  constructor(options: { tableName: string; client: DynamoDBClient; now?: () => number }) {
    this.c = { table: new Table(options.tableName, options.client), now: options.now ?? Date.now };
  }

  async agentUserIdFor(gatewayIds: readonly string[]): Promise<string> {
    const gateways = [...new Set(gatewayIds)].sort();
    if (gateways.length === 0) throw new Error('a household without a home gateway has no agentUserId');
    const kept = await Promise.all(gateways.map((g) => this.agentUserIdOf(g)));
    let id = kept.find((k): k is string => k !== undefined);
    if (id === undefined) {
      // Two first SYNCs at once: one put wins, the other reads the winner's id.
      id = (await this.keep(gateways[0]!, randomUUID())) ?? (await this.agentUserIdOf(gateways[0]!));
      if (id === undefined)
        throw new StoreError('keep the Google link', new Error('the link vanished while it was written'));
    }
    const chosen = id;
    await Promise.all(gateways.filter((_, i) => kept[i] === undefined).map((g) => this.keep(g, chosen)));
    return chosen;
  }

  async agentUserIdOf(gatewayId: string): Promise<string | undefined> {
    const id = (await this.c.table.read(googleLinkKey(gatewayId)))?.['agentUserId'];
    return typeof id === 'string' && AGENT_USER_ID.test(id) ? id : undefined;
  }

  /**
   * The id is removed from the item (the store's calls are reads, puts and updates only: the roles grant
   * no delete). A gateway with nothing kept has nothing to forget: its refused condition is no failure.
   */
  async forget(gatewayIds: readonly string[]): Promise<void> {
    await Promise.all(
      [...new Set(gatewayIds)].map((g) =>
        this.c.table.updateIf('forget the Google link', {
          key: googleLinkKey(g),
          expression: 'REMOVE #id, #at',
          condition: 'attribute_exists(pk)',
          names: { '#id': 'agentUserId', '#at': 'linkedAt' },
        }),
      ),
    );
  }

  /** Keeps the id for the gateway unless one is kept already; the id written, or undefined when one was there. */
  private async keep(gatewayId: string, agentUserId: string): Promise<string | undefined> {
    const written = await this.c.table.putIf(
      'keep the Google link',
      { ...googleLinkKey(gatewayId), gatewayId, agentUserId, linkedAt: new Date(this.c.now()).toISOString() },
      { condition: 'attribute_not_exists(#id)', names: { '#id': 'agentUserId' } },
    );
    return written ? agentUserId : undefined;
  }
}
