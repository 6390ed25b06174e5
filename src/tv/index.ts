export {
  CHANNEL_MAX, CHANNEL_MIN, ChannelOutOfRange, DEFAULT_STEPS, InvalidStepCount, MAX_CHANNEL_STEPS, MAX_VOLUME_STEPS, TvControl,
  type PowerOutcome, type StepOptions, type StepOutcome, type TvControlOptions,
} from './control';
export { bindTv, deadlineFrom, DEFAULT_BUDGET_MS, type BindOptions, type BoundTv } from './binding';
export {
  AREA_IDS, BROADCAST_AREAS, ChannelNamesError, channelNamesFromCookie, channelNamesToCookie, findArea, knownChannelNames,
  parseChannelNames, readChannelNames, resolveChannelName,
  type AreaId, type BroadcastArea, type ChannelLookup, type ChannelNames, type KnownChannel, type Station,
} from './channels';
export { nameCore } from './names';
