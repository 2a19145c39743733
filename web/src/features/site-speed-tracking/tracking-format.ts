import type { Budgets, RunFingerprint, TrackingDevice } from '@core/schemas/tracking';
import type { LabKey } from '@core/speed-summary';
import { SHOWN_METRICS } from '../../components/run-comparison/metric-format';

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

export { dateTimeText, metricText } from '../../components/run-comparison/metric-format';

/** The axis unit of each charted metric, and the budget drawn on it. */
const AXES: Record<
  (typeof SHOWN_METRICS)[number]['key'],
  { unit: string; budget?: keyof Budgets }
> = {
  psi: { unit: '0-100', budget: 'performance' },
  lcp: { unit: 's', budget: 'lcp' },
  tbt: { unit: 'ms', budget: 'tbt' },
  cls: { unit: 'unitless', budget: 'cls' },
  fcp: { unit: 's' },
  si: { unit: 's' },
};

/** The lab metrics charted, in order, the axis unit, and the budget drawn on each. */
export const CHARTED_METRICS: readonly {
  key: LabKey;
  title: string;
  unit: string;
  budget?: keyof Budgets;
}[] = SHOWN_METRICS.map((metric) => ({ ...metric, ...AXES[metric.key] }));

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
