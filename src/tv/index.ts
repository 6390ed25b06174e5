export {
  CHANNEL_MAX,
  CHANNEL_MIN,
  ChannelOutOfRange,
  DEFAULT_BUDGET_MS,
  DEFAULT_STEPS,
  InvalidStepCount,
  MAX_STEPS,
  TooManySteps,
  TvControl,
  TvRefusal,
  VOLUME_STEP_MAX,
  deadlineFrom,
  isVolumeStep,
  tvControlFor,
  type PowerOutcome,
  type StepOutcome,
  type TvControlOptions,
} from './control';
export {
  ChannelNamesError,
  knownChannelNames,
  parseChannelNames,
  readChannelNames,
  channelByName,
  resolveChannelName,
  stationsOf,
  StationElsewhere,
  UnknownChannelName,
  type ChannelLookup,
  type ChannelNames,
  type NamedChannel,
  type ElsewhereStation,
  type KnownChannel,
  type PrefectureName,
  type Station,
} from './channels';
export { findArea, postalCodeDigits, prefectureById, prefectureOfPostalCode, type AreaLookup } from './areas';
export { PREFECTURES, type Broadcaster, type Prefecture } from './broadcasters';
export { isMuteWord } from './mute';
export { nameCore } from './names';
