import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { ChannelStep } from '../../cloud/types';
import type { Logger } from '../../log';
import { DEFAULT_STEPS } from '../../tv/limits';
import { SLOT } from '../intents';
import { requireRemote } from '../request-user';
import { answer, ask } from '../respond';
import { isIntent } from '../routing';
import { numberSlot } from '../slots';
import { ASK_CHANNEL, ASK_CHANNEL_COUNT_AGAIN, channelCapped, channelOutOfTime, channelPartly, channelSet, channelStepped } from '../speech';
import { stepResponse } from './steps';

export const setChannelHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'SetChannelIntent'),
  async handle(input: HandlerInput): Promise<Response> {
    const channel = numberSlot(input, SLOT.channel);
    // No readable number: ask, and keep the session open for the answer (a bare number maps here too).
    if (channel.kind !== 'number') return ask(input, ASK_CHANNEL, ASK_CHANNEL);
    await requireRemote(input).remote.setChannel(channel.value);
    return answer(input, channelSet(channel.value));
  },
};

export function stepChannelHandler(intent: string, direction: ChannelStep, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => isIntent(input, intent),
    async handle(input: HandlerInput): Promise<Response> {
      const count = numberSlot(input, SLOT.count);
      // Asked for the whole command again: a bare number would be taken for a channel.
      if (count.kind === 'unreadable') return ask(input, ASK_CHANNEL_COUNT_AGAIN, ASK_CHANNEL_COUNT_AGAIN);
      const { remote, deadline } = requireRemote(input);
      const outcome = await remote.stepChannel(direction, count.kind === 'number' ? count.value : DEFAULT_STEPS, { deadline });
      return stepResponse(input, outcome, {
        complete: (done) => channelStepped(direction, done),
        capped: (done) => channelCapped(direction, done),
        outOfTime: (done, requested) => channelOutOfTime(direction, done, requested),
        partly: (done, requested) => channelPartly(direction, done, requested),
      }, logger);
    },
  };
}
