// The smart-home door (Alexa Smart Home API v3): directives routed by namespace and name to discovery,
// to AcceptGrant or to the TV, every outcome a valid message. Nothing is ever thrown back to Alexa.
import { isEndpointId, thingIdOf } from '../alexa/endpoint';
import type { DeviceCloudConnector } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import { silentLogger, type Logger } from '../log';
import { commandLogFields, meterCommand, type CommandRecord, type MetricsSink } from '../metrics';
import { outcomeOf } from '../outcome';
import type { TvDirectory } from '../store/types';
import { deadlineFrom, DEFAULT_BUDGET_MS, tvControlFor } from '../tv/control';
import { DIRECTIVES, SmartHomeError } from '../alexa/interfaces';
import { isWellFormedToken } from '../token';
import { readDirective, scopeToken } from './directive';
import { discoverTvs } from './discovery';
import { errorPayloadFrom } from './errors';
import { acceptGrant, type GrantKeeping } from './grant';
import type { Directive, EventMessage, Header } from '../alexa/messages';
import { reportState } from './report-state';
import { connectivity, controlResponse, discoverResponse, errorResponse } from './respond';

export interface SmartHomeDeps {
  /** Read only: discovery looks TVs up by gateway, and ReportState a TV the search does not list; control directives read nothing. */
  directory: Pick<TvDirectory, 'tvsBehindGateways'>;
  cloud: DeviceCloudConnector;
  logger?: Logger;
  /**
   * Proactive discovery: AcceptGrant's code exchanged with Login with Amazon and the tokens kept for
   * the grantee's gateways. Absent (no client id and secret deployed): the grant is accepted and dropped.
   */
  grantKeeping?: GrantKeeping;
  /** Time from the start of a directive by which every device-cloud call must have ended. */
  budgetMs?: number;
  now?: () => number;
  /** Receives each directive's record for its EMF line (lambda.ts: stdout); none by default. */
  metrics?: MetricsSink;
}

export type SmartHomeHandler = (event: unknown, context?: unknown) => Promise<EventMessage>;

/** Alexa's question for the retrievable properties: Alexa.EndpointHealth connectivity (report-state.ts). */
const REPORT_STATE = 'Alexa.ReportState';

export function createSmartHomeHandler(deps: SmartHomeDeps): SmartHomeHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  const { cloud } = deps;

  async function dispatch(directive: Directive, deadline: number): Promise<EventMessage> {
    const { namespace, name, correlationToken } = directive.header;
    const route = `${namespace}.${name}`;
    if (route === 'Alexa.Discovery.Discover') {
      const token = bearerToken(scopeToken(directive.payload['scope']));
      return discoverResponse(await discoverTvs(cloud, deps.directory, token, logger));
    }
    if (route === 'Alexa.Authorization.AcceptGrant') return acceptGrant(directive.payload, cloud, deps.grantKeeping, logger);
    const control = DIRECTIVES.get(route);
    if (!control && route !== REPORT_STATE) throw new SmartHomeError('INVALID_DIRECTIVE', `${route} is not supported by this skill`);
    const endpoint = directive.endpoint;
    if (!endpoint) throw new SmartHomeError('INVALID_DIRECTIVE', `${route} needs an endpoint`);
    const thingId = thingIdOf(endpoint.endpointId);
    if (thingId === undefined) throw new SmartHomeError('NO_SUCH_ENDPOINT', `endpoint ${shownId(endpoint.endpointId)} is not a TV of this skill`);
    const token = bearerToken(endpoint.scope?.token);
    // ReportState is the one endpoint directive without a control handler: its own search, nothing else.
    if (!control) return reportState(correlationToken, endpoint, { cloud, token, thingId, deadline, now, directory: deps.directory });
    const properties = await control(directive, { control: tvControlFor(cloud, token, thingId, { deadline, now }), logger, now });
    // The device cloud took the command, so the gateway and the remote answered just now: the TV is
    // reachable. Alexa asks for every property's state in the context ("Alexa.Response Interface 3");
    // an unreachable TV never gets here, it is answered ENDPOINT_UNREACHABLE (errors.ts).
    return controlResponse(correlationToken, endpoint.endpointId, [...properties, connectivity('OK', now())]);
  }

  return async (event) => {
    const deadline = deadlineFrom(now, budgetMs);
    const read = readDirective(event);
    const header = read.ok ? read.directive.header : read.header;
    const sent = read.ok ? read.directive.endpoint?.endpointId : read.endpointId;
    // An id Alexa could never have sent is neither echoed (the response would break Amazon's schema)
    // nor logged whole.
    const endpointId = isEndpointId(sent) ? sent : undefined;
    const fields = { namespace: clipped(header?.namespace), name: clipped(header?.name), endpointId: sent === undefined ? undefined : shownId(sent) };
    // The directive's one log line, written with its metrics once the response is ready.
    let logLine: (record: CommandRecord) => void = (record) => logger.info('directive handled', { ...fields, ...commandLogFields(record) });
    return meterCommand('smarthome', commandOf(header), async (meter) => {
      try {
        if (!read.ok) throw new SmartHomeError('INVALID_DIRECTIVE', read.reason);
        return await dispatch(read.directive, deadline);
      } catch (e) {
        const payload = errorPayloadFrom(e);
        meter.outcome = outcomeOf(e);
        // Codes and kinds only: a DeviceCloudError never holds the token, and nothing else is logged raw.
        const cause = isDeviceCloudError(e)
          ? e.fields()
          : e instanceof Error ? { error: e.name, detail: e.message.slice(0, 256) } : { error: typeof e };
        const level = payload.type === 'INTERNAL_ERROR' ? 'error' : 'warn';
        logLine = (record) => logger[level]('directive failed', { ...fields, type: payload.type, ...cause, ...commandLogFields(record) });
        return errorResponse(header?.correlationToken, endpointId, payload);
      }
    }, (record) => {
      logLine(record);
      deps.metrics?.(record);
    });
  };
}

/** The directive as a metric dimension: one this skill serves, or `other` (any name may arrive; the set stays closed). */
function commandOf(header: Partial<Header> | undefined): string {
  const route = `${header?.namespace}.${header?.name}`;
  return DIRECTIVES.has(route) || route === REPORT_STATE || route === 'Alexa.Discovery.Discover' || route === 'Alexa.Authorization.AcceptGrant' ? route : 'other';
}

/**
 * The directive's bearer token, refused as a credential (before any call) when missing or malformed:
 * a line break or a megabyte in it can only be a bad credential, never a reason to call the cloud.
 */
function bearerToken(token: string | undefined): string {
  if (!token) throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the directive carries no bearer token');
  if (!isWellFormedToken(token)) throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the bearer token is malformed');
  return token;
}

/** An endpointId for a message or a log line: at most 64 characters, only those the schema allows. */
function shownId(endpointId: string): string {
  return endpointId.slice(0, 64).replace(/[^A-Za-z0-9_\-=#;:?@&]/g, '?');
}

function clipped(text: string | undefined): string | undefined {
  return text === undefined ? undefined : text.slice(0, 64);
}
