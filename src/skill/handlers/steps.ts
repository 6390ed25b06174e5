// A multi-step run (channel or volume) in words: complete, capped, cut short by time, or by a failure.
import type { HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { Logger } from '../../log';
import type { StepOutcome } from '../../tv/outcomes';
import { answer } from '../respond';
import { failureResponse } from './failure-response';

export interface StepWords {
  complete(done: number): string;
  capped(done: number): string;
  outOfTime(done: number, requested: number): string;
  partly(done: number, requested: number): string;
}

export function stepResponse(input: HandlerInput, outcome: StepOutcome, words: StepWords, logger: Logger): Response {
  const { done, requested, stoppedBy } = outcome;
  if (stoppedBy === 'deadline') {
    logger.info('step run stopped at the deadline', { done, requested });
    return answer(input, words.outOfTime(done, requested));
  }
  if (stoppedBy !== undefined) {
    // Nothing happened: say only what failed. Something happened: say that first.
    return failureResponse(input, stoppedBy, logger, done === 0 ? undefined : words.partly(done, requested));
  }
  return answer(input, outcome.capped ? words.capped(done) : words.complete(done));
}
