// The device-cloud emulator: an in-process HTTP server implementing docs/device-cloud.md section 4 with
// per-token state, for tests and the local sandbox. Never bundled into a Lambda. Its own /_emulator/
// paths (TV state, accounts, gateway, faults): docs/sandbox.md#emulator-control.
export { startEmulator } from './server';
export { DEFAULT_PRESETS } from './presets';
export type {
  AccountOptions,
  CloudSnapshot,
  Emulator,
  EmulatorOptions,
  Fault,
  PresetSeed,
  RecordedCall,
  TvState,
} from './types';
