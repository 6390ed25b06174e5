import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { VolumeStep } from '../../cloud/types';
import type { Logger } from '../../log';
import { DEFAULT_STEPS } from '../../tv/limits';
import { SLOT } from '../intents';
import { requireRemote } from '../request-user';
import { ask } from '../respond';
import { isIntent } from '../routing';
import { numberSlot } from '../slots';
import { words } from '../words';
import { stepResponse } from './steps';

export function stepVolumeHandler(intent: string, direction: VolumeStep, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, intent),
    async handle(input: HandlerInput): Promise<Response> {
      const steps = numberSlot(input, SLOT.steps);
      // Asked for the whole command again: a bare number would be taken for a channel.
      if (steps.kind === 'unreadable') return ask(input, words(input).askAgain.volumeSteps, words(input).askAgain.volumeSteps);
      const { remote, deadline } = requireRemote(input);
      const outcome = await remote.stepVolume(direction, steps.kind === 'number' ? steps.value : DEFAULT_STEPS, { deadline });
      return stepResponse(input, outcome, direction, words(input).volumeSteps, logger);
    },
  };
}
