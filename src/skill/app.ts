// The Alexa custom skill: handlers thin over TvRemote, wired around the user's store record.
import * as Alexa from 'ask-sdk-core';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import type { DeviceCloudConnector } from '../cloud/api';
import { silentLogger, type Logger } from '../log';
import type { UserStore } from '../store/types';
import { fallbackHandler, helpHandler, navigateHomeHandler, sessionEndedHandler, stopHandler } from './handlers/builtins';
import { setChannelHandler, stepChannelHandler } from './handlers/channel';
import { deviceCloudErrorHandler, domainErrorHandler, unexpectedErrorHandler } from './handlers/errors';
import { gateHandler } from './handlers/gate';
import { launchHandler } from './handlers/launch';
import { turnOffHandler, turnOnHandler } from './handlers/power';
import { stepVolumeHandler } from './handlers/volume';
import { requestUserInterceptor } from './request-user';
import { DEFAULT_BUDGET_MS } from '../tv/binding';

export { DEFAULT_BUDGET_MS };

export interface SkillDeps {
  store: UserStore;
  cloud: DeviceCloudConnector;
  /** When set, requests for any other skill are refused before any handler runs. */
  skillId?: string;
  logger?: Logger;
  /** Time from the start of a request by which every device-cloud call must have ended. */
  budgetMs?: number;
  now?: () => number;
}

export type SkillHandler = (event: RequestEnvelope, context?: unknown) => Promise<ResponseEnvelope>;

export function createSkillHandler(deps: SkillDeps): SkillHandler {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? Date.now;
  const builder = Alexa.SkillBuilders.custom()
    .addRequestInterceptors(requestUserInterceptor({
      store: deps.store, cloud: deps.cloud, logger, now, budgetMs: deps.budgetMs ?? DEFAULT_BUDGET_MS,
    }))
    .addRequestHandlers(
      gateHandler(deps.store, now),
      launchHandler,
      turnOnHandler,
      turnOffHandler,
      setChannelHandler,
      stepChannelHandler('NextChannelIntent', 'next', logger),
      stepChannelHandler('PreviousChannelIntent', 'previous', logger),
      stepVolumeHandler('VolumeUpIntent', 'up', logger),
      stepVolumeHandler('VolumeDownIntent', 'down', logger),
      helpHandler,
      stopHandler,
      navigateHomeHandler,
      fallbackHandler,
      sessionEndedHandler(logger),
    )
    .addErrorHandlers(deviceCloudErrorHandler(logger), domainErrorHandler, unexpectedErrorHandler(logger));
  if (deps.skillId) builder.withSkillId(deps.skillId);
  const skill = builder.create();

  return async (event, context) => {
    try {
      return await skill.invoke(event, context);
    } catch (e) {
      // Handler errors become speech in the error handlers; what arrives here was refused before
      // dispatch (ask-sdk's skill-id check throws), and must stay a failed invocation, never a reply.
      logger.warn('request refused', {
        applicationId: event.context?.System?.application?.applicationId,
        reason: e instanceof Error ? e.message : String(e),
      });
      throw e;
    }
  };
}
