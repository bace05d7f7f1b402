// Latencies kept as a histogram (0.05 ms steps below 100 ms, 1 ms steps above), so a load
// generator hands back a few hundred numbers instead of every sample, and histograms add up.
export type Histogram = Record<number, number>;

const FINE_MS = 100;
const FINE_STEP = 0.05;
const FINE_BUCKETS = FINE_MS / FINE_STEP;

export class Latencies {
  readonly buckets: Histogram = {};
  count = 0;
  max = 0;

  add(ms: number) {
    const value = Math.max(0, ms);
    const bucket =
      value < FINE_MS ? Math.floor(value / FINE_STEP) : FINE_BUCKETS + Math.floor(value - FINE_MS);
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.count++;
    if (value > this.max) this.max = value;
  }

  merge(other: { buckets: Histogram; count: number; max: number }) {
    for (const [bucket, n] of Object.entries(other.buckets))
      this.buckets[Number(bucket)] = (this.buckets[Number(bucket)] ?? 0) + n;
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
  }

  /** The p-th percentile (0–100): the upper edge of the bucket it falls in; NaN when empty. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    const ordered = Object.keys(this.buckets)
      .map(Number)
      .sort((a, b) => a - b);
    for (const bucket of ordered) {
      seen += this.buckets[bucket];
      if (seen >= rank) {
        const upper =
          bucket < FINE_BUCKETS ? (bucket + 1) * FINE_STEP : FINE_MS + (bucket - FINE_BUCKETS) + 1;
        return Math.min(upper, this.max);
      }
    }
    return this.max;
  }

  toJSON() {
    return { buckets: this.buckets, count: this.count, max: this.max };
  }
}
