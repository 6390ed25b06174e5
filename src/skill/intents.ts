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

/** "Set up another TV": a setup code for a user who has TVs already (one without gets it anyway). */
export const ADD_TV_INTENT = 'AddTvIntent';

/** A slot name means the same in every intent: `tv`, the TV's name, in every TV intent and in ChooseTvIntent. */
export const SLOT = { channel: 'channel', channelName: 'channelName', count: 'count', tv: 'tv' } as const;

/** The custom slot type of `channelName`: every prefecture's broadcaster names (in Latin letters only in English), and examples of own names in English. */
export const CHANNEL_NAME_TYPE = 'CHANNEL_NAME';

/** The custom slot type of `tv`: rooms as examples; Alexa passes on names outside the list too. */
export const TV_NAME_TYPE = 'TV_NAME';
