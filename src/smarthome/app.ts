// The smart-home door (Alexa Smart Home API v3): directives routed by namespace and name to discovery
// or to the TV, every outcome a valid message. Nothing is ever thrown back to Alexa.
import { thingIdOf } from '../alexa/endpoint';
import type { DeviceCloudConnector } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import { silentLogger, type Logger } from '../log';
import type { TvDirectory } from '../store/types';
import { bindTv, deadlineFrom, DEFAULT_BUDGET_MS } from '../tv/binding';
import { adjustVolume, changeChannel, setMute, skipChannels, turnOff, turnOn, type ControlHandler } from './control';
import { readDirective, scopeToken } from './directive';
import { discoverTvs } from './discovery';
import { errorPayloadFrom, SmartHomeError } from './errors';
import { acceptGrant, type GrantKeeping } from './grant';
import type { Directive, EventMessage } from './messages';
import { controlResponse, discoverResponse, errorResponse } from './respond';

export interface SmartHomeDeps {
  /** Read only: discovery looks TVs up by gateway; control directives read nothing. */
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
}

export type SmartHomeHandler = (event: unknown, context?: unknown) => Promise<EventMessage>;

const CONTROL: Record<string, ControlHandler> = {
  'Alexa.PowerController.TurnOn': turnOn,
  'Alexa.PowerController.TurnOff': turnOff,
  'Alexa.ChannelController.ChangeChannel': changeChannel,
  'Alexa.ChannelController.SkipChannels': skipChannels,
  'Alexa.StepSpeaker.AdjustVolume': adjustVolume,
  'Alexa.StepSpeaker.SetMute': setMute,
};

export function createSmartHomeHandler(deps: SmartHomeDeps): SmartHomeHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;

  async function dispatch(directive: Directive, deadline: number): Promise<EventMessage> {
    const { namespace, name, correlationToken } = directive.header;
    const route = `${namespace}.${name}`;
    if (route === 'Alexa.Discovery.Discover') {
      const token = scopeToken(directive.payload['scope']);
      if (!token) throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the directive carries no bearer token');
      return discoverResponse(await discoverTvs(deps.cloud, deps.directory, token, logger));
    }
    if (route === 'Alexa.Authorization.AcceptGrant') return acceptGrant(directive.payload, deps.cloud, deps.grantKeeping, logger);
    const control = CONTROL[route];
    if (!control) throw new SmartHomeError('INVALID_DIRECTIVE', `${route} is not supported by this skill`);
    const endpoint = directive.endpoint;
    if (!endpoint) throw new SmartHomeError('INVALID_DIRECTIVE', `${route} needs an endpoint`);
    const thingId = thingIdOf(endpoint.endpointId);
    if (thingId === undefined) throw new SmartHomeError('NO_SUCH_ENDPOINT', `endpoint ${endpoint.endpointId.slice(0, 64)} is not a TV of this skill`);
    const token = endpoint.scope?.token;
    if (!token) throw new SmartHomeError('INVALID_AUTHORIZATION_CREDENTIAL', 'the directive carries no bearer token');
    const tv = bindTv(deps.cloud, token, thingId, { deadline, now });
    const properties = await control(directive, { tv, logger, now });
    return controlResponse(correlationToken, endpoint.endpointId, properties);
  }

  return async (event) => {
    const deadline = deadlineFrom(now, budgetMs);
    const read = readDirective(event);
    const header = read.ok ? read.directive.header : read.header;
    const endpointId = read.ok ? read.directive.endpoint?.endpointId : read.endpointId;
    const fields = { namespace: header?.namespace, name: header?.name, endpointId };
    try {
      if (!read.ok) throw new SmartHomeError('INVALID_DIRECTIVE', read.reason);
      const response = await dispatch(read.directive, deadline);
      logger.info('directive handled', fields);
      return response;
    } catch (e) {
      const payload = errorPayloadFrom(e);
      // Codes and kinds only: a DeviceCloudError never holds the token, and nothing else is logged raw.
      const cause = isDeviceCloudError(e)
        ? { kind: e.kind, endpoint: e.endpoint, status: e.status, result: e.result, errorCode: e.errorCode }
        : e instanceof Error ? { error: e.name, detail: e.message } : { error: typeof e };
      const level = payload.type === 'INTERNAL_ERROR' ? 'error' : 'warn';
      logger[level]('directive failed', { ...fields, type: payload.type, ...cause });
      return errorResponse(header?.correlationToken, endpointId, payload);
    }
  };
}
