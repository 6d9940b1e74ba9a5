/**
 * One client asking in a row: a warm-up call, then `runs` timed calls, as p50 and p99 in ms. The report
 * benchmarks (outcomes.ts, indicators.ts) measure a page view this way: one call at a time, not a load.
 */
export function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

export async function timed(runs: number, call: () => Promise<unknown>) {
  await call();
  const latencies: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  return percentiles(latencies);
}
