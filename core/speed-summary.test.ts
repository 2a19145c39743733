import { describe, expect, it } from 'vitest';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  formatMetric,
  measuredText,
  representativeSample,
  summarizeSamples,
  type SampleMetrics,
} from './speed-summary';

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
  it('averages with the display units and rounding, and adds median and spread', () => {
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

describe('measuredText', () => {
  it('writes milliseconds whole, seconds to one decimal and CLS to three decimals', () => {
    expect(measuredText('tbt', 3252.5)).toBe('3,253 ms');
    expect(measuredText('tbt', 80.4)).toBe('80 ms');
    expect(measuredText('lcp', 4849)).toBe('4.8 s');
    expect(measuredText('fcp', 1050)).toBe('1.1 s');
    expect(measuredText('si', 900)).toBe('0.9 s');
    expect(measuredText('cls', 0.2)).toBe('0.200');
    expect(measuredText('cls', 0.0456)).toBe('0.046');
    expect(measuredText('psi', 92)).toBe('92');
    expect(measuredText('psi', 91.5)).toBe('91.5');
  });
});

describe('representativeSample', () => {
  const run = (fcp: number | undefined, tti: number | undefined): SampleMetrics => ({
    psi: { score: 50, numericValue: 0.5 },
    ...(fcp === undefined ? {} : { fcp: { score: 50, numericValue: fcp } }),
    ...(tti === undefined ? {} : { tti: { score: 50, numericValue: tti } }),
  });
  const asLhr = (s: SampleMetrics) =>
    ({
      audits: {
        'first-contentful-paint': { numericValue: s.fcp?.numericValue },
        interactive: { numericValue: s.tti?.numericValue },
      },
    }) as unknown as Parameters<typeof computeMedianRun>[0][number];

  it('picks the sample nearest to the median FCP and TTI, not the median score', () => {
    expect(representativeSample([run(1000, 5000), run(3000, 9000), run(1100, 5200)])).toBe(2);
    // Two samples: the medians are their midpoint, equally far; the smaller TTI wins.
    expect(representativeSample([run(2000, 6000), run(1000, 4000)])).toBe(1);
    expect(representativeSample([run(1500, 4000)])).toBe(0);
  });

  it('leaves out failed samples and samples without FCP or TTI, keeping sample numbers', () => {
    expect(representativeSample([null, run(1200, 4000), run(undefined, 3000)])).toBe(1);
    expect(representativeSample([run(1200, undefined), null])).toBeNull();
    expect(representativeSample([])).toBeNull();
  });

  it("agrees with Lighthouse's computeMedianRun on many random sets", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 1000;
    for (let trial = 0; trial < 500; trial++) {
      const count = 1 + (trial % 9);
      // Coarse values make ties common, so the tie rules are exercised too.
      const samples = Array.from({ length: count }, () =>
        run(1000 + Math.round(random() / 100) * 100, 3000 + Math.round(random() / 100) * 100),
      );
      const lhrs = samples.map(asLhr);
      const expected = lhrs.indexOf(computeMedianRun(lhrs));
      expect(representativeSample(samples), JSON.stringify(samples)).toBe(expected);
    }
  });
});
