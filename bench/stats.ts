// Timing helpers for the benchmark: bounded sample loops and median / p95 summaries.

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
export async function sample(op: () => Promise<unknown>, iterations: number, into: number[], deadline = Infinity): Promise<void> {
  for (let i = 0; i < iterations && Date.now() < deadline; i++) {
    const start = process.hrtime.bigint();
    await op();
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
