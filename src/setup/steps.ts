// Records each step as it ends (result, log line, live callback) and turns any failure inside a step
// into a setup error that names the step.
import type { LogFields, Logger } from '../log';
import { toSetupError } from './errors';
import type { SetupOutcome, SetupStepId, SetupStepReport } from './types';

/** Device ids worth a log field; never a token. */
export interface StepIds {
  userId?: string;
  gatewayId?: string;
  remoteThingId?: string;
  tvThingId?: string;
  tvServiceId?: string;
}

export class StepRecorder {
  readonly reports: SetupStepReport[] = [];
  // #private: neither logging nor inspecting the recorder shows the token it scrubs.
  #secret: string | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly onStep?: (step: SetupStepReport) => void,
  ) {}

  /** From now on, this text is removed from every error message a step produces. */
  scrubSecret(secret: string): void {
    this.#secret = secret;
  }

  record(step: SetupStepId, outcome: SetupOutcome, detail: string, ids: StepIds = {}): void {
    const report: SetupStepReport = { step, outcome, detail };
    this.reports.push(report);
    this.logger.info('setup step', { step, outcome, detail, ...ids } satisfies LogFields);
    try {
      this.onStep?.(report);
    } catch (e) {
      // A display callback must not abort a half-done registration.
      this.logger.warn('setup step callback failed', { step, error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** Runs `work` as part of `step`: any failure becomes a SetupStepError naming the step. */
  async attempt<T>(step: SetupStepId, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      throw toSetupError(step, e, this.#secret);
    }
  }
}
