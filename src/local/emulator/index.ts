// The device-cloud emulator: an in-process HTTP server implementing docs/device-cloud.md section 4
// with per-token state, for tests and the local sandbox. Never bundled into a Lambda.
//
// Besides the interface it serves, without auth and never recorded or faulted:
//   GET    /_emulator/tvs/<thingId>   -> TvState (404 if none)
//   POST   /_emulator/accounts        {token, gatewayOnline?} -> 201 {gateway}
//   PUT    /_emulator/gateway         {token, online}         -> 200 {gateway} (404 if no account)
//   POST   /_emulator/faults          a Fault                 -> 201
//   DELETE /_emulator/faults                                  -> 204
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
