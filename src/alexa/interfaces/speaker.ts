// Alexa.Speaker (https://developer.amazon.com/docs/device-apis/alexa-speaker.html), and the directives of
// Alexa.StepSpeaker that TVs discovered before Speaker replaced it keep receiving until Alexa rediscovers
// them. Speaker, not StepSpeaker: Alexa maps Japanese speech only to Speaker. The remote steps the volume;
// it can neither read nor set a level and has no mute key.
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { DEFAULT_STEPS, wholeRun } from '../../tv/control';
import { volumeStepFromCookie } from '../endpoint';
import type { Directive } from '../messages';
import { declared, integer, SmartHomeError, type AlexaInterface, type ControlHandler } from './interface';

// An IR remote can neither read nor set an absolute level, and the device cloud has no mute key: such a
// request cannot be done, and no guessed presses are sent. INVALID_DIRECTIVE is Amazon's type for "the
// directive isn't supported" (https://developer.amazon.com/docs/device-apis/alexa-errorresponse.html).
const setMute: ControlHandler = async () => {
  throw new SmartHomeError('INVALID_DIRECTIVE', 'the IR remote has no mute command');
};

/** The locales Amazon lists for Speaker; Japanese among them, which StepSpeaker lacks. */
const SPEAKER_LANGUAGES = ['de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'it-IT', 'ja-JP'];

// Only `volume` is declared: Amazon asks for only the properties a device supports ("Alexa.Speaker
// Interface 3", Discovery). A SetMute that arrives anyway is still refused.
export const speaker: AlexaInterface = declared('Alexa.Speaker', 'volume', TV_CAPABILITIES.volume, {
  /**
   * `volume` presses, or the TV's own default count when the person named no amount (`volumeDefault`, with
   * which Alexa sends an arbitrary `volume`). The level stays unknown, so the Response carries no volume.
   */
  AdjustVolume: async (directive, { control }) => {
    const volume = integer(directive.payload['volume'], 'volume');
    if (volume < -100 || volume > 100) throw new SmartHomeError('INVALID_VALUE', 'volume must be from -100 to 100');
    const steps = directive.payload['volumeDefault'] === true ? volumeDefaultSteps(directive) : Math.abs(volume);
    wholeRun(await control.stepVolume(volume < 0 ? 'down' : 'up', steps));
    return [];
  },
  SetVolume: async () => {
    throw new SmartHomeError('INVALID_DIRECTIVE', 'an IR remote cannot set the volume to a level, only step it up or down');
  },
  SetMute: setMute,
}, SPEAKER_LANGUAGES);

export const stepSpeaker: AlexaInterface = {
  name: 'Alexa.StepSpeaker',
  // Not Japanese: a TV that declared only this one had no voice volume in Japan.
  languages: ['de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'it-IT'],
  directives: {
    AdjustVolume: async (directive, { control }) => {
      const volumeSteps = integer(directive.payload['volumeSteps'], 'volumeSteps');
      const steps = directive.payload['volumeStepsDefault'] === true ? volumeDefaultSteps(directive) : Math.abs(volumeSteps);
      wholeRun(await control.stepVolume(volumeSteps < 0 ? 'down' : 'up', steps));
      return [];
    },
    SetMute: setMute,
  },
};

/** Presses for "volume up" with no amount: the TV's own count (set at setup, carried in its cookie), else one. */
function volumeDefaultSteps(directive: Directive): number {
  return volumeStepFromCookie(directive.endpoint?.cookie) ?? DEFAULT_STEPS;
}
