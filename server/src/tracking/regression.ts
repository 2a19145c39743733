import { TRACKING_MESSAGES } from '@core/messages';
import type { Budgets, LabValues, RegressionReason } from '@core/schemas/tracking';
import { formatMetric, LAB_KEYS, median, type LabKey } from '@core/speed-summary';
import { mannWhitneyU } from './mann-whitney';

/** A difference this unlikely under 'nothing changed' counts as significant. */
export const ALPHA = 0.05;
/**
 * Cliff's delta at least this large: 'large' in Romano et al.'s bands (0.474), so that
 * a significant but small shift between noisy runs does not alert.
 */
export const MIN_CLIFFS_DELTA = 0.474;
/** How many earlier checks the samples are compared with. */
export const BASELINE_CHECKS = 5;

/**
 * The metrics compared between checks, the direction that is worse, and the least change
 * worth telling a site owner about (absolute, and relative to the earlier median).
 */
const WATCHED: Partial<Record<LabKey, { worse: 'greater' | 'less'; abs: number; rel: number }>> = {
  psi: { worse: 'less', abs: 5, rel: 0 },
  lcp: { worse: 'greater', abs: 100, rel: 0.1 },
  tbt: { worse: 'greater', abs: 50, rel: 0.1 },
  cls: { worse: 'greater', abs: 0.05, rel: 0 },
};

/** Budgets on lab medians: the score must stay at or above, the rest at or below. */
const LAB_BUDGETS: { key: LabKey; budget: keyof Budgets; worse: 'less' | 'greater' }[] = [
  { key: 'psi', budget: 'performance', worse: 'less' },
  { key: 'lcp', budget: 'lcp', worse: 'greater' },
  { key: 'cls', budget: 'cls', worse: 'greater' },
  { key: 'tbt', budget: 'tbt', worse: 'greater' },
];

const medianOrNull = (values: readonly number[]) => (values.length ? median(values) : null);

const column = (samples: readonly LabValues[], key: LabKey) =>
  samples.map((s) => s[key]).filter((v): v is number => typeof v === 'number');

/** The median of each metric over the finished samples (null where none has it). */
export function medianValues(samples: readonly LabValues[]): LabValues {
  return Object.fromEntries(
    LAB_KEYS.map((key) => [key, medianOrNull(column(samples, key))]),
  ) as LabValues;
}

const show = (key: LabKey, value: number) => formatMetric(key, value).displayValue;

export interface CheckJudgement {
  regression: boolean;
  reasons: RegressionReason[];
}

/**
 * Whether a check is a regression: its median breaks a budget, or its samples are worse
 * than the earlier checks' samples by a one-sided Mann-Whitney U test (p < ALPHA) with a
 * large effect (Cliff's delta) and a change past the metric's minimum. `baseline` holds the
 * samples of up to BASELINE_CHECKS earlier checks of the same device and lab source;
 * `fieldInp` the page's field INP p75 when a field source answered.
 */
export function judgeCheck(input: {
  samples: readonly LabValues[];
  baseline: readonly LabValues[];
  budgets: Budgets;
  fieldInp: number | null;
}): CheckJudgement {
  const reasons: RegressionReason[] = [];
  const medians = medianValues(input.samples);
  for (const { key, budget, worse } of LAB_BUDGETS) {
    const limit = input.budgets[budget];
    const value = medians[key];
    if (limit === undefined || value === null) continue;
    if (worse === 'less' ? value < limit : value > limit) {
      reasons.push({
        kind: 'budget',
        metric: key,
        value,
        reference: limit,
        pValue: null,
        text: TRACKING_MESSAGES.budgetBroken(
          formatMetric(key, value).label,
          show(key, value),
          show(key, limit),
        ),
      });
    }
  }
  const inpBudget = input.budgets.inp;
  if (inpBudget !== undefined && input.fieldInp !== null && input.fieldInp > inpBudget) {
    reasons.push({
      kind: 'budget',
      metric: 'inp',
      value: input.fieldInp,
      reference: inpBudget,
      pValue: null,
      text: TRACKING_MESSAGES.budgetBroken(
        'INP (field)',
        `${Math.round(input.fieldInp)} ms`,
        `${Math.round(inpBudget)} ms`,
      ),
    });
  }
  for (const [key, rule] of Object.entries(WATCHED) as [
    LabKey,
    NonNullable<typeof WATCHED.psi>,
  ][]) {
    const now = column(input.samples, key);
    const before = column(input.baseline, key);
    if (now.length === 0 || before.length === 0) continue;
    const nowMedian = median(now);
    const beforeMedian = median(before);
    const change = rule.worse === 'greater' ? nowMedian - beforeMedian : beforeMedian - nowMedian;
    if (change < rule.abs || change < rule.rel * Math.abs(beforeMedian)) continue;
    const test = mannWhitneyU(now, before, rule.worse);
    const effect = rule.worse === 'greater' ? test.effect : -test.effect;
    if (test.pValue >= ALPHA || effect < MIN_CLIFFS_DELTA) continue;
    reasons.push({
      kind: 'significant',
      metric: key,
      value: nowMedian,
      reference: beforeMedian,
      pValue: test.pValue,
      text: TRACKING_MESSAGES.significantlyWorse(
        formatMetric(key, nowMedian).label,
        show(key, beforeMedian),
        show(key, nowMedian),
        test.pValue,
      ),
    });
  }
  return { regression: reasons.length > 0, reasons };
}
