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

/** A slot name means the same in every intent. */
export const SLOT = { channel: 'channel', channelName: 'channelName', count: 'count', steps: 'steps' } as const;

/** The custom slot type of `channelName`: broadcaster names (ja-JP), examples of own names (English). */
export const CHANNEL_NAME_TYPE = 'CHANNEL_NAME';
