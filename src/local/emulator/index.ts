// The device-cloud emulator: an in-process HTTP server implementing device-cloud-api.md section 4
// with per-token state, for tests and the local sandbox. Never bundled into a Lambda.
export { startEmulator } from './server';
export { DEFAULT_PRESETS } from './presets';
export type {
  AccountOptions, Emulator, EmulatorOptions, Fault, PresetSeed, RecordedCall, TvState,
} from './types';
