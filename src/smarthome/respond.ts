// Building what goes back to Alexa: a fresh messageId on every message, the correlationToken echoed,
// the endpointId but never the token.
import { randomUUID } from 'node:crypto';
import type { DiscoveredEndpoint } from '../alexa/endpoint';
import { withoutXmlForbidden } from '../text';
import type { ContextProperty, ErrorPayload, EventMessage, Header } from '../alexa/messages';

/** The state we just set: what the IR remote sent, not what the TV reports (it cannot report). */
export function property(namespace: string, name: string, value: unknown, now: number): ContextProperty {
  return { namespace, name, value, timeOfSample: new Date(now).toISOString(), uncertaintyInMilliseconds: 0 };
}

function header(namespace: string, name: string, correlationToken: string | undefined): Header {
  const h: Header = { namespace, name, payloadVersion: '3', messageId: randomUUID() };
  if (correlationToken) h.correlationToken = correlationToken;
  return h;
}

export function discoverResponse(endpoints: DiscoveredEndpoint[]): EventMessage {
  return { event: { header: header('Alexa.Discovery', 'Discover.Response', undefined), payload: { endpoints } } };
}

export function acceptGrantResponse(): EventMessage {
  return { event: { header: header('Alexa.Authorization', 'AcceptGrant.Response', undefined), payload: {} } };
}

/** The one error AcceptGrant may answer (Alexa.Authorization.ErrorResponse). */
export function acceptGrantErrorResponse(message: string): EventMessage {
  return {
    event: {
      header: header('Alexa.Authorization', 'ErrorResponse', undefined),
      payload: { type: 'ACCEPT_GRANT_FAILED', message },
    },
  };
}

/**
 * The answer to a directive on an endpoint: Alexa.Response with the properties it changed, or, to
 * Alexa.ReportState, Alexa.StateReport, never Alexa.Response ("Alexa.ReportState and Alexa.StateReport
 * Interfaces 3"; "Alexa.Response Interface 3": "the Alexa.ReportState directive requires an
 * Alexa.StateReport response"), with the retrievable properties. The payload is empty either way.
 */
export function endpointResponse(
  name: 'Response' | 'StateReport',
  correlationToken: string | undefined,
  endpointId: string,
  properties: ContextProperty[],
): EventMessage {
  return {
    event: { header: header('Alexa', name, correlationToken), endpoint: { endpointId }, payload: {} },
    context: { properties },
  };
}

export function errorResponse(
  correlationToken: string | undefined,
  endpointId: string | undefined,
  payload: ErrorPayload,
): EventMessage {
  const message: EventMessage = {
    event: {
      header: header('Alexa', 'ErrorResponse', correlationToken),
      payload: { ...payload, message: errorMessage(payload.message) },
    },
  };
  if (endpointId) message.event.endpoint = { endpointId };
  return message;
}

const MESSAGE_MAX = 256;

/** The message may quote what the directive carried: short, and only characters any parser takes. */
function errorMessage(message: string): string {
  const clean = withoutXmlForbidden(message);
  return clean.length <= MESSAGE_MAX ? clean : `${withoutXmlForbidden(clean.slice(0, MESSAGE_MAX - 1))}…`;
}

type Connectivity = 'OK' | 'UNREACHABLE';

/**
 * Alexa.EndpointHealth's connectivity ("Alexa.EndpointHealth Interface 3.1", Connectivity property: an
 * object whose `value` is OK or UNREACHABLE), sampled at `now`.
 */
export function connectivity(value: Connectivity, now: number): ContextProperty {
  return property('Alexa.EndpointHealth', 'connectivity', { value }, now);
}
