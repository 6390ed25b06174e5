// Every word the skill says, in one place. Plain sentences without SSML-special characters; the one
// SSML fragment (the spoken link code) is built here too, so callers never assemble markup.
import type { ChannelStep, VolumeStep } from '../cloud/types';
import { setupInvokeCommand, type Deployment } from '../deployment';
import { CHANNEL_MAX, CHANNEL_MIN, MAX_CHANNEL_STEPS, MAX_VOLUME_STEPS } from '../tv/limits';

export const SKILL_NAME = 'TV Remote';

export const WELCOME = 'TV remote is ready. You can say turn on the TV, channel 5, or volume up. What would you like?';
export const WELCOME_REPROMPT = 'What would you like to do with the TV?';
export const ANYTHING_ELSE = 'Anything else?';
export const HELP =
  'You can say turn on the TV, channel 5, next channel, go up 3 channels, volume up 3, turn it down, or turn off the TV. What would you like?';
export const HELP_REPROMPT = 'Try saying channel 5 or volume up.';
export const GOODBYE = 'Goodbye.';
export const FALLBACK =
  "Sorry, I can't do that with the TV. You can say things like channel 5, next channel, or volume up. What would you like?";
export const FALLBACK_REPROMPT = 'Try saying channel 5 or volume up.';
export const UNEXPECTED = 'Sorry, something went wrong with the TV remote. Please try again.';
export const UNREADABLE_REQUEST = "Sorry, I couldn't make sense of that request. Please try again.";
/** Said when the answer is due but work (a slow table) still runs: it may yet change the TV. */
export const TOOK_TOO_LONG = "That's taking longer than it should. If the TV hasn't changed, please try again in a moment.";
/** The user's saved TV and link could not be read or written (the table is slow or unreachable). */
export const STORE_UNAVAILABLE = "I can't reach your TV settings right now. Please try again in a moment.";

export const LINK_ACCOUNT =
  'To control your TV, link your TV remote account in the Alexa app. I sent a card there to get you started.';
export const RELINK_ACCOUNT =
  'Your TV remote account needs to be linked again. Please relink it in the Alexa app; I sent a card there.';

export const ASK_CHANNEL = `Which channel, from ${CHANNEL_MIN} to ${CHANNEL_MAX}?`;
export const CHANNEL_RANGE = `I can only choose channels ${CHANNEL_MIN} to ${CHANNEL_MAX}.`;
export const CHANNEL_STEP_COUNT = `Say a number of channels from 1 to ${MAX_CHANNEL_STEPS}.`;
export const VOLUME_STEP_COUNT = `Say a number of volume steps from 1 to ${MAX_VOLUME_STEPS}.`;
export const ASK_CHANNEL_COUNT_AGAIN = "Sorry, I didn't catch how many channels. Please say it again, for example: go up 3 channels.";
export const ASK_VOLUME_STEPS_AGAIN = "Sorry, I didn't catch how many steps. Please say it again, for example: volume up 3.";

export const POWER_ON = 'Turning the TV on.';
export const ALREADY_ON = 'The TV is already on.';
export const POWER_OFF = 'Turning the TV off.';
export const ALREADY_OFF = 'The TV is already off.';

export const channelSet = (channel: number): string => `OK, channel ${channel}.`;

// Failures of the device cloud, one per kind of DeviceCloudError (see failures.ts).
export const FAILURE = {
  offline: "I can't reach your home gateway or remote right now. Check that it's plugged in and online.",
  // The command may still reach the TV after we stop waiting: say so, without claiming it failed.
  timeout: "The TV didn't confirm in time; it may still change in a moment.",
  unavailable: "The TV remote service isn't available right now. Please try again later.",
  invalidParameter: "The remote couldn't send that command. It may not have learned that button yet.",
  notFound: "I can't find your TV anymore. Run the setup again.",
  forbidden: "Your account isn't allowed to control that TV.",
  deviceState: "The TV didn't accept that command. Check that it's turned on.",
  generic: "Sorry, the TV remote couldn't do that right now. Please try again.",
} as const;

const channelWord = (n: number): string => (n === 1 ? 'channel' : 'channels');
const stepWord = (n: number): string => (n === 1 ? 'step' : 'steps');
const channelDirection = (d: ChannelStep): string => (d === 'next' ? 'up' : 'down');

export function channelStepped(direction: ChannelStep, done: number): string {
  if (done === 1) return direction === 'next' ? 'OK, next channel.' : 'OK, previous channel.';
  return `OK, ${channelDirection(direction)} ${done} channels.`;
}

export const channelCapped = (direction: ChannelStep, done: number): string =>
  `I can move at most ${MAX_CHANNEL_STEPS} channels at a time, so I went ${channelDirection(direction)} ${done}.`;

export const channelOutOfTime = (direction: ChannelStep, done: number, requested: number): string =>
  done === 0
    ? 'I ran out of time before I could change the channel.'
    : `I moved ${channelDirection(direction)} ${done} of ${requested} ${channelWord(requested)} before running out of time.`;

export const channelPartly = (direction: ChannelStep, done: number, requested: number): string =>
  `I moved ${channelDirection(direction)} ${done} of ${requested} channels, then something went wrong.`;

export const volumeStepped = (direction: VolumeStep, done: number): string =>
  done === 1 ? `OK, volume ${direction}.` : `OK, volume ${direction} ${done}.`;

export const volumeCapped = (direction: VolumeStep, done: number): string =>
  `I can change the volume by at most ${MAX_VOLUME_STEPS} steps at a time, so I turned it ${direction} ${done}.`;

export const volumeOutOfTime = (direction: VolumeStep, done: number, requested: number): string =>
  done === 0
    ? 'I ran out of time before I could change the volume.'
    : `I turned the volume ${direction} ${done} of ${requested} ${stepWord(requested)} before running out of time.`;

export const volumePartly = (direction: VolumeStep, done: number, requested: number): string =>
  `I turned the volume ${direction} ${done} of ${requested} steps, then something went wrong.`;

// Setup: the link code that ties this Alexa user to the setup run.
export const SETUP_CARD_TITLE = 'Set up your TV';

export const setupCommand = (code: string, deployment?: Deployment): string => setupInvokeCommand({ code }, deployment);

/** SSML: the code is read digit by digit so "123456" is not heard as a number. */
export const setupSpeech = (code: string): string =>
  'Your account is linked, but no TV is set up yet. ' +
  `Your setup code is <say-as interpret-as="digits">${code}</say-as>. ` +
  'I sent the code and the setup command to the Alexa app.';

const duration = (minutes: number): string =>
  minutes >= 90 ? `about ${Math.round(minutes / 60)} hours` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export function setupCard(code: string, minutesLeft: number, deployment?: Deployment): string {
  return [
    `Your setup code: ${code}`,
    '',
    'In the project folder, run:',
    setupCommand(code, deployment),
    '',
    `To choose the TV model, add its preset: --data '{"code":"${code}","tvPresetId":"..."}'`,
    `The code is valid for ${duration(minutesLeft)}.`,
  ].join('\n');
}
