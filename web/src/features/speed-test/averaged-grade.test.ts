import { describe, expect, it } from 'vitest';
import type { LabMetric, RunResult } from '@core/speed';
import { averagedGrade } from './averaged-grade';

const run = (lcp?: Partial<LabMetric>): RunResult => ({
  lab: lcp ? { lcp: { label: 'LCP', displayValue: '', score: 0, numericValue: 0, ...lcp } } : {},
  field: { page: null, origin: null, source: 'none', error: null },
  filmstrip: [],
  finalUrl: 'https://a.example/',
  source: 'local-lighthouse',
});

describe('averagedGrade', () => {
  it("averages the samples' values and scores, with the lab's thresholds", () => {
    const thresholds = { good: 2500, poor: 4000 };
    expect(
      averagedGrade(
        [
          run({ numericValue: 2000, score: 96 }),
          run(),
          run({ numericValue: 3000, score: 80, thresholds }),
        ],
        'lcp',
      ),
    ).toEqual({ numericValue: 2500, score: 88, thresholds });
  });

  it('is null where no sample has the metric, and has no thresholds where none came', () => {
    expect(averagedGrade([run()], 'lcp')).toBeNull();
    expect(averagedGrade([run({ numericValue: 1, score: 99 })], 'lcp')).toEqual({
      numericValue: 1,
      score: 99,
      thresholds: undefined,
    });
  });
});
