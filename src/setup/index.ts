// The setup function's door for other code (the sandbox) and tests.
export { runSetup } from './setup';
export { runSetupEvent } from './voice';
export { parseSetupEvent, type SetupEvent } from './event';
export { SetupInputError, SetupStepError } from './errors';
export type {
  DeviceRef,
  SetupDeps,
  SetupOutcome,
  SetupResult,
  SetupStatus,
  SetupStepId,
  SetupStepReport,
} from './types';
