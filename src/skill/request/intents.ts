// Names shared by the interaction models (models/*.json, built by models/build.ts) and the handlers.
export const TV_INTENTS = [
  'TurnOnIntent',
  'TurnOffIntent',
  'SetChannelIntent',
  'NextChannelIntent',
  'PreviousChannelIntent',
  'VolumeUpIntent',
  'VolumeDownIntent',
] as const;

export type TvIntent = (typeof TV_INTENTS)[number];

/** "Use the bedroom TV": picking the TV for the rest of the session. ("Which TV?" is answered on the command's own intent.) */
export const CHOOSE_TV_INTENT = 'ChooseTvIntent';

/** "Give me a setup code": a link code for setting a TV up from a terminal (operators, headless use). */
export const ADD_TV_INTENT = 'AddTvIntent';

/** "Set up another TV": the setup conversation (the TV's name, the model), which starts the setup function. */
export const SET_UP_TV_INTENT = 'SetUpTvIntent';

/** "Forget the bedroom TV": asks to confirm, then the setup function forgets it. */
export const FORGET_TV_INTENT = 'ForgetTvIntent';

/**
 * "Mute the TV": heard so it is answered for what it asks, which the IR remote cannot do (src/tv/mute.ts).
 * No TV intent: it presses nothing, so it needs no user, no TV and no "Which TV?".
 */
export const MUTE_INTENT = 'MuteIntent';

/** The answers to the setup conversation's yes/no questions. */
export const YES_INTENT = 'AMAZON.YesIntent';
export const NO_INTENT = 'AMAZON.NoIntent';

/** Amazon's built-in intents the interaction models declare (models/build.ts). */
export const BUILT_IN_INTENTS = [
  'AMAZON.HelpIntent',
  'AMAZON.StopIntent',
  'AMAZON.CancelIntent',
  'AMAZON.FallbackIntent',
  'AMAZON.NavigateHomeIntent',
  YES_INTENT,
  NO_INTENT,
] as const;

/** Every intent the models declare: the only intent names a metric may carry (anything else is `other`). */
export const MODEL_INTENTS = [
  ...TV_INTENTS,
  CHOOSE_TV_INTENT,
  ADD_TV_INTENT,
  SET_UP_TV_INTENT,
  FORGET_TV_INTENT,
  MUTE_INTENT,
  ...BUILT_IN_INTENTS,
] as const;

/** An intent the models declare: what isIntent takes, so a misspelt name does not compile. */
export type IntentName = (typeof MODEL_INTENTS)[number];

/** The intents by what they ask, for the handlers. */
export const INTENT = {
  turnOn: 'TurnOnIntent',
  turnOff: 'TurnOffIntent',
  setChannel: 'SetChannelIntent',
  nextChannel: 'NextChannelIntent',
  previousChannel: 'PreviousChannelIntent',
  volumeUp: 'VolumeUpIntent',
  volumeDown: 'VolumeDownIntent',
  chooseTv: CHOOSE_TV_INTENT,
  addTv: ADD_TV_INTENT,
  setUpTv: SET_UP_TV_INTENT,
  forgetTv: FORGET_TV_INTENT,
  mute: MUTE_INTENT,
  yes: YES_INTENT,
  no: NO_INTENT,
  help: 'AMAZON.HelpIntent',
  stop: 'AMAZON.StopIntent',
  cancel: 'AMAZON.CancelIntent',
  fallback: 'AMAZON.FallbackIntent',
  navigateHome: 'AMAZON.NavigateHomeIntent',
} as const satisfies Record<string, IntentName>;

/** Whether a name read from a request or a session is one the models declare. */
export function isIntentName(name: unknown): name is IntentName {
  return typeof name === 'string' && (MODEL_INTENTS as readonly string[]).includes(name);
}

/** A slot name means the same in every intent: `tv`, the TV's name, in every TV intent, ChooseTvIntent and MuteIntent. */
export const SLOT = {
  channel: 'channel',
  channelName: 'channelName',
  count: 'count',
  tv: 'tv',
  choice: 'choice',
  prefecture: 'prefecture',
} as const;

/** The custom slot type of `choice`: which TV model, by its number in the list read out or its maker. */
export const CHOICE_TYPE = 'TV_CHOICE';

/** The custom slot type of `prefecture` (Japanese only): the TV's prefecture, for station names; the id is setup's `area`. */
export const PREFECTURE_TYPE = 'PREFECTURE';

/** The custom slot type of `channelName`: every prefecture's broadcaster names (in Latin letters only in English), and examples of own names in English. */
export const CHANNEL_NAME_TYPE = 'CHANNEL_NAME';

/** The custom slot type of `tv`: rooms as examples; Alexa passes on names outside the list too. */
export const TV_NAME_TYPE = 'TV_NAME';
