import { formatMetric, measuredText } from '../speed-summary';
import type { SpeedClass } from '../metrics';
import type { RumMetric, RumRating } from './metrics';

/** A Core Web Vitals rating as the app colours and marks bands. */
export const RATING_BAND: Record<RumRating, SpeedClass> = {
  good: 'pass',
  needsImprovement: 'average',
  poor: 'fail',
};

/** Each field metric's full name, for titles and assistive tech. */
export const RUM_METRIC_TITLES: Record<RumMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

/**
 * A field value as the app writes the lab metric of the same unit: page-load timings in
 * seconds to one decimal ('2.1 s'), INP in whole milliseconds as TBT ('180 ms', a tenth of
 * a second is too coarse for it), CLS to two decimals.
 */
export function rumValueText(metric: RumMetric, value: number): string {
  switch (metric) {
    case 'INP':
      return measuredText('tbt', value);
    case 'CLS':
      return formatMetric('cls', value).displayValue;
    default:
      return formatMetric('lcp', value).displayValue;
  }
}
