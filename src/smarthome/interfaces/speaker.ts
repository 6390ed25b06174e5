// Alexa.Speaker's directives, and those of Alexa.StepSpeaker that TVs discovered before Speaker replaced
// it keep sending until Alexa rediscovers them. The remote steps the volume; it can neither read nor set a
// level and has no mute key.
import { SPEAKER, STEP_SPEAKER } from '../../alexa/interfaces';
import type { TvRef } from '../../tv/command';
import { DEFAULT_STEPS, wholeRun } from '../../tv/control';
import { SmartHomeError } from '../errors';
import { integer, type DirectiveHandler, type InterfaceModule } from './interface';

// An IR remote can neither read nor set an absolute level, and the device cloud has no mute key: such a
// request cannot be done, and no guessed presses are sent. INVALID_DIRECTIVE is Amazon's type for "the
// directive isn't supported" (https://developer.amazon.com/docs/device-apis/alexa-errorresponse.html).
const setMute: DirectiveHandler = async () => {
  throw new SmartHomeError('INVALID_DIRECTIVE', 'the IR remote has no mute command');
};

export const speaker: InterfaceModule = {
  interface: SPEAKER,
  directives: {
    /**
     * `volume` presses, or the TV's own default count when the person named no amount (`volumeDefault`,
     * with which Alexa sends an arbitrary `volume`). The level stays unknown, so the Response carries no volume.
     */
    AdjustVolume: async (directive, { tv, control }) => {
      const volume = integer(directive.payload['volume'], 'volume');
      if (volume < -100 || volume > 100) throw new SmartHomeError('INVALID_VALUE', 'volume must be from -100 to 100');
      const steps = directive.payload['volumeDefault'] === true ? volumeDefaultSteps(tv) : Math.abs(volume);
      wholeRun(await control.stepVolume(volume < 0 ? 'down' : 'up', steps));
      return [];
    },
    SetVolume: async () => {
      throw new SmartHomeError(
        'INVALID_DIRECTIVE',
        'an IR remote cannot set the volume to a level, only step it up or down',
      );
    },
    SetMute: setMute,
  },
};

export const stepSpeaker: InterfaceModule = {
  interface: STEP_SPEAKER,
  directives: {
    AdjustVolume: async (directive, { tv, control }) => {
      const volumeSteps = integer(directive.payload['volumeSteps'], 'volumeSteps');
      const steps = directive.payload['volumeStepsDefault'] === true ? volumeDefaultSteps(tv) : Math.abs(volumeSteps);
      wholeRun(await control.stepVolume(volumeSteps < 0 ? 'down' : 'up', steps));
      return [];
    },
    SetMute: setMute,
  },
};

/** Presses for "volume up" with no amount: the TV's own count (set at setup, carried in its cookie), else one. */
function volumeDefaultSteps(tv: TvRef): number {
  return tv.volumeStep ?? DEFAULT_STEPS;
}
