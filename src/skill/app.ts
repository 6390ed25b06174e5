// The Alexa custom skill: handlers thin over TvControl, wired around the user's store record.
import * as Alexa from 'ask-sdk-core';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import type { DeviceCloudConnector } from '../cloud/api';
import { silentLogger, type Logger } from '../log';
import { commandLogFields, meterCommand, type MetricsSink } from '../metrics';
import type { Forgetting } from '../store/families/forgetting';
import type { UserStore } from '../store';
import {
  fallbackHandler,
  helpHandler,
  navigateHomeHandler,
  sessionEndedHandler,
  stopHandler,
  unknownIntentHandler,
} from './handlers/builtins';
import { canFulfillHandler, unservedRequestHandler } from './handlers/unserved';
import { skillDisabledHandler } from './handlers/skill-events';
import { setChannelHandler } from './handlers/channel';
import { muteHandler } from './handlers/mute';
import { CHANNEL_STEPS, VOLUME_STEPS, stepHandler } from './handlers/steps';
import { gateHandler } from './handlers/gate';
import { setupCodeHandler } from './handlers/setup-code';
import { DeviceAddress } from './services/device-address';
import { launchHandler } from './handlers/launch';
import { touchHandler } from './handlers/touch';
import { conversationHandlers } from './questions/conversation';
import type { SetupTrigger } from './services/setup-trigger';
import { turnOffHandler, turnOnHandler } from './handlers/power';
import {
  applicationIdOf,
  commandOf,
  envelopeDamage,
  localeOf,
  plainResponse,
  requestTypeOf,
  saysSomething,
} from './request/envelope';
import { requestUserInterceptor } from './request/resolve-user';
import { askWhichTvHandler, chooseTvHandler } from './questions/which-tv';
import { DEFAULT_BUDGET_MS } from '../tv/control';
import {
  deviceCloudErrorHandler,
  domainErrorHandler,
  storeErrorHandler,
  unexpectedErrorHandler,
} from './response/failures';
import { wordsFor } from './words';
import { INTENT } from './request/intents';

/** Past the budget, whatever still runs (a slow table) is answered for, still inside Alexa's 8 s. */
const ANSWER_BY_MS = 500;

export interface SkillDeps {
  store: UserStore;
  cloud: DeviceCloudConnector;
  /** When set, requests for any other skill are refused before any handler runs. */
  skillId?: string;
  logger?: Logger;
  /** Time from the start of a request by which every device-cloud call must have ended. */
  budgetMs?: number;
  now?: () => number;
  /** Receives each request's record for its EMF line (lambda.ts: stdout); none by default. */
  metrics?: MetricsSink;
  /** Alexa's Device Address API client (the Echo's postal code for setup); default one with a short timeout. */
  deviceAddress?: DeviceAddress;
  /** Starts the setup function, which sets TVs up and forgets them by voice (questions/conversation.ts). */
  setupTrigger: SetupTrigger;
  /**
   * Deletes what is kept for a user who disabled the skill (handlers/skill-events.ts); the deployed skill
   * has it (lambda.ts). Without it (the sandbox, the benches) the event is acknowledged, nothing deleted.
   */
  forgetting?: Pick<Forgetting, 'forgetUser'>;
}

export type SkillHandler = (event: RequestEnvelope, context?: unknown) => Promise<ResponseEnvelope>;

export function createSkillHandler(deps: SkillDeps): SkillHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  // Work an answer must wait for but the device call need not (resolve-user.ts: the token's copy).
  const unsettled = new Set<Promise<void>>();
  const beforeAnswer = (work: Promise<void>): void => {
    unsettled.add(work);
    void work.then(() => unsettled.delete(work));
  };
  const address = deps.deviceAddress ?? new DeviceAddress({ logger });
  const conversation = conversationHandlers({ store: deps.store, trigger: deps.setupTrigger, now, logger, address });
  const builder = Alexa.SkillBuilders.custom()
    // The pending command first: it may turn the request into the TV intent the user is answering for.
    .addRequestInterceptors(
      requestUserInterceptor({
        store: deps.store,
        cloud: deps.cloud,
        logger,
        now,
        budgetMs,
        beforeAnswer,
      }),
      conversation.interceptor,
    )
    .addRequestHandlers(
      gateHandler,
      setupCodeHandler({ linkCodes: deps.store.linkCodes, now, address }),
      ...conversation.handlers,
      askWhichTvHandler,
      chooseTvHandler,
      launchHandler,
      touchHandler(logger),
      turnOnHandler,
      turnOffHandler,
      setChannelHandler,
      stepHandler(INTENT.nextChannel, 'next', CHANNEL_STEPS, logger),
      stepHandler(INTENT.previousChannel, 'previous', CHANNEL_STEPS, logger),
      stepHandler(INTENT.volumeUp, 'up', VOLUME_STEPS, logger),
      stepHandler(INTENT.volumeDown, 'down', VOLUME_STEPS, logger),
      muteHandler,
      helpHandler,
      stopHandler,
      navigateHomeHandler,
      fallbackHandler,
      sessionEndedHandler(logger),
      canFulfillHandler,
      ...(deps.forgetting ? [skillDisabledHandler(deps.forgetting, logger)] : []),
      unknownIntentHandler(logger),
      unservedRequestHandler(logger),
    )
    .addErrorHandlers(
      deviceCloudErrorHandler(logger),
      domainErrorHandler,
      storeErrorHandler(logger),
      unexpectedErrorHandler(logger),
    );
  if (deps.skillId) builder.withSkillId(deps.skillId);
  const skill = builder.create();

  return (event, context) =>
    meterCommand(
      'skill',
      commandOf(event),
      async (meter) => {
        const damage = envelopeDamage(event);
        if (damage !== undefined) {
          meter.outcome = 'refused';
          const applicationId = applicationIdOf(event);
          if (deps.skillId && applicationId !== deps.skillId) {
            logger.warn('request refused', {
              applicationId,
              reason: `unreadable envelope (${damage}) for another skill`,
            });
            throw new Error('skill id verification failed for an unreadable envelope');
          }
          logger.warn('unreadable request', { damage, requestType: requestTypeOf(event) });
          // A request we cannot read but that asks for an answer gets words; anything else an empty reply.
          return saysSomething(event)
            ? plainResponse(wordsFor(localeOf(event)).failure.unreadableRequest)
            : plainResponse();
        }
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<ResponseEnvelope>((resolve) => {
          timer = setTimeout(() => {
            meter.outcome = 'deadline';
            logger.warn('answered before the work ended', {
              requestType: requestTypeOf(event),
              afterMs: budgetMs + ANSWER_BY_MS,
            });
            resolve(
              requestTypeOf(event) === 'SessionEndedRequest'
                ? plainResponse()
                : plainResponse(wordsFor(localeOf(event)).failure.tookTooLong),
            );
          }, budgetMs + ANSWER_BY_MS);
        });
        try {
          const answered = skill.invoke(event, context).then(async (response) => {
            await Promise.all(unsettled);
            return response;
          });
          return await Promise.race([answered, late]);
        } catch (e) {
          // Handler errors become speech in the error handlers; what arrives here was refused before
          // dispatch (ask-sdk's skill-id check throws), and must stay a failed invocation, never a reply.
          meter.outcome = 'refused';
          logger.warn('request refused', {
            applicationId: event.context?.System?.application?.applicationId,
            reason: e instanceof Error ? e.message : String(e),
          });
          throw e;
        } finally {
          clearTimeout(timer);
        }
      },
      (record) => {
        logger.info('request handled', { requestType: requestTypeOf(event), ...commandLogFields(record) });
        deps.metrics?.(record);
      },
    );
}
