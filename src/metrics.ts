// One CloudWatch embedded-metric-format (EMF) line per command, no network call and no dependency
// (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
// The command in progress is kept in an AsyncLocalStorage, so device calls deep inside a door count
// against it. Why: docs/architecture.md#metrics-file.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The CloudWatch namespace of every metric here; serverless.yml's alarms and dashboard read it. */
export const NAMESPACE = 'TvVoiceRemote';

/** Where a command came in: the skill's custom model, its smart-home model, or a setup run. */
export type Door = 'skill' | 'smarthome' | 'google' | 'setup';

/**
 * How a command ended: done (`ok`), done part way (`partial`: a step run cut short, a failure the user is
 * told of: nothing answers success unless all of it was done), turned down by
 * rule (`refused`: a channel out of range or a channel name the TV's names lack, a bad setup field, a
 * directive the skill does not serve; through either door alike),
 * or failed: a device-cloud failure by its kind (src/cloud/errors.ts), the user table (`store`), our
 * own deadline before any device call could be made (`deadline`), or a bug (`unexpected`). Each says
 * whether it is a failed command: the `Failed` metric, whose share the alarm watches.
 */
const FAILED = {
  ok: false,
  partial: true,
  refused: false,
  unauthorized: true,
  not_found: true,
  duplicate: true,
  offline: true,
  invalid_parameter: true,
  device_state: true,
  forbidden: true,
  unavailable: true,
  timeout: true,
  malformed: true,
  rejected: true,
  store: true,
  deadline: true,
  unexpected: true,
} as const;

/** Each device-cloud kind is an outcome class: DeviceCloudError's `outcome` does not compile otherwise. */
export type Outcome = keyof typeof FAILED;

export const OUTCOMES = Object.keys(FAILED) as Outcome[];

export function isFailure(outcome: Outcome): boolean {
  return FAILED[outcome];
}

/** What one command did, as its EMF line and its log line both say. */
export interface CommandRecord {
  door: Door;
  /** The intent, request type, directive (`Alexa.PowerController.TurnOn`) or setup command. */
  command: string;
  outcome: Outcome;
  /** Device-cloud calls the command made (sent, whether or not they were answered). */
  deviceCalls: number;
  durationMs: number;
  /** The first command this process handled: Lambda's cold start. */
  coldStart: boolean;
  /** Epoch ms when the command came in. */
  startedAt: number;
}

/** A command being handled. The door says how it ended; device calls count themselves. */
export class CommandMeter {
  outcome: Outcome = 'ok';
  deviceCalls = 0;
  private readonly started = performance.now();
  readonly startedAt = Date.now();

  constructor(
    readonly door: Door,
    public command: string,
    readonly coldStart: boolean,
  ) {}

  end(): CommandRecord {
    const { door, command, outcome, deviceCalls, coldStart, startedAt } = this;
    return {
      door,
      command,
      outcome,
      deviceCalls,
      durationMs: Math.round(performance.now() - this.started),
      coldStart,
      startedAt,
    };
  }
}

const inProgress = new AsyncLocalStorage<CommandMeter>();
let warm = false;

/** Runs `work` as one command of `door`; `done` gets its record however it ends, before the result or error goes on. */
export async function meterCommand<T>(
  door: Door,
  command: string,
  work: (meter: CommandMeter) => Promise<T>,
  done: (record: CommandRecord) => void,
): Promise<T> {
  const meter = new CommandMeter(door, command, !warm);
  warm = true;
  try {
    return await inProgress.run(meter, () => work(meter));
  } finally {
    done(meter.end());
  }
}

/**
 * Runs work that is no one's command (priming at cold start): the next real command still counts as
 * the process's cold start.
 */
export async function outsideCommands<T>(work: () => Promise<T>): Promise<T> {
  const wasWarm = warm;
  try {
    return await work();
  } finally {
    warm = wasWarm;
  }
}

/** Says how the command in progress ended (the last word counts); outside a command it does nothing. */
export function settleCommand(outcome: Outcome): void {
  const meter = inProgress.getStore();
  if (meter) meter.outcome = outcome;
}

/**
 * Says which command the one in progress turned out to be (the custom skill's answer to "Which TV?" runs
 * the TV command that asked; a setup event reads as a removal); outside a command it does nothing.
 * Callers pass only names of a fixed set.
 */
export function renameCommand(command: string): void {
  const meter = inProgress.getStore();
  if (meter) meter.command = command;
}

/** One device-cloud call made (the client says so for each); outside a command it does nothing. */
export function countDeviceCall(): void {
  const meter = inProgress.getStore();
  if (meter) meter.deviceCalls++;
}

/** An EMF document: the metadata, then every dimension and metric as a member of the root. */
export interface EmfDocument {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: Array<{
      Namespace: string;
      Dimensions: string[][];
      Metrics: Array<{ Name: string; Unit: string }>;
    }>;
  };
  Door: Door;
  Command: string;
  Outcome: Outcome;
  Commands: number;
  Failed: number;
  DeviceCalls: number;
  Duration: number;
  ColdStart: number;
}

const metric = (Name: string, Unit: 'Count' | 'Milliseconds') => ({ Name, Unit });

/**
 * Few, low-cardinality dimensions: the door; the door and command; the door and outcome. No userId,
 * endpointId or token is a dimension or a member: each distinct dimension value is a metric to pay for.
 * Per-command and per-outcome series carry only the counts, so the bill grows with what is used.
 */
export function emfDocument(record: CommandRecord, namespace: string = NAMESPACE): EmfDocument {
  const counts = [metric('Commands', 'Count'), metric('Failed', 'Count')];
  return {
    _aws: {
      Timestamp: record.startedAt,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [['Door']],
          Metrics: [
            ...counts,
            metric('DeviceCalls', 'Count'),
            metric('Duration', 'Milliseconds'),
            metric('ColdStart', 'Count'),
          ],
        },
        { Namespace: namespace, Dimensions: [['Door', 'Command']], Metrics: counts },
        { Namespace: namespace, Dimensions: [['Door', 'Outcome']], Metrics: [metric('Commands', 'Count')] },
      ],
    },
    Door: record.door,
    Command: record.command,
    Outcome: record.outcome,
    Commands: 1,
    Failed: isFailure(record.outcome) ? 1 : 0,
    DeviceCalls: record.deviceCalls,
    Duration: record.durationMs,
    ColdStart: record.coldStart ? 1 : 0,
  };
}

/** Writes each command's EMF line; a door given none writes nothing (tests, and the sandbox shows them itself). */
export type MetricsSink = (record: CommandRecord) => void;

/** Each record as one EMF JSON line; by default on stdout, where the Lambda entries write and CloudWatch Logs reads it. */
export function emfLines(write: (line: string) => void = (line) => console.log(line)): MetricsSink {
  return (record) => write(JSON.stringify(emfDocument(record)));
}

/** The command's fields for its log line, named as in the EMF line's properties. */
export function commandLogFields(record: CommandRecord): {
  command: string;
  outcome: Outcome;
  deviceCalls: number;
  durationMs: number;
  start: 'cold' | 'warm';
} {
  return {
    command: record.command,
    outcome: record.outcome,
    deviceCalls: record.deviceCalls,
    durationMs: record.durationMs,
    start: record.coldStart ? 'cold' : 'warm',
  };
}
