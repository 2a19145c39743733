import { errorFunction } from 'simple-statistics';

/** 'greater': x tends to be larger than y; 'less': smaller. */
export type Alternative = 'greater' | 'less' | 'two-sided';

export interface MannWhitneyResult {
  /** U of x: pairs (x, y) with x > y, ties counting one half. */
  u: number;
  pValue: number;
  method: 'exact' | 'asymptotic';
  /** Cliff's delta, 2U / (n1·n2) − 1: +1 when every x is above every y, −1 below. */
  effect: number;
}

/** Ranks from 1, ties sharing their mean rank; also each tie group's size. */
function rank(values: readonly number[]): { ranks: number[]; ties: number[] } {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  const ties: number[] = [];
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const mean = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[order[i]!.index] = mean;
    ties.push(end - start + 1);
    start = end + 1;
  }
  return { ranks, ties };
}

/**
 * How many arrangements of n1 x's and n2 y's give each U (0 … n1·n2), without ties: the
 * recurrence c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u) of Mann and Whitney (1947).
 */
function exactCounts(n1: number, n2: number): number[] {
  // row[n] holds c(m, n, ·) for the current m.
  let row = Array.from({ length: n2 + 1 }, () => [1]);
  for (let m = 1; m <= n1; m++) {
    const next: number[][] = [[1]];
    for (let n = 1; n <= n2; n++) {
      const counts = new Array<number>(m * n + 1).fill(0);
      row[n]!.forEach((c, u) => (counts[u + n]! += c));
      next[n - 1]!.forEach((c, u) => (counts[u]! += c));
      next.push(counts);
    }
    row = next;
  }
  return row[n2]!;
}

/** P(U ≥ u) under the null hypothesis, from the exact distribution. */
function exactUpperTail(u: number, n1: number, n2: number): number {
  const counts = exactCounts(n1, n2);
  const total = counts.reduce((a, b) => a + b, 0);
  let tail = 0;
  for (let k = Math.ceil(u); k < counts.length; k++) tail += counts[k]!;
  return tail / total;
}

/** P(Z ≥ z) of the standard normal. */
const normalUpperTail = (z: number) => 0.5 * (1 - errorFunction(z / Math.SQRT2));

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum), as SciPy's `mannwhitneyu` computes it with
 * its defaults: the exact distribution when there are no ties and one sample has at most
 * eight values, otherwise the normal approximation with the tie correction and the
 * continuity correction.
 */
export function mannWhitneyU(
  x: readonly number[],
  y: readonly number[],
  alternative: Alternative,
): MannWhitneyResult {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new RangeError('Both samples need at least one value.');
  const { ranks, ties } = rank([...x, ...y]);
  const rankSum = ranks.slice(0, n1).reduce((a, b) => a + b, 0);
  const u1 = rankSum - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  const effect = (2 * u1) / (n1 * n2) - 1;
  // The statistic whose upper tail is the evidence for the alternative.
  const u = alternative === 'greater' ? u1 : alternative === 'less' ? u2 : Math.max(u1, u2);
  const sides = alternative === 'two-sided' ? 2 : 1;
  const tied = ties.some((size) => size > 1);
  if (!tied && Math.min(n1, n2) <= 8) {
    return {
      u: u1,
      pValue: Math.min(1, sides * exactUpperTail(u, n1, n2)),
      method: 'exact',
      effect,
    };
  }
  const n = n1 + n2;
  const tieTerm = ties.reduce((sum, t) => sum + t ** 3 - t, 0);
  const sd = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  // All values equal: no evidence either way.
  const pValue = sd === 0 ? 1 : sides * normalUpperTail((u - (n1 * n2) / 2 - 0.5) / sd);
  return { u: u1, pValue: Math.min(1, Math.max(0, pValue)), method: 'asymptotic', effect };
}
