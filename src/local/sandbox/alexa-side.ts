// Amazon's side of the sandbox's Alexa: the smart-home skill linked as on an Echo (AcceptGrant), so setup's
// events reach the Alexa app's device list, which the console shows with each TV's health.
import { EventGateway } from '../../alexa/events';
import { LoginWithAmazon } from '../../alexa/lwa';
import type { EventMessage } from '../../alexa/messages';
import { LOCALE_REGIONS } from '../../alexa/regions';
import { DiscoveryReporter } from '../../alexa/reporter';
import type { DeviceCloud } from '../../cloud/client';
import type { MetricsSink } from '../../metrics';
import { silentLogger } from '../../log';
import { createSmartHomeHandler, type SmartHomeHandler } from '../../smarthome/app';
import type { DynamoUserStore } from '../../store';
import type { ModelLocale } from '../../../models/locales';
import { startAlexaStandIn, type AlexaStandIn, type DeviceState } from '../alexa';
import { SANDBOX_USER_ID, type Closer, type Say } from './parts';
import { acceptGrantDirective, discoverDirective } from './phrases';

export interface LinkedSmartHome {
  alexaSide: AlexaStandIn;
  smartHome: SmartHomeHandler;
  /** What setup reports TVs through: Login with Amazon and the event gateway, with the grant AcceptGrant stored. */
  reporter: DiscoveryReporter;
}

/**
 * The skill is enabled and linked, so Alexa sends AcceptGrant; the grant lets setup report TVs to the event
 * gateway, whose device list is what the smart-home lines reach.
 */
export async function linkSmartHome(
  parts: { store: DynamoUserStore; cloud: DeviceCloud; metrics: MetricsSink; token: string; locale: ModelLocale },
  closers: Closer[],
  say: Say,
): Promise<LinkedSmartHome> {
  const { store, cloud, metrics, token } = parts;
  const region = LOCALE_REGIONS[parts.locale] ?? 'NA';
  const alexaSide = await startAlexaStandIn();
  closers.push(() => alexaSide.close());
  const lwa = new LoginWithAmazon({
    clientId: alexaSide.clientId,
    clientSecret: alexaSide.clientSecret,
    tokenUrl: alexaSide.tokenUrl,
  });
  const smartHome = createSmartHomeHandler({
    directory: store.tvs,
    cloud,
    logger: silentLogger,
    metrics,
    grantKeeping: { lwa, grants: async () => store.grants, region },
  });
  const granted = await smartHome(acceptGrantDirective(alexaSide.issueGrantCode(SANDBOX_USER_ID, region), token));
  say(
    `- Alexa: skill linked in region ${region} (AcceptGrant -> ${granted.event.header.name}); Login with Amazon, event gateway and Alexa API stand-ins`,
  );
  const reporter = new DiscoveryReporter({
    grants: store.grants,
    lwa,
    gateway: new EventGateway({ urls: alexaSide.gatewayUrls }),
  });
  return { alexaSide, smartHome, reporter };
}

/** Alexa events as they arrive: each once, at the next console line; those before this call count as shown. */
export function eventFeed(alexaSide: AlexaStandIn): () => string[] {
  let shown = alexaSide.events().length;
  return () => {
    const all = alexaSide.events();
    const fresh = all.slice(shown);
    shown = all.length;
    return fresh.map(
      (e) => `  Alexa event: ${e.name} -> ${e.status}${e.code ? ` ${e.code}` : ''}${endpointNames(e.body)}`,
    );
  };
}

/** The friendly names (or ids) of the endpoints an event names, for its line. */
function endpointNames(body: unknown): string {
  const endpoints =
    (body as { event?: { payload?: { endpoints?: { friendlyName?: unknown; endpointId?: unknown }[] } } } | undefined)
      ?.event?.payload?.endpoints ?? [];
  const names = endpoints.map((e) =>
    typeof e.friendlyName === 'string' ? `"${e.friendlyName}"` : String(e.endpointId),
  );
  return names.length > 0 ? ` (${names.join(', ')})` : '';
}

export async function discover(handler: (event: unknown) => Promise<EventMessage>, token: string): Promise<unknown[]> {
  const response = await handler(discoverDirective(token));
  if (response.event.header.name !== 'Discover.Response') {
    throw new Error(
      `discovery failed: ${String(response.event.payload['type'])} ${String(response.event.payload['message'])}`,
    );
  }
  return response.event.payload['endpoints'] as unknown[];
}

/** Alexa's device list as the console shows it after a change: a device a line, or none. */
export function deviceListLine(alexa: AlexaStandIn): string {
  return `  Alexa's devices:${deviceLines(alexa) || ' none'}`;
}

/** Alexa's device list, one device a line, a TV marked when the Alexa app last read it as not OK. */
export function deviceLines(alexa: AlexaStandIn): string {
  return alexa
    .devices(SANDBOX_USER_ID)
    .map((e) => `\n    "${e.friendlyName}" (${e.endpointId})${healthOf(e.state)}`)
    .join('');
}

/**
 * A device's connectivity as the last ReportState answered it (Alexa.EndpointHealth), or why it is unknown;
 * nothing for one that is OK or was not asked about, as the app marks only a device that is not.
 */
function healthOf(state: DeviceState | undefined): string {
  if (state === undefined) return '';
  if ('error' in state) return ` - state unknown (ReportState answered ErrorResponse ${state.error})`;
  if ('refused' in state) return ` - state unknown (Alexa refused the answer: ${state.refused})`;
  const connectivity = state.properties.find(
    (p) => p.namespace === 'Alexa.EndpointHealth' && p.name === 'connectivity',
  );
  const value = (connectivity?.value as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' && value !== 'OK' ? ` - connectivity ${value}` : '';
}
