/**
 * The field metrics a real-user beacon reports, with the thresholds Core Web Vitals rate
 * them by (good up to `good`, poor above `poor`) and the largest value a real page view
 * can plausibly give: a beacon beyond it is dropped, not averaged in.
 */
export const RUM_METRICS = {
  LCP: { unit: 'ms', good: 2500, poor: 4000, max: 120_000 },
  INP: { unit: 'ms', good: 200, poor: 500, max: 60_000 },
  CLS: { unit: 'score', good: 0.1, poor: 0.25, max: 50 },
  FCP: { unit: 'ms', good: 1800, poor: 3000, max: 120_000 },
  TTFB: { unit: 'ms', good: 800, poor: 1800, max: 120_000 },
} as const;

export type RumMetric = keyof typeof RUM_METRICS;
export const RUM_METRIC_NAMES = Object.keys(RUM_METRICS) as RumMetric[];

export type RumRating = 'good' | 'needsImprovement' | 'poor';

/** How Core Web Vitals rate one value of `metric`. */
export function rumRating(metric: RumMetric, value: number): RumRating {
  const { good, poor } = RUM_METRICS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needsImprovement' : 'poor';
}

/** Whether a reported value can be a real page view's: finite, not negative, not absurd. */
export function isPlausible(metric: RumMetric, value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= RUM_METRICS[metric].max;
}
