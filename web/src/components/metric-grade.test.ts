import { describe, expect, it } from 'vitest';
import { metricClass, thresholdText } from './metric-grade';

const lcp = { good: 2500, poor: 4000 };

describe('metricClass', () => {
  it('grades by the thresholds: good at or below, poor above', () => {
    expect(metricClass({ numericValue: 2500, score: 0, thresholds: lcp })).toBe('pass');
    expect(metricClass({ numericValue: 2501, score: 100, thresholds: lcp })).toBe('average');
    expect(metricClass({ numericValue: 4000, score: 100, thresholds: lcp })).toBe('average');
    expect(metricClass({ numericValue: 4001, score: 100, thresholds: lcp })).toBe('fail');
  });

  it('grades by the score where the lab reported no thresholds', () => {
    expect(metricClass({ numericValue: 9000, score: 95 })).toBe('pass');
    expect(metricClass({ numericValue: 1, score: 60 })).toBe('average');
    expect(metricClass({ numericValue: 1, score: 10 })).toBe('fail');
  });
});

describe('thresholdText', () => {
  it("writes the thresholds in the metric's unit, with the scoring's device", () => {
    expect(thresholdText('lcp', lcp, 'mobile')).toBe(
      'LCP — good ≤ 2.5 s, poor > 4.0 s (Lighthouse mobile scoring)',
    );
    expect(thresholdText('tbt', { good: 150, poor: 350 }, 'desktop')).toBe(
      'TBT — good ≤ 150 ms, poor > 350 ms (Lighthouse desktop scoring)',
    );
    expect(thresholdText('cls', { good: 0.1, poor: 0.25 }, 'mobile')).toBe(
      'CLS — good ≤ 0.10, poor > 0.25 (Lighthouse mobile scoring)',
    );
  });
});
