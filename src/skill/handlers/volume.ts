import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { VolumeDirection } from '../../cloud/types';
import type { Logger } from '../../log';
import { DEFAULT_STEPS } from '../../tv/control';
import { SLOT, type IntentName } from '../intents';
import { requireTv } from '../request-user';
import { ask } from '../respond';
import { isIntent } from '../routing';
import { numberSlot } from '../slots';
import { words } from '../words';
import { stepResponse } from './steps';

export function stepVolumeHandler(intent: IntentName, direction: VolumeDirection, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, intent),
    async handle(input: HandlerInput): Promise<Response> {
      const steps = numberSlot(input, SLOT.count);
      // Asked for the whole command again: a bare number would be taken for a channel.
      if (steps.kind === 'unreadable') return ask(input, words(input).askAgain.volumeSteps, words(input).askAgain.volumeSteps);
      const { control, deadline, volumeStep } = requireTv(input);
      // No number said: the TV's own presses (set at setup), else one.
      const outcome = await control.stepVolume(direction, steps.kind === 'number' ? steps.value : volumeStep ?? DEFAULT_STEPS, { deadline });
      return stepResponse(input, outcome, direction, words(input).volumeSteps, logger);
    },
  };
}
