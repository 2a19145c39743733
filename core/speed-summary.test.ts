import { describe, expect, it } from 'vitest';
import { formatMetric, summarizeSamples, type SampleMetrics } from './speed-summary';

const sample = (psi: number, lcp: number, cls: number, tbt: number): SampleMetrics => ({
  psi: { score: psi, numericValue: psi / 100 },
  fcp: { score: 90, numericValue: 1200 },
  si: { score: 90, numericValue: 2100 },
  lcp: { score: 80, numericValue: lcp },
  tti: { score: 80, numericValue: 3456 },
  tbt: { score: 70, numericValue: tbt },
  cls: { score: 60, numericValue: cls },
});

describe('summarizeSamples', () => {
  it('averages with the spec units and rounding, and adds median and spread', () => {
    const summary = summarizeSamples([
      sample(50, 2500, 0.1, 120),
      sample(61, 2800, 0.13, 150),
      sample(90, 3000, 0.2, 200),
    ])!;
    expect(summary.samples).toBe(3);
    expect(summary.metrics.psi).toEqual({ label: 'Performance', displayValue: '67', value: 67 });
    expect(summary.metrics.lcp?.displayValue).toBe('2.8 s');
    expect(summary.metrics.tbt?.displayValue).toBe('156.7 ms');
    expect(summary.metrics.cls?.displayValue).toBe('0.14');
    expect(summary.metrics.tti?.displayValue).toBe('3.5 s');
    expect(summary.score).toEqual({ mean: 67, median: 61, min: 50, max: 90 });
  });

  it('says no data without successful samples, and leaves out a metric no sample had', () => {
    expect(summarizeSamples([])).toBeNull();
    const withoutTti = sample(40, 5000, 0.3, 900);
    delete withoutTti.tti;
    expect(summarizeSamples([withoutTti])!.metrics.tti).toBeUndefined();
  });

  it('formats single metrics', () => {
    expect(formatMetric('fcp', 1049).displayValue).toBe('1.0 s');
    expect(formatMetric('cls', 0.005).displayValue).toBe('0.01');
  });
});
