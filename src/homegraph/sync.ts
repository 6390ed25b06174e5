// Request Sync for a household: its agentUserId sent to HomeGraph when a device is added, removed or
// renamed; nothing for a household that never linked Google, and the id forgotten when Google knows no
// such user. Google's pages: docs/google-home.md#request-sync.
import type { GoogleLinks } from '../store/families/google-links';
import type { HomeGraph } from './client';

/** sent: Google took it; not-linked: no agentUserId kept, nothing sent; forgotten: Google knew no such user, the link is forgotten. */
export type SyncOutcome = 'sent' | 'not-linked' | 'forgotten';

export class RequestSync {
  constructor(
    private readonly options: {
      links: Pick<GoogleLinks, 'agentUserIdOf' | 'forget'>;
      homegraph: Pick<HomeGraph, 'requestSync'>;
    },
  ) {}

  /**
   * For the household behind these gateways (the changed TV's first): the first agentUserId kept for one
   * of them. Throws the store's error or a HomeGraphError when Google could not be asked.
   */
  async requestSync(gatewayIds: readonly string[]): Promise<SyncOutcome> {
    const gateways = [...new Set(gatewayIds)];
    let agentUserId: string | undefined;
    for (const gatewayId of gateways) {
      agentUserId = await this.options.links.agentUserIdOf(gatewayId);
      if (agentUserId !== undefined) break;
    }
    if (agentUserId === undefined) return 'not-linked';
    if ((await this.options.homegraph.requestSync(agentUserId)) === 'sent') return 'sent';
    await this.options.links.forget(gateways);
    return 'forgotten';
  }
}
