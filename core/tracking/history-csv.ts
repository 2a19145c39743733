import { toCsv, type CsvCell } from '../csv';
import type { LabValues, TrackedPage, TrackingCheck } from '../schemas/tracking';
import { LAB_KEYS } from '../speed-summary';

export const HISTORY_CSV_HEADERS = [
  'URL',
  'Check',
  'Started',
  'Device',
  'Trigger',
  'Status',
  'Row',
  'Lab source',
  'Performance',
  'FCP (ms)',
  'SI (ms)',
  'LCP (ms)',
  'TTI (ms)',
  'TBT (ms)',
  'CLS',
  'Regression',
  'Reasons',
  'Error',
] as const;

const metrics = (values: LabValues | null): CsvCell[] =>
  LAB_KEYS.map((key) => (values ? values[key] : null));

/**
 * A tracked page's history as CSV (DESIGN §5 'CSV done right'): per check a 'median' row,
 * then one row per sample naming its lab source, its metrics or its error; newest first.
 */
export function historyCsv(page: TrackedPage, checks: readonly TrackingCheck[]): string {
  const rows: CsvCell[][] = [];
  for (const check of checks) {
    const common = [page.url, check.id, check.startedAt, check.device, check.trigger, check.status];
    const sources = [...new Set(check.samples.map((s) => s.source))].join(' ');
    rows.push([
      ...common,
      'median',
      sources,
      ...metrics(check.median),
      check.regression ? 'yes' : 'no',
      check.reasons.map((r) => r.text).join(' '),
      check.error,
    ]);
    for (const sample of check.samples) {
      rows.push([
        ...common,
        `sample ${sample.index}`,
        sample.source,
        ...metrics(sample.metrics),
        null,
        null,
        sample.error,
      ]);
    }
  }
  return toCsv(HISTORY_CSV_HEADERS, rows);
}
