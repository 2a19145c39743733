import type { Budgets, RunFingerprint, TrackingDevice } from '@core/schemas/tracking';
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

/** The lab metrics charted, in order, the axis unit, and the budget drawn on each. */
export const CHARTED_METRICS: readonly {
  key: LabKey;
  title: string;
  unit: string;
  budget?: keyof Budgets;
}[] = [
  { key: 'psi', title: 'Performance score', unit: '0-100', budget: 'performance' },
  { key: 'lcp', title: 'Largest Contentful Paint', unit: 's', budget: 'lcp' },
  { key: 'tbt', title: 'Total Blocking Time', unit: 'ms', budget: 'tbt' },
  { key: 'cls', title: 'Cumulative Layout Shift', unit: 'unitless', budget: 'cls' },
  { key: 'fcp', title: 'First Contentful Paint', unit: 's' },
  { key: 'si', title: 'Speed Index', unit: 's' },
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

export const LAB_SOURCE_NAMES = {
  'local-lighthouse': 'Local Lighthouse',
  psi: 'PageSpeed Insights',
} as const;

/** How a sample was measured, in a line: tool, browser, machine, throttling, load. */
export function fingerprintText(fingerprint: RunFingerprint): string {
  return [
    fingerprint.lighthouseVersion
      ? `Lighthouse ${fingerprint.lighthouseVersion}`
      : LAB_SOURCE_NAMES[fingerprint.source],
    fingerprint.chromiumVersion,
    fingerprint.benchmarkIndex === null
      ? null
      : `benchmark index ${Math.round(fingerprint.benchmarkIndex)}`,
    fingerprint.throttlingMethod && `${fingerprint.throttlingMethod} throttling`,
    `${fingerprint.concurrency} ${fingerprint.concurrency === 1 ? 'run' : 'runs'} at once`,
  ]
    .filter(Boolean)
    .join(' · ');
}
