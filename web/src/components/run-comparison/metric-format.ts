import { measuredText, type LabKey } from '@core/speed-summary';

/** The lab metrics shown for a run's history and comparisons, in order, with their titles. */
export const SHOWN_METRICS = [
  { key: 'psi', title: 'Performance score' },
  { key: 'lcp', title: 'Largest Contentful Paint' },
  { key: 'tbt', title: 'Total Blocking Time' },
  { key: 'cls', title: 'Cumulative Layout Shift' },
  { key: 'fcp', title: 'First Contentful Paint' },
  { key: 'si', title: 'Speed Index' },
] as const satisfies readonly { key: LabKey; title: string }[];

/** A measured value, seconds for timings and ms for TBT, or '-' where there is none. */
export const metricText = (key: LabKey, value: number | null | undefined) =>
  value === null || value === undefined ? '-' : measuredText(key, value);

/** A day as the history tables show it. */
export const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
