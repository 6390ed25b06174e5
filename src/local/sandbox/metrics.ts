// The sandbox's view of the EMF lines the real handlers write: each line beside the answer it belongs
// to (":metrics on", or ":metrics json" for the line itself), and the counts so far (":metrics"), as
// CloudWatch would count them from the same lines.
import { emfLines, type EmfDocument, type MetricsSink } from '../../metrics';

export type MetricsDisplay = 'off' | 'on' | 'json';

interface Row {
  door: string;
  command: string;
  commands: number;
  failed: number;
  deviceCalls: number;
  durations: number[];
  outcomes: Map<string, number>;
}

export class MetricsTally {
  private readonly rows = new Map<string, Row>();
  private pending: string[] = [];
  /** Handed to the handlers and setup: every line is read back as CloudWatch Logs would read it. */
  readonly sink: MetricsSink = emfLines((line) => this.add(line));

  private add(line: string): void {
    this.pending.push(line);
    const doc = JSON.parse(line) as EmfDocument;
    const key = `${doc.Door} ${doc.Command}`;
    const row: Row = this.rows.get(key) ?? {
      door: doc.Door,
      command: doc.Command,
      commands: 0,
      failed: 0,
      deviceCalls: 0,
      durations: [],
      outcomes: new Map(),
    };
    row.commands += doc.Commands;
    row.failed += doc.Failed;
    row.deviceCalls += doc.DeviceCalls;
    row.durations.push(doc.Duration);
    row.outcomes.set(doc.Outcome, (row.outcomes.get(doc.Outcome) ?? 0) + 1);
    this.rows.set(key, row);
  }

  /** The lines written since the last call, shown as `display` says. */
  take(display: MetricsDisplay): string[] {
    const lines = this.pending;
    this.pending = [];
    if (display === 'off') return [];
    return lines.map((line) =>
      display === 'json' ? `  metrics: ${line}` : `  metrics: ${describeEmf(JSON.parse(line) as EmfDocument)}`,
    );
  }

  /** The counts so far per door and command, setup's runs at start included. */
  summary(): string[] {
    const rows = [...this.rows.values()];
    if (rows.length === 0) return ['No commands yet.'];
    const header = ['door', 'command', 'commands', 'failed', 'device calls', 'p50 ms', 'max ms', 'outcomes'];
    const table = rows.map((r) => [
      r.door,
      r.command,
      String(r.commands),
      String(r.failed),
      String(r.deviceCalls),
      String(median(r.durations)),
      String(Math.max(...r.durations)),
      [...r.outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', '),
    ]);
    const sum = (pick: (r: Row) => number) => String(rows.reduce((n, r) => n + pick(r), 0));
    table.push(['total', '', sum((r) => r.commands), sum((r) => r.failed), sum((r) => r.deviceCalls), '', '', '']);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const format = (cells: string[]) =>
      `  ${cells.map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
    return ['Commands so far, counted from their EMF lines:', format(header), ...table.map(format)];
  }
}

/** One EMF line in a few words: door, command, outcome, device calls, duration, cold or warm. */
export function describeEmf(doc: EmfDocument): string {
  const calls = `${doc.DeviceCalls} device call${doc.DeviceCalls === 1 ? '' : 's'}`;
  return `${doc.Door} ${doc.Command} -> ${doc.Outcome}${doc.Failed ? ' (failed)' : ''}, ${calls}, ${doc.Duration} ms, ${doc.ColdStart ? 'cold' : 'warm'}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}
