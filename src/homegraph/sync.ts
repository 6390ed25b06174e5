// Request Sync for a household: its agentUserId, as the Google door's SYNC kept it for its home gateways,
// sent to HomeGraph. Google asks for it when a device is added, removed or renamed ("You must trigger a SYNC
// request", https://developers.home.google.com/cloud-to-cloud/integration/request-sync). A household that
// never linked Google has no agentUserId, and nothing is sent. Google answering that it knows no user by
// that id means the link is gone on its side: the id is forgotten here too, as DISCONNECT would have done
// ("your cloud service should cease publishing changes to Google with Request Sync",
// https://developers.home.google.com/cloud-to-cloud/intents/disconnect), as Home Assistant does on a 404.
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
