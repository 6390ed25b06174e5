// action.devices.traits.Volume (https://developers.home.google.com/cloud-to-cloud/traits/volume): the remote
// presses volume up or down; it can neither read nor set a level and has no mute key. The page asks for
// commandOnlyVolume true "if the device is a traditional infrared remote".
import { wholeRun } from '../../tv/control';
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { GoogleError } from '../errors';
import { signedCount, type Trait } from './trait';

/**
 * Required by the trait, though an IR remote cannot know it: the scale Google sizes "a little louder" by.
 * Most TVs count 0..100 (Home Assistant declares 100 for every player, too).
 */
const VOLUME_MAX_LEVEL = 100;

export const volume: Trait = {
  name: 'action.devices.traits.Volume',
  attributes: (tv) => ({
    volumeMaxLevel: VOLUME_MAX_LEVEL,
    volumeCanMuteAndUnmute: TV_CAPABILITIES.volume.mute,
    // "The default step size for relative volume queries like 'volume up'": the presses this TV's setup
    // chose for a volume change with no number (its volumeStep), so "volume up" is the same through every door.
    levelStepSize: tv.volumeStep ?? TV_CAPABILITIES.volume.defaultSteps,
    commandOnlyVolume: !TV_CAPABILITIES.volume.readable,
  }),
  commands: {
    // relativeSteps presses, "negative for 'decrease'"; more than one command sends is refused before any press.
    'action.devices.commands.volumeRelative': async (params, { control }) => {
      const { down, count } = signedCount(params, 'relativeSteps');
      wholeRun(await control.stepVolume(down ? 'down' : 'up', count));
    },
    // A level cannot be set by pressing an unknown number of times, and there is no mute key: nothing is pressed.
    'action.devices.commands.setVolume': async () => {
      throw new GoogleError('functionNotSupported', 'an IR remote cannot set the volume to a level, only step it');
    },
    'action.devices.commands.mute': async () => {
      throw new GoogleError('functionNotSupported', 'the IR remote has no mute key');
    },
  },
};
