import { RUM_METRICS } from '@core/rum/metrics';
import type { MetricLimit } from '@core/budgets/budget';
import type { ResourceType } from '@core/budgets/resources';
import type { FieldHistoryMetric, RunFingerprint, TrackingDevice } from '@core/schemas/tracking';
import { LAB_BENCHMARK_KEPT_MINUTES } from '@core/speed';
import type { LabKey } from '@core/speed-summary';
import { SHOWN_METRICS } from '../../components/run-comparison/metric-format';

export const DEVICE_NAMES: Record<TrackingDevice, string> = {
  mobile: 'Mobile',
  desktop: 'Desktop',
};

/** A budget's limit as the form names it: a metric, or `resourceSizes.<type>` and the like. */
export type BudgetFieldKey = MetricLimit | `${'resourceSizes' | 'resourceCounts'}.${ResourceType}`;

export const BUDGET_FIELDS: readonly {
  key: BudgetFieldKey;
  label: string;
  placeholder: string;
}[] = [
  { key: 'performance', label: 'Performance score at least', placeholder: 'e.g. 90' },
  { key: 'accessibility', label: 'Accessibility score at least', placeholder: 'e.g. 90' },
  { key: 'bestPractices', label: 'Best Practices score at least', placeholder: 'e.g. 90' },
  { key: 'seo', label: 'SEO score at least', placeholder: 'e.g. 90' },
  { key: 'agenticBrowsing', label: 'Agentic Browsing score at least', placeholder: 'e.g. 90' },
  { key: 'fcp', label: 'FCP at most (ms)', placeholder: 'e.g. 1800' },
  { key: 'lcp', label: 'LCP at most (ms)', placeholder: 'e.g. 2500' },
  { key: 'si', label: 'Speed Index at most (ms)', placeholder: 'e.g. 3400' },
  { key: 'tbt', label: 'TBT at most (ms)', placeholder: 'e.g. 200' },
  { key: 'cls', label: 'CLS at most', placeholder: 'e.g. 0.1' },
  { key: 'inp', label: 'INP at most (ms, field data)', placeholder: 'e.g. 200' },
  { key: 'fieldLcp', label: 'LCP at most (ms, field data)', placeholder: 'e.g. 2500' },
  { key: 'resourceSizes.total', label: 'Page weight at most (KiB)', placeholder: 'e.g. 1600' },
  { key: 'resourceSizes.script', label: 'Scripts at most (KiB)', placeholder: 'e.g. 300' },
  {
    key: 'resourceCounts.third-party',
    label: 'Third-party requests at most',
    placeholder: 'e.g. 10',
  },
];

export { dateTimeText, metricText } from '../../components/run-comparison/metric-format';

/** The axis unit of each charted metric, and the budget drawn on it. */
const AXES: Record<(typeof SHOWN_METRICS)[number]['key'], { unit: string; budget?: MetricLimit }> =
  {
    psi: { unit: '0-100', budget: 'performance' },
    lcp: { unit: 's', budget: 'lcp' },
    tbt: { unit: 'ms', budget: 'tbt' },
    cls: { unit: 'unitless', budget: 'cls' },
    fcp: { unit: 's', budget: 'fcp' },
    si: { unit: 's', budget: 'si' },
  };

/** The lab metrics charted, in order, the axis unit, and the budget drawn on each. */
export const CHARTED_METRICS: readonly {
  key: LabKey;
  title: string;
  unit: string;
  budget?: MetricLimit;
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
      : `benchmark index ${Math.round(fingerprint.benchmarkIndex)}` +
        // The local lab measures the machine now and then, not before every run.
        (fingerprint.source === 'local-lighthouse'
          ? ` (measured within ${LAB_BENCHMARK_KEPT_MINUTES} min)`
          : ''),
    fingerprint.throttlingMethod && `${fingerprint.throttlingMethod} throttling`,
    `${fingerprint.concurrency} ${fingerprint.concurrency === 1 ? 'run' : 'runs'} at once`,
  ]
    .filter(Boolean)
    .join(' · ');
}

const SECONDS = {
  unit: 's',
  shown: (ms: number) => ms / 1000,
  text: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
};
const MS = { unit: 'ms', shown: (ms: number) => ms, text: (ms: number) => `${Math.round(ms)} ms` };

/**
 * Each real-user metric's title and the unit its chart shows (seconds for the paints, as
 * the lab charts beside them; ms for INP and TTFB), with Core Web Vitals' 'good' limit.
 */
export const FIELD_HISTORY_AXES: Record<
  FieldHistoryMetric,
  {
    title: string;
    unit: string;
    good: number;
    shown(p75: number): number;
    text(p75: number): string;
  }
> = {
  LCP: { title: 'Largest Contentful Paint', good: RUM_METRICS.LCP.good, ...SECONDS },
  INP: { title: 'Interaction to Next Paint', good: RUM_METRICS.INP.good, ...MS },
  CLS: {
    title: 'Cumulative Layout Shift',
    good: RUM_METRICS.CLS.good,
    unit: 'unitless',
    shown: (cls) => cls,
    text: (cls) => cls.toFixed(2),
  },
  FCP: { title: 'First Contentful Paint', good: RUM_METRICS.FCP.good, ...SECONDS },
  TTFB: { title: 'Time to First Byte', good: RUM_METRICS.TTFB.good, ...MS },
};

/** A CrUX day (`2026-11-14`) at local midnight, so that it is labelled that day everywhere. */
export const dayTime = (date: string) => Date.parse(`${date}T00:00:00`);

/** A collection period in words: 'Oct 18 – Nov 14, 2026'. */
export function periodText(period: { firstDate: string; lastDate: string }): string {
  const day = (date: string, year: boolean) =>
    new Date(dayTime(date)).toLocaleDateString(undefined, {
      month: 'short',
      day: 'numeric',
      ...(year && { year: 'numeric' }),
    });
  return `${day(period.firstDate, period.firstDate.slice(0, 4) !== period.lastDate.slice(0, 4))} – ${day(period.lastDate, true)}`;
}
