// A multi-step run (channel or volume) in words: complete, or cut short by time or by a failure (a run
// over MAX_STEPS never starts: failures.ts says why).
import type { HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { Logger } from '../../log';
import { settleCommand } from '../../metrics';
import type { StepOutcome } from '../../tv/control';
import { failureResponse } from '../failures';
import { answer, answerFailure } from '../respond';
import type { StepWords } from '../words';

export function stepResponse<D>(
  input: HandlerInput, outcome: StepOutcome, direction: D, words: StepWords<D>, logger: Logger,
): Response {
  const { done, requested, stoppedBy } = outcome;
  if (stoppedBy === 'deadline') {
    settleCommand(done === 0 ? 'deadline' : 'partial');
    logger.info('step run stopped at the deadline', { done, requested });
    return answerFailure(input, words.outOfTime(direction, done, requested));
  }
  if (stoppedBy !== undefined) {
    // Nothing happened: say only what failed. Something happened: say that first.
    return failureResponse(input, stoppedBy, logger, done === 0 ? undefined : words.partly(direction, done, requested));
  }
  return answer(input, words.complete(direction, done));
}
