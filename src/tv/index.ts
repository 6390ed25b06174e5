export { TvControl, type StepOptions, type TvControlOptions } from './control';
export { bindTv, deadlineFrom, DEFAULT_BUDGET_MS, type BindOptions, type BoundTv } from './binding';
export { ChannelOutOfRange, InvalidStepCount } from './errors';
export { CHANNEL_MAX, CHANNEL_MIN, DEFAULT_STEPS, MAX_CHANNEL_STEPS, MAX_VOLUME_STEPS } from './limits';
export type { PowerOutcome, StepOutcome } from './outcomes';
export {
  AREA_IDS, BROADCAST_AREAS, ChannelNamesError, channelNamesFromCookie, channelNamesToCookie, findArea, knownChannelNames,
  parseChannelNames, readChannelNames, resolveChannelName,
  type AreaId, type BroadcastArea, type ChannelLookup, type ChannelNames, type KnownChannel, type Station,
} from './channels';
export { nameCore } from './names';
