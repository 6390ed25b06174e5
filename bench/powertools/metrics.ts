// The cold bench's "metrics" variant (bench/cold-powertools.ts): src/metrics.ts with each command's EMF
// written by Powertools' Metrics, keeping what the alarms and dashboard read. How the dimension sets are
// kept: docs/cold-start.md#bench-powertools-metrics.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { isFailure, NAMESPACE, type CommandRecord, type MetricsSink } from '../../src/metrics';

export * from '../../src/metrics';

type Dimension = 'Door' | 'Command' | 'Outcome';

/** One Powertools instance per dimension set, without the `service` dimension it adds by default. */
function instance(): Metrics {
  const metrics = new Metrics({ namespace: NAMESPACE });
  metrics.clearDefaultDimensions();
  return metrics;
}

/** The same sink as src/metrics.ts's: three EMF lines per command on stdout instead of one. */
export function emfLines(): MetricsSink {
  const byDoor = instance();
  const byCommand = instance();
  const byOutcome = instance();
  const line = (metrics: Metrics, record: CommandRecord, dimensions: Dimension[], add: (m: Metrics) => void): void => {
    const values: Record<Dimension, string> = { Door: record.door, Command: record.command, Outcome: record.outcome };
    metrics.setTimestamp(record.startedAt);
    for (const d of ['Door', 'Command', 'Outcome'] as const) {
      if (dimensions.includes(d)) metrics.addDimension(d, values[d]);
      else metrics.addMetadata(d, values[d]);
    }
    add(metrics);
    metrics.publishStoredMetrics();
  };
  return (record) => {
    const failed = isFailure(record.outcome) ? 1 : 0;
    line(byDoor, record, ['Door'], (m) => {
      m.addMetric('Commands', MetricUnit.Count, 1);
      m.addMetric('Failed', MetricUnit.Count, failed);
      m.addMetric('DeviceCalls', MetricUnit.Count, record.deviceCalls);
      m.addMetric('Duration', MetricUnit.Milliseconds, record.durationMs);
      m.addMetric('ColdStart', MetricUnit.Count, record.coldStart ? 1 : 0);
    });
    line(byCommand, record, ['Door', 'Command'], (m) => {
      m.addMetric('Commands', MetricUnit.Count, 1);
      m.addMetric('Failed', MetricUnit.Count, failed);
    });
    line(byOutcome, record, ['Door', 'Outcome'], (m) => m.addMetric('Commands', MetricUnit.Count, 1));
  };
}
