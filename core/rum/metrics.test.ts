import { describe, expect, it } from 'vitest';
import { isPlausible, rumRating } from './metrics';

describe('RUM metrics', () => {
  it('rates values by the Core Web Vitals thresholds, a threshold itself on the better side', () => {
    expect([2500, 2501, 4001].map((value) => rumRating('LCP', value))).toEqual([
      'good',
      'needsImprovement',
      'poor',
    ]);
    expect(rumRating('CLS', 0)).toBe('good');
    expect(rumRating('INP', 500)).toBe('needsImprovement');
    expect(rumRating('TTFB', 1801)).toBe('poor');
  });

  it('drops values no page view gives: negative, not a number, absurdly large', () => {
    expect(isPlausible('LCP', 1200)).toBe(true);
    expect(isPlausible('CLS', 0)).toBe(true);
    expect(
      [-1, Number.NaN, Number.POSITIVE_INFINITY, 10 * 60_000].map((v) => isPlausible('LCP', v)),
    ).toEqual([false, false, false, false]);
    expect(isPlausible('CLS', 51)).toBe(false);
  });
});
