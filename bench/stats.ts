// Helpers of the benchmarks: bounded sample loops, median / p95 summaries, settings and tables.

export interface Summary {
  n: number;
  medianMs: number;
  p95Ms: number;
}

/** Nearest-rank percentile of already sorted samples. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(samplesMs: number[]): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { n: sorted.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
}

/** Runs `op` up to `iterations` times (stopping early past `deadline`, epoch ms), appending each duration in ms. */
export async function sample(
  op: () => Promise<unknown>,
  iterations: number,
  into: number[],
  deadline = Infinity,
): Promise<void> {
  for (let i = 0; i < iterations && Date.now() < deadline; i++) {
    const start = process.hrtime.bigint();
    await op();
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

/** Prints an aligned table: the given columns to the left, the others (numbers) to the right. */
export function table(header: string[], body: string[][], leftColumns: number[] = [0]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (leftColumns.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}

/** A positive integer from the environment, or the fallback. */
export function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
