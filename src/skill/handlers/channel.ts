import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { channelByName } from '../../tv/channels';
import { isMuteWord } from '../../tv/mute';
import { INTENT, SLOT } from '../request/intents';
import { requireTv } from '../request/request-user';
import { refuseMute } from './mute';
import { answer, ask, elicitSlot } from '../response/respond';
import { isIntent } from '../request/routing';
import { channelNameSlot, numberSlot } from '../request/slots';
import { words } from '../words';

/** "Channel 5", or a broadcaster's name ("フジテレビにして") through the user's area or own names. */
export const setChannelHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.setChannel),
  async handle(input: HandlerInput): Promise<Response> {
    const w = words(input);
    const named = channelNameSlot(input, SLOT.channelName);
    if (named !== undefined) {
      // A mute word Alexa heard as a channel's name (the slot takes names outside its list, 「消音モードにして」
      // is shaped as 「{channelName}にして」): answered as MuteIntent is.
      if (isMuteWord(named.heard)) return refuseMute(input);
      const { control, channels } = requireTv(input);
      // A name the TV lacks, or another prefecture's station, is refused here and worded in failures.ts.
      const found = channelByName(named.candidates, channels);
      await control.setChannel(found.channel);
      return answer(input, w.channelNamed(found, found.channel));
    }
    const channel = numberSlot(input, SLOT.channel);
    // No readable number: "Which channel?" elicits the channel slot, whose own samples hear a bare
    // number ("nine"); a sample that is only the slot would stop Amazon's model build (models/checks.ts).
    if (channel.kind !== 'number') {
      const tv = Alexa.getSlotValue(input.requestEnvelope, SLOT.tv);
      elicitSlot(input, INTENT.setChannel, SLOT.channel, tv ? { [SLOT.tv]: tv } : {});
      return ask(input, w.askChannel, w.askChannel);
    }
    await requireTv(input).control.setChannel(channel.value);
    return answer(input, w.channelSet(channel.value));
  },
};
