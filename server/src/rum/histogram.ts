import { LogarithmicMapping } from '@datadog/sketches-js/dist/ddsketch/mapping';

/**
 * Beacons are kept as histograms, not as raw values: per site, day, device, page group and
 * metric, a count per bucket. The buckets are DDSketch's logarithmic ones (Datadog's
 * maintained implementation): a bucket's value is within `RELATIVE_ACCURACY` of every value
 * it holds, so a percentile read from the counts is within that of the exact one. Counts
 * add up across processes and days by plain addition, which the database does in place.
 */
const RELATIVE_ACCURACY = 0.01;
const mapping = new LogarithmicMapping(RELATIVE_ACCURACY);

/** The bucket of zero (a page with no layout shift) and of values too small to tell from it. */
export const ZERO_BUCKET = -1_000_000;
/** Smaller than any value a metric reports in its unit (CLS's 0.0001 is the finest). */
const SMALLEST = 1e-6;

export function bucketOf(value: number): number {
  return value < SMALLEST ? ZERO_BUCKET : mapping.key(value);
}

/** The value a bucket stands for. */
export function bucketValue(bucket: number): number {
  return bucket === ZERO_BUCKET ? 0 : mapping.value(bucket);
}

/** A histogram's counts per bucket. */
export type BucketCounts = ReadonlyMap<number, number>;

export function addCounts(into: Map<number, number>, counts: BucketCounts): void {
  for (const [bucket, count] of counts) into.set(bucket, (into.get(bucket) ?? 0) + count);
}

/**
 * The `q` quantile (0–1) of the values behind `counts`, as the value at rank
 * floor(q × (n − 1)) of the sorted values, read from its bucket; null without values.
 */
export function quantile(counts: BucketCounts, q: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.floor(q * (total - 1));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen > rank) return bucketValue(bucket);
  }
  return null;
}
