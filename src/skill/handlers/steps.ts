// A multi-step run (channel or volume): "go up 3 channels", "volume down 2", the count misheard asked
// again, and the run in words: complete, or cut short by time or by a failure (a run over MAX_STEPS
// never starts: failures.ts says why).
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { ChannelDirection, VolumeDirection } from '../../cloud/types';
import type { Logger } from '../../log';
import { settleCommand } from '../../metrics';
import { DEFAULT_STEPS, type StepOutcome, type TvControl } from '../../tv/control';
import { failureResponse } from '../response/failures';
import { SLOT, type IntentName } from '../request/intents';
import { requireTv } from '../request/request-user';
import { answer, answerFailure, ask } from '../response/respond';
import { isIntent } from '../request/routing';
import { numberSlot } from '../request/slots';
import { words, type StepWords, type Words } from '../words';

/** What differs between stepping channels and stepping the volume. */
interface Steps<D> {
  /** Asked for the whole command again when the count was misheard: a bare number would be taken for a channel. */
  askAgain(w: Words): string;
  words(w: Words): StepWords<D>;
  /** The presses when no number was said. */
  unsaid(volumeStep: number | undefined): number;
  run(control: TvControl, direction: D, count: number): Promise<StepOutcome>;
}

export const CHANNEL_STEPS: Steps<ChannelDirection> = {
  askAgain: (w) => w.askAgain.channelCount,
  words: (w) => w.channelSteps,
  unsaid: () => DEFAULT_STEPS,
  run: (control, direction, count) => control.stepChannel(direction, count),
};

export const VOLUME_STEPS: Steps<VolumeDirection> = {
  askAgain: (w) => w.askAgain.volumeSteps,
  words: (w) => w.volumeSteps,
  // The TV's own presses (set at setup), else one.
  unsaid: (volumeStep) => volumeStep ?? DEFAULT_STEPS,
  run: (control, direction, count) => control.stepVolume(direction, count),
};

export function stepHandler<D>(intent: IntentName, direction: D, steps: Steps<D>, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, intent),
    async handle(input: HandlerInput): Promise<Response> {
      const w = words(input);
      const count = numberSlot(input, SLOT.count);
      if (count.kind === 'unreadable') return ask(input, steps.askAgain(w), steps.askAgain(w));
      const { control, volumeStep } = requireTv(input);
      const outcome = await steps.run(
        control,
        direction,
        count.kind === 'number' ? count.value : steps.unsaid(volumeStep),
      );
      return stepResponse(input, outcome, direction, steps.words(w), logger);
    },
  };
}

export function stepResponse<D>(
  input: HandlerInput,
  outcome: StepOutcome,
  direction: D,
  words: StepWords<D>,
  logger: Logger,
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
