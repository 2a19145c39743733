import { describe, expect, it } from 'vitest';
import { budgetLimitsFor } from './budget';
import { judgeBudget } from './judge';
import { RESOURCE_TYPES, type Resources } from './resources';
import type { LabMetric, RunResult } from '../speed';
import { budgetMeasurementOf } from './measurement';

const metric = (numericValue: number, score = 0): LabMetric => ({
  label: '',
  displayValue: '',
  score,
  numericValue,
});

const resources = (scripts: number, bytes: number): Resources =>
  Object.fromEntries(
    RESOURCE_TYPES.map((type) => [
      type,
      type === 'script' ? { requests: scripts, bytes } : { requests: 1, bytes: 1000 },
    ]),
  ) as Resources;

const run = (lcp: number, score: number, extra: Partial<RunResult> = {}): RunResult => ({
  lab: { psi: metric(score / 100, score), lcp: metric(lcp) },
  field: { page: null, origin: null, source: 'none', error: null },
  filmstrip: [],
  finalUrl: 'https://shop.example/',
  source: 'local-lighthouse',
  ...extra,
});

describe('budgetMeasurementOf', () => {
  it('takes each lab metric’s median, the score 0–100, and null for what no sample measured', () => {
    const {
      lab,
      field,
      resources: weight,
    } = budgetMeasurementOf([run(1800, 90), run(4000, 60), run(2000, 80)]);
    expect(lab).toMatchObject({ psi: 80, lcp: 2000, tbt: null, cls: null });
    expect(field).toBeNull();
    expect(weight).toBeNull();
  });

  it('reads field p75s from the first sample whose source answered for the page', () => {
    const page = {
      metrics: { inp: { label: 'INP', displayValue: '', speedColor: null, p75: 180 } },
      coreWebVitals: null,
    };
    const { field } = budgetMeasurementOf([
      run(1800, 90),
      run(1800, 90, { field: { page, origin: null, source: 'crux', error: null } }),
    ]);
    expect(field).toEqual({ inp: 180, lcp: null });
  });

  it('judges a tracked page’s budget on the medians: pass, fail, and unknown never 0', () => {
    const measured = budgetMeasurementOf([
      run(2000, 90, { resources: resources(4, 200_000) }),
      run(2600, 70, { resources: resources(6, 300_000) }),
    ]);
    const rows = judgeBudget(
      budgetLimitsFor(
        { lcp: 3000, performance: 90, inp: 200, resourceSizes: { script: 200 } },
        'https://shop.example/',
      ),
      measured,
    );
    expect(rows.map((row) => [row.limit, row.value, row.pass])).toEqual([
      ['performance', 80, false],
      ['lcp', 2300, true],
      ['inp', null, null],
      ['resourceSizes.script', 244.1, false],
    ]);
  });
});
