// Telling Alexa that a TV came or went, so it appears in (or leaves) the Alexa app without "Alexa,
// discover devices": setup's AddOrUpdateReport and DeleteReport, sent with the grant kept for the TV's
// gateway. An access token about to expire (or refused as expired) is refreshed first; a grant Alexa
// declares void (the skill was disabled, LWA refuses the refresh token) is forgotten.
import type { AlexaGrant, IndexedTv } from '../store/types';
import type { AlexaGrants } from '../store';
import { discoveredEndpoint, endpointIdFor } from './endpoint';
import { isAlexaApiError } from './errors';
import { addOrUpdateReport, deleteReport, type DiscoveryEvent, type EventGateway } from './events';
import type { LoginWithAmazon } from './lwa';

/** A token with less left than this is refreshed before use: the event must not arrive after it expired. */
const EXPIRY_MARGIN_MS = 60_000;

export interface DiscoveryReporterOptions {
  grants: AlexaGrants;
  lwa: LoginWithAmazon;
  gateway: EventGateway;
  now?: () => number;
}

/**
 * sent: the gateway accepted it; no-grant: no grant for the gateway, nothing was sent (discovery still
 * finds the TV); no-endpoint: the thingId cannot be an endpointId, so Alexa never lists the TV anyway.
 */
export type ReportOutcome = 'sent' | 'no-grant' | 'no-endpoint';

export class DiscoveryReporter {
  private readonly now: () => number;

  constructor(private readonly options: DiscoveryReporterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The TV as Discover describes it. Throws an AlexaApiError (or the store's error) when it could not be sent. */
  async added(tv: IndexedTv): Promise<ReportOutcome> {
    const endpoint = discoveredEndpoint(tv);
    if (endpoint === undefined) return 'no-endpoint';
    return this.send(tv.gatewayId, (token) => addOrUpdateReport([endpoint], token));
  }

  async removed(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'>): Promise<ReportOutcome> {
    const endpointId = endpointIdFor(tv.thingId);
    if (endpointId === undefined) return 'no-endpoint';
    return this.send(tv.gatewayId, (token) => deleteReport([endpointId], token));
  }

  private async send(gatewayId: string, event: (accessToken: string) => DiscoveryEvent): Promise<ReportOutcome> {
    const stored = await this.options.grants.alexaGrant(gatewayId);
    if (stored === undefined) return 'no-grant';
    let grant = stored;
    let refreshed = false;
    try {
      if (grant.accessTokenExpiresAt - this.now() < EXPIRY_MARGIN_MS) {
        grant = await this.refresh(gatewayId, grant);
        refreshed = true;
      }
      try {
        await this.options.gateway.send(grant.region, event(grant.accessToken));
      } catch (e) {
        // A token the gateway calls expired before we thought: one refresh, one retry.
        if (!(isAlexaApiError(e) && e.kind === 'token-refused') || refreshed) throw e;
        grant = await this.refresh(gatewayId, grant);
        await this.options.gateway.send(grant.region, event(grant.accessToken));
      }
      return 'sent';
    } catch (e) {
      if (isAlexaApiError(e) && (e.kind === 'skill-disabled' || e.kind === 'grant-refused')) {
        // The grant will never work again; a new AcceptGrant (the skill enabled again) brings a new one.
        await this.options.grants.forgetAlexaGrant(gatewayId, grant.refreshToken);
      }
      throw e;
    }
  }

  private async refresh(gatewayId: string, grant: AlexaGrant): Promise<AlexaGrant> {
    const tokens = await this.options.lwa.refresh(grant.refreshToken);
    const next: AlexaGrant = {
      region: grant.region,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.expiresAt,
    };
    // Refused when a newer grant arrived meanwhile: that one stays, this send still uses its fresh token.
    await this.options.grants.saveAlexaGrant(gatewayId, next, grant.refreshToken);
    return next;
  }
}
