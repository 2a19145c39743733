import { describe, expect, it } from 'vitest';
import { mannWhitneyU } from './mann-whitney';

/** SciPy 1.17 `scipy.stats.mannwhitneyu(x, y, alternative=…)` with its defaults. */
const SCIPY = [
  {
    x: [88, 90, 91],
    y: [80, 81, 79, 82, 83, 78],
    alternative: 'greater',
    u: 18,
    p: 0.011904761904761904,
    method: 'exact',
  },
  {
    x: [1.2, 3.4, 2.2, 5.1],
    y: [0.5, 0.7, 1.9, 2.0, 2.5],
    alternative: 'two-sided',
    u: 16,
    p: 0.19047619047619047,
    method: 'exact',
  },
  {
    x: [70, 72, 72, 75, 71],
    y: [90, 91, 90, 92, 89, 90, 91, 93, 90, 92],
    alternative: 'less',
    u: 0,
    p: 0.0011984106770601662,
    method: 'asymptotic',
  },
  {
    x: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    y: Array.from({ length: 20 }, (_, i) => i + 5.5),
    alternative: 'greater',
    u: 95,
    p: 0.5955974197669256,
    method: 'asymptotic',
  },
  { x: [3, 3, 3], y: [3, 3, 3], alternative: 'two-sided', u: 4.5, p: 1, method: 'asymptotic' },
] as const;

describe('mannWhitneyU', () => {
  it.each(SCIPY)('agrees with SciPy on $x against $y ($alternative)', (c) => {
    const result = mannWhitneyU(c.x, c.y, c.alternative);
    expect(result.u).toBe(c.u);
    expect(result.method).toBe(c.method);
    // The normal tail comes from an erf good to about 1e-7.
    expect(result.pValue).toBeCloseTo(c.p, 6);
  });

  it("gives Cliff's delta: +1 when every x is above every y, 0 for identical samples", () => {
    expect(mannWhitneyU([5, 6], [1, 2, 3], 'greater').effect).toBe(1);
    expect(mannWhitneyU([1, 2], [5, 6, 7], 'greater').effect).toBe(-1);
    expect(mannWhitneyU([3, 3], [3, 3], 'greater').effect).toBe(0);
  });

  it('cannot reach significance with one sample against a few (the exact floor is 1/(n+1))', () => {
    const result = mannWhitneyU([99], [10, 11, 12, 13, 14], 'greater');
    expect(result.pValue).toBeCloseTo(1 / 6, 12);
  });

  it('refuses an empty sample', () => {
    expect(() => mannWhitneyU([], [1], 'less')).toThrow(RangeError);
  });
});
