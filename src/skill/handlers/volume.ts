import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { VolumeStep } from '../../cloud/types';
import type { Logger } from '../../log';
import { DEFAULT_STEPS } from '../../tv/limits';
import { SLOT } from '../intents';
import { requireRemote } from '../request-user';
import { isIntent } from '../routing';
import { numberSlot } from '../slots';
import { volumeCapped, volumeOutOfTime, volumePartly, volumeStepped } from '../speech';
import { stepResponse } from './steps';

export function stepVolumeHandler(intent: string, direction: VolumeStep, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, intent),
    async handle(input: HandlerInput): Promise<Response> {
      const { remote, deadline } = requireRemote(input);
      const steps = numberSlot(input, SLOT.steps) ?? DEFAULT_STEPS;
      const outcome = await remote.stepVolume(direction, steps, { deadline });
      return stepResponse(input, outcome, {
        complete: (done) => volumeStepped(direction, done),
        capped: (done) => volumeCapped(direction, done),
        outOfTime: (done, requested) => volumeOutOfTime(direction, done, requested),
        partly: (done, requested) => volumePartly(direction, done, requested),
      }, logger);
    },
  };
}
