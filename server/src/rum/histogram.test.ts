import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@sandbox';
import { addCounts, bucketOf, bucketValue, quantile, ZERO_BUCKET } from './histogram';

/** Log-normal values around `median`, as load times are spread. */
function logNormal(next: () => number, median: number, sigma: number, n: number): number[] {
  return Array.from({ length: n }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(sigma * z);
  });
}

const exactQuantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

const countsOf = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(bucketOf(value), (counts.get(bucketOf(value)) ?? 0) + 1);
  return counts;
};

describe('RUM histograms', () => {
  it('reads a p75 within 2 % of the exact one, for load times, interactions and layout shifts', () => {
    const next = mulberry32(42);
    const cases = {
      LCP: logNormal(next, 2200, 0.6, 5000),
      INP: logNormal(next, 120, 0.9, 3000),
      TTFB: logNormal(next, 400, 1.2, 200),
      // Most pages do not shift at all; those that do, a little or a lot.
      CLS: [...Array<number>(700).fill(0), ...logNormal(next, 0.05, 1.5, 300)],
    };
    for (const [metric, values] of Object.entries(cases)) {
      for (const q of [0.5, 0.75, 0.95]) {
        const exact = exactQuantile(values, q);
        const read = quantile(countsOf(values), q)!;
        expect(Math.abs(read - exact), `${metric} p${q * 100}`).toBeLessThanOrEqual(0.02 * exact);
      }
    }
  });

  it('keeps zero apart, and gives each bucket a value close to what it holds', () => {
    expect(bucketOf(0)).toBe(ZERO_BUCKET);
    expect(bucketValue(ZERO_BUCKET)).toBe(0);
    for (const value of [0.0001, 0.1, 1, 199, 200, 2500, 4000, 119_999]) {
      expect(Math.abs(bucketValue(bucketOf(value)) - value)).toBeLessThanOrEqual(0.01 * value);
    }
  });

  it('adds histograms from several processes and days into the same answer as one', () => {
    const values = logNormal(mulberry32(7), 1500, 0.7, 900);
    const whole = countsOf(values);
    const merged = new Map<number, number>();
    for (let part = 0; part < 3; part++)
      addCounts(merged, countsOf(values.slice(part * 300, part * 300 + 300)));
    expect(quantile(merged, 0.75)).toBe(quantile(whole, 0.75));
    expect(quantile(new Map(), 0.75)).toBeNull();
  });
});
