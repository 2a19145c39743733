import { describe, expect, it } from 'vitest';
import type { LabValues } from '@core/schemas/tracking';
import { judgeCheck, medianValues } from './regression';

/** A sample with the given score, LCP and TBT; the rest steady. */
const sample = (psi: number, lcp: number, tbt = 100, cls = 0.02): LabValues => ({
  psi,
  fcp: 1200,
  si: 1800,
  lcp,
  tti: 3000,
  tbt,
  cls,
});

/** Three earlier checks of three samples each: a page scoring about 90. */
const BASELINE = [
  sample(90, 2000),
  sample(91, 1980),
  sample(89, 2050),
  sample(92, 1950),
  sample(90, 2010),
  sample(88, 2070),
  sample(91, 1990),
  sample(90, 2030),
  sample(89, 2020),
];

describe('judgeCheck', () => {
  it('calls a check whose score and LCP fell well below the earlier ones a regression', () => {
    const judgement = judgeCheck({
      samples: [sample(70, 3100), sample(72, 3000), sample(71, 3200)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement.regression).toBe(true);
    expect(judgement.reasons.map((r) => [r.kind, r.metric])).toEqual([
      ['significant', 'psi'],
      ['significant', 'lcp'],
    ]);
    const psi = judgement.reasons[0]!;
    expect(psi.value).toBe(71);
    expect(psi.reference).toBe(90);
    // SciPy: mannwhitneyu([70, 72, 71], baseline scores, alternative='less'), ties so normal.
    expect(psi.pValue).toBeCloseTo(0.007563623037232661, 6);
    expect(psi.text).toBe(
      'Performance went from 90 to 71, a significant change (Mann-Whitney U, p = 0.008).',
    );
    // No ties among the LCPs: three samples above nine, exactly 1 / C(12, 3).
    expect(judgement.reasons[1]!.pValue).toBeCloseTo(1 / 220, 12);
  });

  it('ignores noise: a significant but small shift does not alert', () => {
    // Every sample 3 points under the baseline: p is tiny, the change below 5 points.
    const judgement = judgeCheck({
      samples: [sample(86, 2050), sample(87, 2060), sample(86, 2040)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement).toEqual({ regression: false, reasons: [] });
  });

  it('ignores a large change that one slow sample makes without significance', () => {
    const judgement = judgeCheck({
      samples: [sample(40, 6000), sample(90, 2000), sample(91, 1990)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement.regression).toBe(false);
  });

  it('needs earlier samples to compare with: the first check is judged by budgets only', () => {
    const samples = [sample(60, 4000), sample(61, 4100), sample(59, 3900)];
    expect(judgeCheck({ samples, baseline: [], budgets: {}, fieldInp: null }).regression).toBe(
      false,
    );
    const judgement = judgeCheck({
      samples,
      baseline: [],
      budgets: { performance: 80, lcp: 2500, cls: 0.1, tbt: 300, inp: 200 },
      fieldInp: 350,
    });
    expect(judgement.reasons.map((r) => r.text)).toEqual([
      'Performance 60 breaks its budget of 80.',
      'LCP 4.0 s breaks its budget of 2.5 s.',
      'INP (field) 350 ms breaks its budget of 200 ms.',
    ]);
  });

  it('keeps budgets that hold quiet, and an INP budget without field data', () => {
    const judgement = judgeCheck({
      samples: [sample(95, 1500, 50, 0.01)],
      baseline: [],
      budgets: { performance: 90, lcp: 2500, tbt: 200, cls: 0.1, inp: 200 },
      fieldInp: null,
    });
    expect(judgement).toEqual({ regression: false, reasons: [] });
  });
});

describe('medianValues', () => {
  it('takes each metric’s median over the samples, null where none has it', () => {
    const m = medianValues([
      sample(90, 2000),
      sample(80, 2600),
      { ...sample(70, 2400), cls: null },
    ]);
    expect(m.psi).toBe(80);
    expect(m.lcp).toBe(2400);
    expect(m.cls).toBe(0.02);
    expect(medianValues([]).psi).toBeNull();
  });
});
