// The smart-home door (Alexa Smart Home API v3): the directive read at the edge (request.ts), routed by
// namespace and name (routes.ts) to one module per directive (directives/: discovery, AcceptGrant,
// ReportState, and control through the interface modules, interfaces/), built in respond.ts; every failure
// an ErrorResponse by one converter (errors.ts). Nothing is ever thrown back to Alexa.
import { isEndpointId } from '../alexa/endpoint';
import type { EventMessage, Header } from '../alexa/messages';
import type { DeviceCloudConnector } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import { silentLogger, type Logger } from '../log';
import { commandLogFields, meterCommand, type CommandRecord, type MetricsSink } from '../metrics';
import { outcomeOf } from '../outcome';
import type { Tvs } from '../store';
import { deadlineFrom } from '../tv/control';
import type { GrantKeeping } from './directives/directive';
import { shownId } from './endpoint';
import { errorPayloadFrom, SmartHomeError } from './errors';
import { readDirective } from './request';
import { errorResponse } from './respond';
import { ROUTES } from './routes';

export interface SmartHomeDeps {
  /** Read only: discovery looks TVs up by gateway, and ReportState a TV the search does not list; control directives read nothing. */
  directory: Pick<Tvs, 'tvsBehindGateways'>;
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

export function createSmartHomeHandler(deps: SmartHomeDeps): SmartHomeHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;

  return async (event) => {
    const deadline = deadlineFrom(now, deps.budgetMs);
    const read = readDirective(event);
    const header = read.ok ? read.directive.header : read.header;
    const sent = read.ok ? read.directive.endpoint?.endpointId : read.endpointId;
    // An id Alexa could never have sent is neither echoed (the response would break Amazon's schema)
    // nor logged whole.
    const endpointId = isEndpointId(sent) ? sent : undefined;
    const fields = {
      namespace: clipped(header?.namespace),
      name: clipped(header?.name),
      endpointId: sent === undefined ? undefined : shownId(sent),
    };
    // The directive's one log line, written with its metrics once the response is ready.
    let logLine: (record: CommandRecord) => void = (record) =>
      logger.info('directive handled', { ...fields, ...commandLogFields(record) });
    return meterCommand(
      'smarthome',
      commandOf(header),
      async (meter) => {
        try {
          if (!read.ok) throw new SmartHomeError('INVALID_DIRECTIVE', read.reason);
          const { namespace, name } = read.directive.header;
          const module = ROUTES.get(`${namespace}.${name}`);
          if (!module)
            throw new SmartHomeError('INVALID_DIRECTIVE', `${namespace}.${name} is not supported by this skill`);
          return await module(read.directive, {
            cloud: deps.cloud,
            directory: deps.directory,
            grantKeeping: deps.grantKeeping,
            logger,
            deadline,
            now,
          });
        } catch (e) {
          const payload = errorPayloadFrom(e);
          meter.outcome = outcomeOf(e);
          // Codes and kinds only: a DeviceCloudError never holds the token, and nothing else is logged raw.
          const cause = isDeviceCloudError(e)
            ? e.fields()
            : e instanceof Error
              ? { error: e.name, detail: e.message.slice(0, 256) }
              : { error: typeof e };
          const level = payload.type === 'INTERNAL_ERROR' ? 'error' : 'warn';
          logLine = (record) =>
            logger[level]('directive failed', { ...fields, type: payload.type, ...cause, ...commandLogFields(record) });
          return errorResponse(header?.correlationToken, endpointId, payload);
        }
      },
      (record) => {
        logLine(record);
        deps.metrics?.(record);
      },
    );
  };
}

/** The directive as a metric dimension: one this skill serves, or `other` (any name may arrive; the set stays closed). */
function commandOf(header: Partial<Header> | undefined): string {
  const route = `${header?.namespace}.${header?.name}`;
  return ROUTES.has(route) ? route : 'other';
}

function clipped(text: string | undefined): string | undefined {
  return text === undefined ? undefined : text.slice(0, 64);
}
