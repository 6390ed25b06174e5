// The Google Home door: Google's smart home intents (SYNC, QUERY, EXECUTE, DISCONNECT) over HTTPS. Read at
// the edge (request.ts), routed to one module per intent (routes.ts, intents/), each answered for the
// household the bearer token reaches (household.ts) and built in respond.ts; every failure is a code of
// Google's, given by one converter (errors.ts). A thin door over src/tv: the TV's traits map its
// capabilities (traits/).
import type { DeviceCloudConnector } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import { silentLogger, type Logger } from '../log';
import { commandLogFields, meterCommand, type CommandRecord, type MetricsSink } from '../metrics';
import { outcomeOf } from '../outcome';
import type { GoogleLinks } from '../store/families/google-links';
import type { TokenReach } from '../store/families/token-reach';
import type { Tvs } from '../store';
import { deadlineFrom } from '../tv/control';
import { failureOf } from './errors';
import { readGoogleRequest } from './request';
import { failureAnswer, intentAnswer, refusedAnswer, type HttpAnswer } from './respond';
import { INTENTS } from './routes';

export interface GoogleDeps {
  /** Read only: the TVs setup indexed behind the household's gateways. */
  directory: Pick<Tvs, 'tvsBehindGateways'>;
  /** The household's agentUserId, kept by SYNC and forgotten by DISCONNECT. */
  links: GoogleLinks;
  /** What each token reached at its last listing, so a command for a TV it vouches for skips the listing. */
  reach?: TokenReach;
  cloud: DeviceCloudConnector;
  logger?: Logger;
  /** Time from the start of a request by which every device-cloud call must have ended. */
  budgetMs?: number;
  now?: () => number;
  metrics?: MetricsSink;
}

/** Takes the Lambda event of a Function URL or an HTTP API (payload format 2.0). */
export type GoogleHandler = (event: unknown) => Promise<HttpAnswer>;

export function createGoogleHandler(deps: GoogleDeps): GoogleHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;

  return async (event) => {
    const deadline = deadlineFrom(now, deps.budgetMs);
    const fields: Record<string, unknown> = {};
    const read = readGoogleRequest(event);
    const intent = read.ok ? read.request.input.intent : 'other';
    if (read.ok) fields['intent'] = intent;
    let logLine: (record: CommandRecord) => void = (record) =>
      logger.info('google request handled', { ...fields, ...commandLogFields(record) });
    return meterCommand(
      'google',
      intent,
      async (meter) => {
        if (!read.ok) {
          meter.outcome = 'refused';
          logLine = (record) =>
            logger.warn('google request refused', {
              status: read.status,
              reason: read.reason,
              ...commandLogFields(record),
            });
          return refusedAnswer(read.status, read.reason, read.requestId);
        }
        const { requestId, input } = read.request;
        try {
          const answer = await INTENTS[input.intent](input, {
            requestId,
            token: read.token,
            cloud: deps.cloud,
            directory: deps.directory,
            links: deps.links,
            ...(deps.reach && { reach: deps.reach }),
            deadline,
            now,
            fields,
          });
          meter.outcome = answer.outcome;
          return intentAnswer(answer);
        } catch (e) {
          meter.outcome = outcomeOf(e);
          const failure = failureOf(e);
          // Codes and kinds only: a DeviceCloudError never holds the token, and nothing else is logged raw.
          const cause = isDeviceCloudError(e) ? e.fields() : { error: e instanceof Error ? e.name : typeof e };
          if (failure.tokenRefused) {
            // A refused token is never trusted from an earlier listing again. Should this write fail, the
            // entry's next use presses with the refused token, which the device cloud refuses: a 401 again.
            await deps.reach?.forget(read.token).catch(() => undefined);
            logLine = (record) =>
              logger.warn('google request refused', {
                ...fields,
                status: 401,
                reason: 'token refused',
                ...commandLogFields(record),
              });
          } else {
            // Worth trying again (the table, the device cloud) is a warning; anything else is our bug.
            const level = failure.status === 503 ? 'warn' : 'error';
            logLine = (record) =>
              logger[level]('google request failed', {
                ...fields,
                status: failure.status,
                errorCode: failure.errorCode,
                ...cause,
                ...commandLogFields(record),
              });
          }
          return failureAnswer(requestId, failure);
        }
      },
      (record) => {
        logLine(record);
        deps.metrics?.(record);
      },
    );
  };
}
