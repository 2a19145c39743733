import { scoreClass, type SpeedClass } from '@core/metrics';
import type { LabMetric } from '@core/speed';
import { formatMetric, type LabKey } from '@core/speed-summary';

/** What a lab metric's colour is read from: its value against its thresholds, or its score. */
export type GradedMetric = Pick<LabMetric, 'numericValue' | 'score' | 'thresholds'>;

/**
 * Green at or below the good threshold, orange up to the poor one, red above, as Lighthouse
 * scores the metric; by the 0–100 score where the lab gave no thresholds (TTI, older results).
 */
export function metricClass({ numericValue, score, thresholds }: GradedMetric): SpeedClass {
  if (!thresholds) return scoreClass(score);
  if (numericValue <= thresholds.good) return 'pass';
  return numericValue <= thresholds.poor ? 'average' : 'fail';
}

/** The band in words, for those who do not see its colour. */
export const GRADE_WORDS: Record<SpeedClass, string> = {
  pass: 'good',
  average: 'needs improvement',
  fail: 'poor',
};

/** 'LCP — good ≤ 2.5 s, poor > 4.0 s (Lighthouse mobile scoring)'. */
export function thresholdText(
  key: LabKey,
  thresholds: NonNullable<GradedMetric['thresholds']>,
  device: 'mobile' | 'desktop',
): string {
  const value = (n: number) => formatMetric(key, n).displayValue;
  return `${key.toUpperCase()} — good ≤ ${value(thresholds.good)}, poor > ${value(thresholds.poor)} (Lighthouse ${device} scoring)`;
}
