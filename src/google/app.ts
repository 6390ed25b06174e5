// The Google Home door: Google's smart home intents (SYNC, QUERY, EXECUTE, DISCONNECT) over HTTPS, each
// answered for the household the bearer token reaches (household.ts), every failure a code of Google's
// (errors.ts). A thin door over src/tv: the TV's traits map its capabilities (traits/).
import type { DeviceCloudConnector } from '../cloud/api';
import { isDeviceCloudError } from '../cloud/errors';
import { silentLogger, type Logger } from '../log';
import { commandLogFields, meterCommand, type CommandRecord, type MetricsSink, type Outcome } from '../metrics';
import { outcomeOf } from '../outcome';
import type { GoogleLinks } from '../store/families/google-links';
import type { TokenReach } from '../store/families/token-reach';
import type { IndexedTv, TvDirectory } from '../store/types';
import { tvReach } from '../tv/health';
import { deadlineFrom, DEFAULT_BUDGET_MS, StepsCutShort, tvControlFor } from '../tv/control';
import { deviceErrorFrom, GoogleError, TokenRefused } from './errors';
import { householdOf, type Household } from './household';
import { readHttpRequest, httpAnswer, type HttpAnswer } from './http';
import {
  DISCONNECT, EXECUTE, QUERY, readRequest, SYNC,
  type CommandGroup, type CommandResult, type DeviceRef, type ExecuteResponse, type GoogleRequest, type GoogleResponse, type QueryResponse, type SyncResponse,
} from './messages';
import { syncDevice } from './device';
import { COMMANDS } from './traits';

export interface GoogleDeps {
  /** Read only: the TVs setup indexed behind the household's gateways. */
  directory: Pick<TvDirectory, 'tvsBehindGateways'>;
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
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  const { cloud } = deps;

  async function answer(request: GoogleRequest, token: string, deadline: number, fields: Record<string, unknown>): Promise<{ body: GoogleResponse | { requestId: string; error: string }; outcome: Outcome; status?: number }> {
    const { requestId, input } = request;
    if (input.intent === DISCONNECT) {
      // "After receiving the DISCONNECT intent, your cloud service should cease publishing changes to Google
      // with Request Sync and Report State" (intents/disconnect): the household's agentUserId is what setup
      // asks Google to sync by, so it is forgotten. The TVs and Alexa's link stay as they are.
      // Its answer is always {}, the only body its schema allows; should the forgetting fail, setup's next
      // Request Sync is answered "not found" by Google, and that forgets the link too (src/homegraph/).
      try {
        // The token's reach is forgotten whatever the listing answers: nothing vouches for it after unlinking.
        const [listed, forgotten] = await Promise.allSettled([householdOf(cloud, deps.directory, token), deps.reach?.forget(token)]);
        if (listed.status === 'rejected') throw listed.reason;
        await deps.links.forget(listed.value.gateways);
        if (forgotten.status === 'rejected') throw forgotten.reason;
        return { body: {}, outcome: 'ok' };
      } catch (e) {
        if (isDeviceCloudError(e, 'unauthorized')) throw new TokenRefused();
        fields['errorCode'] = deviceErrorFrom(e).errorCode;
        return { body: {}, outcome: outcomeOf(e) };
      }
    }
    const wanted = input.intent === QUERY ? input.devices : input.intent === EXECUTE ? input.commands.flatMap((c) => c.devices) : undefined;
    let household: Household;
    try {
      household = await householdOf(cloud, deps.directory, token, wanted, deps.reach);
    } catch (e) {
      if (isDeviceCloudError(e, 'unauthorized')) throw new TokenRefused();
      const { errorCode } = deviceErrorFrom(e);
      fields['errorCode'] = errorCode;
      const outcome = outcomeOf(e);
      // Each device gets the error ("Error codes can be attached at the device level or at the global
      // level"): the device-level form is the one QUERY's and EXECUTE's schemas accept. SYNC's payload must
      // name the agentUserId and the devices, which cannot be known now: that answer is an HTTP error.
      if (input.intent === QUERY) {
        return { outcome, body: { requestId, payload: { devices: Object.fromEntries(input.devices.map(({ id }) => [id, { online: false, status: 'ERROR' as const, errorCode }])) } } };
      }
      if (input.intent === EXECUTE) {
        return { outcome, body: { requestId, payload: { commands: [{ ids: [...new Set(input.commands.flatMap((c) => c.devices.map((d) => d.id)))], status: 'ERROR', errorCode }] } } };
      }
      return { outcome, status: 503, body: { requestId, error: errorCode } };
    }
    fields['tvs'] = household.tvs.size;
    if (input.intent === SYNC) return sync(requestId, household);
    if (input.intent === QUERY) return query(requestId, token, input.devices, household, deadline, fields);
    return execute(requestId, token, input.commands, household, deadline, fields);
  }

  async function sync(requestId: string, household: Household): Promise<{ body: SyncResponse | { requestId: string; error: string }; outcome: Outcome; status?: number }> {
    // An account without a home gateway has nothing to control and nothing to be known by: no agentUserId
    // can be given, and SYNC's payload requires one. Linking fails until the remote is set up.
    if (household.gateways.length === 0) return { outcome: 'refused', status: 404, body: { requestId, error: 'the device-cloud account has no home gateway' } };
    const agentUserId = await deps.links.agentUserIdFor(household.gateways);
    return { outcome: 'ok', body: { requestId, payload: { agentUserId, devices: [...household.tvs.values()].map(syncDevice) } } };
  }

  /**
   * Only what is known: whether the gateway and the TV are online (src/tv/health.ts), one availability
   * search per gateway. Power, channel and volume are command-only traits and are not reported.
   */
  async function query(requestId: string, token: string, devices: DeviceRef[], household: Household, deadline: number, fields: Record<string, unknown>): Promise<{ body: QueryResponse; outcome: Outcome }> {
    const api = cloud.forToken(token);
    const reach = new Map<string, Promise<Awaited<ReturnType<typeof tvReach>> | Error>>();
    const result: Record<string, { online: boolean; status: 'SUCCESS' | 'OFFLINE' | 'ERROR'; errorCode?: string }> = {};
    let outcome: Outcome = 'ok';
    for (const { id } of devices) {
      const tv = household.tvs.get(id);
      if (tv === undefined) {
        result[id] = { online: false, status: 'ERROR', errorCode: 'deviceNotFound' };
        outcome = 'refused';
        continue;
      }
      const search = async (): Promise<Awaited<ReturnType<typeof tvReach>> | Error> => {
        // No search starts that could end after Google stopped waiting.
        if (now() + cloud.timeoutMs > deadline) return new StepsCutShort(0, 1, 'deadline');
        try {
          return await tvReach(api, tv.gatewayId, tv.thingId);
        } catch (e) {
          return e instanceof Error ? e : new Error(String(e));
        }
      };
      const key = `${tv.gatewayId}\u0000${tv.thingId}`;
      if (!reach.has(key)) reach.set(key, search());
      const seen = await reach.get(key)!;
      if (seen === 'online') result[id] = { online: true, status: 'SUCCESS' };
      else if (seen === 'offline') result[id] = { online: false, status: 'ERROR', errorCode: 'deviceOffline' };
      else if (seen === 'unlisted') result[id] = { online: false, status: 'ERROR', errorCode: 'deviceNotFound' };
      else {
        const error = deviceErrorFrom(seen);
        result[id] = { online: false, status: 'ERROR', errorCode: error.errorCode };
        outcome = outcomeOf(seen);
      }
    }
    fields['devices'] = devices.length;
    return { body: { requestId, payload: { devices: result } }, outcome };
  }

  /**
   * Each (device, command) pair in order, each device's commands stopping at its first failure. A device
   * that is not the household's is refused before anything is pressed for it.
   */
  async function execute(requestId: string, token: string, commands: CommandGroup[], household: Household, deadline: number, fields: Record<string, unknown>): Promise<{ body: ExecuteResponse; outcome: Outcome }> {
    const results: CommandResult[] = [];
    let outcome: Outcome = 'ok';
    const names = new Set<string>();
    for (const group of commands) {
      for (const { id } of group.devices) {
        const tv = household.tvs.get(id);
        let failure: unknown;
        if (tv === undefined) failure = new GoogleError('deviceNotFound', 'the device is not one of this account\'s TVs');
        else {
          for (const { command, params } of group.execution) {
            names.add(command);
            try {
              await run(command, params, tv, token, deadline);
            } catch (e) {
              if (e instanceof TokenRefused || isDeviceCloudError(e, 'unauthorized')) throw new TokenRefused();
              failure = e;
              break;
            }
          }
        }
        if (failure === undefined) {
          // The device cloud took every command, so the gateway and the remote answered just now.
          results.push({ ids: [id], status: 'SUCCESS', states: { online: true } });
          continue;
        }
        const error = deviceErrorFrom(failure);
        outcome = outcomeOf(failure);
        results.push({ ids: [id], status: 'ERROR', ...(error.offline && { states: { online: false } }), errorCode: error.errorCode });
      }
    }
    fields['commands'] = [...names].map((n) => n.replace(/^action\.devices\.commands\./, '')).join(',').slice(0, 120);
    fields['results'] = results.map((r) => r.errorCode ?? r.status).join(',').slice(0, 120);
    return { body: { requestId, payload: { commands: grouped(results) } }, outcome };
  }

  async function run(command: string, params: Record<string, unknown>, tv: IndexedTv, token: string, deadline: number): Promise<void> {
    const handler = COMMANDS.get(command);
    // The Television guide: "If your device does not support these traits, enter the error code of
    // functionNotSupported in a QUERY or EXECUTE response."
    if (handler === undefined) throw new GoogleError('functionNotSupported', 'the TV has no trait with this command');
    await handler(params, { tv, control: tvControlFor(cloud, token, tv.thingId, { deadline, now }) });
  }

  return async (event) => {
    const deadline = deadlineFrom(now, budgetMs);
    const fields: Record<string, unknown> = {};
    const http = readHttpRequest(event);
    const parsed = http.ok ? readRequest(http.body) : undefined;
    const intent = parsed?.ok ? parsed.request.input.intent : 'other';
    if (parsed?.ok) fields['intent'] = intent;
    let logLine: (record: CommandRecord) => void = (record) => logger.info('google request handled', { ...fields, ...commandLogFields(record) });
    return meterCommand('google', intent, async (meter) => {
      if (!http.ok) {
        meter.outcome = 'refused';
        logLine = (record) => logger.warn('google request refused', { status: http.status, reason: http.reason, ...commandLogFields(record) });
        return httpAnswer(http.status, { error: http.reason }, http.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      }
      if (!parsed!.ok) {
        meter.outcome = 'refused';
        const reason = parsed!.reason;
        logLine = (record) => logger.warn('google request refused', { status: 400, reason, ...commandLogFields(record) });
        // A body Google's schemas can read: the protocol error for the whole transaction.
        return httpAnswer(400, { requestId: parsed!.requestId ?? '', payload: { errorCode: 'protocolError', debugString: reason } });
      }
      try {
        const { body, outcome, status } = await answer(parsed!.request, http.token, deadline, fields);
        meter.outcome = outcome;
        return httpAnswer(status ?? 200, body);
      } catch (e) {
        meter.outcome = outcomeOf(e);
        if (e instanceof TokenRefused || isDeviceCloudError(e, 'unauthorized')) {
          // A refused token is never trusted from an earlier listing again. Should this write fail, the
          // entry's next use presses with the refused token, which the device cloud refuses: a 401 again.
          await deps.reach?.forget(http.token).catch(() => undefined);
          logLine = (record) => logger.warn('google request refused', { ...fields, status: 401, reason: 'token refused', ...commandLogFields(record) });
          return httpAnswer(401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
        }
        // Codes and kinds only: a DeviceCloudError never holds the token, and nothing else is logged raw.
        const cause = isDeviceCloudError(e) ? e.fields() : { error: e instanceof Error ? e.name : typeof e };
        const { errorCode } = deviceErrorFrom(e);
        logLine = (record) => logger.error('google request failed', { ...fields, errorCode, ...cause, ...commandLogFields(record) });
        return httpAnswer(500, { requestId: parsed!.request.requestId, error: errorCode });
      }
    }, (record) => {
      logLine(record);
      deps.metrics?.(record);
    });
  };
}

/** Results with the same status and code share one entry, as the EXECUTE response groups devices. */
function grouped(results: CommandResult[]): CommandResult[] {
  const out = new Map<string, CommandResult>();
  for (const r of results) {
    const key = JSON.stringify([r.status, r.errorCode, r.states]);
    const entry = out.get(key);
    if (entry) entry.ids.push(...r.ids.filter((id) => !entry.ids.includes(id)));
    else out.set(key, { ...r, ids: [...r.ids] });
  }
  return [...out.values()];
}
