/**
 * Averaging the lab samples of a speed test into one set of lab metrics, with the median
 * and spread of the scores beside the mean.
 */

import { groupedNumber } from './number-text';
import { median } from './statistics';

export { median };

export const LAB_KEYS = ['psi', 'fcp', 'si', 'lcp', 'tti', 'tbt', 'cls'] as const;
export type LabKey = (typeof LAB_KEYS)[number];

/** One sample's metric: numericValue is ms for timings, unitless for cls and psi. */
export interface SampleMetric {
  score: number;
  numericValue: number;
}
export type SampleMetrics = Partial<Record<LabKey, SampleMetric>> & { psi: SampleMetric };

export interface AveragedMetric {
  label: string;
  displayValue: string;
  value: number;
}

export interface LabSummary {
  samples: number;
  metrics: Partial<Record<LabKey, AveragedMetric>>;
  score: { mean: number; median: number; min: number; max: number };
}

const LABELS: Record<LabKey, string> = {
  psi: 'Performance',
  fcp: 'FCP',
  si: 'SI',
  lcp: 'LCP',
  tti: 'TTI',
  tbt: 'TBT',
  cls: 'CLS',
};

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Display units: ' s' for fcp, si, lcp and tti; ' ms' for tbt; none for cls and psi. */
export function formatMetric(key: LabKey, value: number): AveragedMetric {
  switch (key) {
    case 'fcp':
    case 'si':
    case 'lcp':
    case 'tti': {
      const seconds = round(value / 1000, 1);
      return { label: LABELS[key], displayValue: `${seconds.toFixed(1)} s`, value: seconds };
    }
    case 'tbt': {
      const ms = round(value, 1);
      return { label: LABELS[key], displayValue: `${groupedNumber(ms)} ms`, value: ms };
    }
    case 'cls': {
      const cls = round(value, 2);
      return { label: LABELS[key], displayValue: cls.toFixed(2), value: cls };
    }
    case 'psi': {
      const score = round(value, 1);
      return { label: LABELS[key], displayValue: String(score), value: score };
    }
  }
}

/**
 * A single measured value (a check's median, one sample, a budget, a difference) as the
 * app writes figures outside the speed test's averages: milliseconds whole, seconds to one
 * decimal, CLS to three decimals, the score as formatMetric has it. A TBT of 3252.5 ms
 * reads '3,253 ms', not '3,252.5 ms'.
 */
export function measuredText(key: LabKey, value: number): string {
  switch (key) {
    case 'tbt':
      return `${groupedNumber(Math.round(value))} ms`;
    case 'cls':
      return value.toFixed(3);
    default:
      return formatMetric(key, value).displayValue;
  }
}

/** The averaged line of successful samples, or null when none succeeded ('no data'). */
export function summarizeSamples(samples: SampleMetrics[]): LabSummary | null {
  if (samples.length === 0) return null;
  const metrics: Partial<Record<LabKey, AveragedMetric>> = {};
  for (const key of LAB_KEYS) {
    const values = samples
      .map((s) => (key === 'psi' ? s.psi.score : s[key]?.numericValue))
      .filter((v): v is number => typeof v === 'number');
    if (values.length)
      metrics[key] = formatMetric(key, values.reduce((a, b) => a + b, 0) / values.length);
  }
  const scores = samples.map((s) => s.psi.score);
  return {
    samples: samples.length,
    metrics,
    score: {
      mean: round(scores.reduce((a, b) => a + b, 0) / scores.length, 1),
      median: round(median(scores), 1),
      min: Math.min(...scores),
      max: Math.max(...scores),
    },
  };
}

/** A metric's value as Lighthouse's median-run reads it: missing, zero or NaN count as absent. */
const lhValue = (metric: SampleMetric | undefined) =>
  metric && Number.isFinite(metric.numericValue) && metric.numericValue !== 0
    ? metric.numericValue
    : null;

/**
 * The sample Lighthouse's `computeMedianRun` (core/lib/median-run.js) would pick: the one
 * nearest, by Euclidean distance, to the median FCP and the median TTI (the earliest and the
 * latest moments of the load, less outlier-prone than the score), ties going to the smaller
 * TTI and then the earlier sample. Failed samples (null) and samples without both metrics are
 * left out, as Lighthouse's `filterToValidRuns` does. Returns the index into `samples`.
 */
export function representativeSample(samples: readonly (SampleMetrics | null)[]): number | null {
  const valid = samples.flatMap((s, index) => {
    const fcp = lhValue(s?.fcp);
    const tti = lhValue(s?.tti);
    return fcp !== null && tti !== null ? [{ index, fcp, tti }] : [];
  });
  if (valid.length === 0) return null;
  const fcpMedian = median(valid.map((v) => v.fcp));
  const ttiMedian = median(valid.map((v) => v.tti));
  const distance = (v: (typeof valid)[number]) =>
    (fcpMedian - v.fcp) ** 2 + (ttiMedian - v.tti) ** 2;
  // Array.prototype.sort is stable, so equal runs keep their sample order, as in Lighthouse.
  return [...valid].sort((a, b) => distance(a) - distance(b) || a.tti - b.tti)[0]!.index;
}
