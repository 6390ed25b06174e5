// A touch on the keypad (an Alexa.Presentation.APL.UserEvent) is the voice command it stands for: the same
// TvControl call, limits, metric and words; only the answer differs. Its arguments are untrusted input
// (read by arguments.ts). Amazon's page: docs/screen.md#touch.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { Logger } from '../../log';
import { settleCommand } from '../../metrics';
import { nameCore } from '../../tv/names';
import { powerSpeech } from './power';
import { stepResponse } from './steps';
import { findRequestUser } from '../request/request-user';
import { answer, answerFailure } from '../response/respond';
import { words } from '../words';
import { readTouch } from '../screen/arguments';
import { USER_EVENT } from '../screen/device';

export function touchHandler(logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === USER_EVENT,
    async handle(input: HandlerInput): Promise<Response> {
      const w = words(input);
      const touch = readTouch(input.requestEnvelope);
      if (touch === undefined) {
        settleCommand('refused');
        logger.warn('a touch no key sends', { requestType: USER_EVENT });
        return answerFailure(input, w.screen.unknownButton);
      }
      const user = findRequestUser(input);
      const tv = user?.tv;
      const control = user?.control;
      if (user === undefined || tv === undefined || control === undefined) {
        settleCommand('refused');
        return answerFailure(input, w.screen.unknownTv);
      }
      // One press per touch: a key is one button of the keypad, whatever a voice command's default.
      switch (touch.command) {
        case 'ChooseTvIntent':
          return answer(input, w.screen.chosen(nameCore(tv.deviceName)));
        case 'TurnOnIntent':
          return answer(input, powerSpeech(input, 'on', (await control.powerOn()).already));
        case 'TurnOffIntent':
          return answer(input, powerSpeech(input, 'off', (await control.powerOff()).already));
        case 'SetChannelIntent':
          await control.setChannel(touch.channel);
          return answer(input, w.channelSet(touch.channel));
        case 'NextChannelIntent':
          return stepResponse(input, await control.stepChannel('next', 1), 'next', w.channelSteps, logger);
        case 'PreviousChannelIntent':
          return stepResponse(input, await control.stepChannel('previous', 1), 'previous', w.channelSteps, logger);
        case 'VolumeUpIntent':
          return stepResponse(input, await control.stepVolume('up', 1), 'up', w.volumeSteps, logger);
        case 'VolumeDownIntent':
          return stepResponse(input, await control.stepVolume('down', 1), 'down', w.volumeSteps, logger);
      }
    },
  };
}
