// Who is asking, resolved once per request before any handler: one store read, the freshest token, the
// TV the command is for, and the TV control bound to both (request-user.ts keeps it for the handlers).
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestInterceptor } from 'ask-sdk-core';
import type { DeviceCloudConnector } from '../../cloud/api';
import { isWellFormedToken } from '../../token';
import type { Logger } from '../../log';
import type { RegisteredTv } from '../../store/types';
import type { UserStore } from '../../store';
import { deadlineFrom, tvControlFor } from '../../tv/control';
import { REQUEST_USER, RequestUser, type TargetTv } from './request-user';
import { isTvIntent, needsUser } from './routing';
import { readTouch, touchedTv } from '../screen/arguments';
import { isUserEvent } from '../screen/device';
import { chosenTv, targetTv } from '../questions/which-tv';

export interface RequestUserDeps {
  store: UserStore;
  cloud: DeviceCloudConnector;
  logger: Logger;
  budgetMs: number;
  now: () => number;
  /**
   * Takes work that need not end before the device call but must end before the answer leaves (Lambda
   * freezes the process once it has answered). The work never rejects.
   */
  beforeAnswer: (work: Promise<void>) => void;
}

export function requestUserInterceptor(deps: RequestUserDeps): RequestInterceptor {
  return {
    async process(input: HandlerInput): Promise<void> {
      if (!needsUser(input)) return;
      // The budget starts here, before the store read, so the read counts against it too.
      const deadline = deadlineFrom(deps.now, deps.budgetMs);
      const envelope = input.requestEnvelope;
      const userId = Alexa.getUserId(envelope);
      const record = await deps.store.links.get(userId);
      // Alexa keeps the linked token fresh and sends it with every request; the stored copy only
      // serves work outside requests (setup), so it is refreshed here when it changed.
      const sent = Alexa.getAccountLinkingAccessToken(envelope) || undefined;
      // A token that cannot be one (a line break, 100 KB) is no token: never copied over the stored one.
      const requestToken = sent !== undefined && isWellFormedToken(sent) ? sent : undefined;
      if (sent !== undefined && requestToken === undefined)
        deps.logger.warn('the request carries a malformed access token', { userId, length: sent.length });
      // The command does not need the copy, so it is written while the command runs (the first command
      // after Alexa refreshed the token, often a cold one, waits for no write); the answer waits for it.
      if (requestToken !== undefined && requestToken !== record?.accessToken) {
        deps.beforeAnswer(saveToken(deps, userId, requestToken, requestTime(envelope.request.timestamp, deps.now)));
      }
      const token = requestToken ?? record?.accessToken;
      const tvs = record?.tvs ?? [];
      const target = tvs.length === 0 ? undefined : targetOf(input, tvs);
      const tv = target?.tv;
      const control =
        token !== undefined && tv !== undefined
          ? tvControlFor(deps.cloud, token, tv.thingId, { deadline, now: deps.now })
          : undefined;
      input.attributesManager.setRequestAttributes({
        ...input.attributesManager.getRequestAttributes(),
        [REQUEST_USER]: new RequestUser(userId, token !== undefined, tvs, target, control, deadline),
      });
    },
  };
}

/** A TV intent's TV (which-tv.ts); a touch's is the TV its key was drawn for, which must be one of the user's. */
function targetOf(input: HandlerInput, tvs: RegisteredTv[]): TargetTv | undefined {
  if (isTvIntent(input)) return targetTv(input, tvs);
  if (!isUserEvent(input.requestEnvelope)) return undefined;
  const touch = readTouch(input.requestEnvelope);
  const tv = touch && touchedTv(touch, tvs);
  return tv ? chosenTv(input, tvs, tv) : { kind: 'unknown', spoken: '' };
}

/** Never rejects: a failed copy must not cost the user the command they asked for. */
async function saveToken(deps: RequestUserDeps, userId: string, token: string, requestedAt: number): Promise<void> {
  try {
    // Conditional on the request's time: a late request with an older token stores nothing.
    const saved = await deps.store.links.saveAccessToken(userId, token, requestedAt);
    if (!saved) deps.logger.info('kept the stored access token: it came with a newer request', { userId });
  } catch (e) {
    deps.logger.warn('could not save the access token', { userId, error: errorName(e) });
  }
}

/** When Alexa made the request (its ISO timestamp), or now when it sent none that reads. */
function requestTime(timestamp: unknown, now: () => number): number {
  const t = typeof timestamp === 'string' ? Date.parse(timestamp) : Number.NaN;
  return Number.isFinite(t) ? t : now();
}

function errorName(e: unknown): string {
  return e instanceof Error ? e.name : typeof e;
}
