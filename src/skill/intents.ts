// Names shared by the interaction model (models/en-US.json) and the handlers.
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

export const SLOT = { channel: 'channel', count: 'count', steps: 'steps' } as const;
