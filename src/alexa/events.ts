// The Alexa event gateway: the Alexa.Discovery reports that tell Alexa a TV was added or removed,
// sent to the gateway of the customer's region with the customer's LWA access token. Amazon answers
// 202 Accepted, or an error whose payload.code says why (developer.amazon.com/docs/smarthome/send-events.html).
import { randomUUID } from 'node:crypto';
import type { DiscoveredEndpoint } from './endpoint';
import { AlexaApiError, type AlexaApiErrorKind } from './errors';
import { DEFAULT_ALEXA_TIMEOUT_MS, post } from './http';
import { EVENT_GATEWAY_URLS, type AlexaRegion } from './regions';

interface EventHeader {
  namespace: 'Alexa.Discovery';
  name: 'AddOrUpdateReport' | 'DeleteReport';
  payloadVersion: '3';
  messageId: string;
}

interface Scope {
  type: 'BearerToken';
  token: string;
}

export type DiscoveryEvent =
  | {
      event: {
        header: EventHeader & { name: 'AddOrUpdateReport' };
        payload: { endpoints: DiscoveredEndpoint[]; scope: Scope };
      };
    }
  | {
      event: {
        header: EventHeader & { name: 'DeleteReport' };
        payload: { endpoints: { endpointId: string }[]; scope: Scope };
      };
    };

/** The TVs added or changed, each described exactly as Discover describes it. */
export function addOrUpdateReport(endpoints: DiscoveredEndpoint[], accessToken: string): DiscoveryEvent {
  return {
    event: {
      header: { namespace: 'Alexa.Discovery', name: 'AddOrUpdateReport', payloadVersion: '3', messageId: randomUUID() },
      payload: { endpoints, scope: { type: 'BearerToken', token: accessToken } },
    },
  };
}

export function deleteReport(endpointIds: string[], accessToken: string): DiscoveryEvent {
  return {
    event: {
      header: { namespace: 'Alexa.Discovery', name: 'DeleteReport', payloadVersion: '3', messageId: randomUUID() },
      payload: {
        endpoints: endpointIds.map((endpointId) => ({ endpointId })),
        scope: { type: 'BearerToken', token: accessToken },
      },
    },
  };
}

export interface EventGatewayOptions {
  /** Default: Amazon's three; the local stand-in's in tests and the sandbox. */
  urls?: Readonly<Record<AlexaRegion, string>>;
  timeoutMs?: number;
}

export class EventGateway {
  private readonly urls: Readonly<Record<AlexaRegion, string>>;
  private readonly timeoutMs: number;

  constructor(options: EventGatewayOptions = {}) {
    this.urls = options.urls ?? EVENT_GATEWAY_URLS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ALEXA_TIMEOUT_MS;
  }

  /** Resolves once the gateway accepted the event; throws an AlexaApiError saying why it did not. */
  async send(region: AlexaRegion, event: DiscoveryEvent): Promise<void> {
    const token = event.event.payload.scope.token;
    const { status, json } = await post(
      'event-gateway',
      this.urls[region],
      JSON.stringify(event),
      {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      this.timeoutMs,
    );
    if (status >= 200 && status < 300) return;
    const payload = json?.['payload'];
    const raw =
      typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)['code'] : undefined;
    const code = typeof raw === 'string' ? raw : undefined;
    throw new AlexaApiError(
      gatewayErrorKind(status, code),
      'event-gateway',
      `${event.event.header.name} was not accepted`,
      status,
      code,
    );
  }
}

function gatewayErrorKind(status: number, code: string | undefined): AlexaApiErrorKind {
  if (status === 401) return 'token-refused';
  if (status === 403) return code === 'SKILL_DISABLED_EXCEPTION' ? 'skill-disabled' : 'no-permission';
  if (status === 429 || status >= 500) return 'unavailable';
  return 'message-refused';
}
