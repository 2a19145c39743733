import type { Budgets, TrackingDevice } from '@core/schemas/tracking';
import { formatMetric, type LabKey } from '@core/speed-summary';

export const DEVICE_NAMES: Record<TrackingDevice, string> = {
  mobile: 'Mobile',
  desktop: 'Desktop',
};

export const BUDGET_FIELDS: readonly {
  key: keyof Budgets;
  label: string;
  placeholder: string;
}[] = [
  { key: 'performance', label: 'Performance score at least', placeholder: 'e.g. 90' },
  { key: 'lcp', label: 'LCP at most (ms)', placeholder: 'e.g. 2500' },
  { key: 'cls', label: 'CLS at most', placeholder: 'e.g. 0.1' },
  { key: 'tbt', label: 'TBT at most (ms)', placeholder: 'e.g. 200' },
  { key: 'inp', label: 'INP at most (ms, field data)', placeholder: 'e.g. 200' },
];

/** The lab metrics charted, in order, with the budget that draws a line on each. */
export const CHARTED_METRICS: readonly { key: LabKey; title: string; budget?: keyof Budgets }[] = [
  { key: 'psi', title: 'Performance score', budget: 'performance' },
  { key: 'lcp', title: 'Largest Contentful Paint', budget: 'lcp' },
  { key: 'tbt', title: 'Total Blocking Time', budget: 'tbt' },
  { key: 'cls', title: 'Cumulative Layout Shift', budget: 'cls' },
  { key: 'fcp', title: 'First Contentful Paint' },
  { key: 'si', title: 'Speed Index' },
];

/** A metric as the speed test writes it: seconds for timings, ms for TBT. */
export const metricText = (key: LabKey, value: number | null | undefined) =>
  value === null || value === undefined ? '-' : formatMetric(key, value).displayValue;

export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
