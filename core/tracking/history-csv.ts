import { toCsv, type CsvCell } from '../csv';
import type { CategoryScores } from '../lighthouse-categories';
import { TRACKING_MESSAGES } from '../messages';
import type { LabValues, RunFingerprint, TrackedPage, TrackingCheck } from '../schemas/tracking';
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
  'State',
  'Fingerprint changed',
  'Fingerprint',
  'Accessibility',
  'Best Practices',
  'SEO',
  'Agentic Browsing',
] as const;

/** A check's category scores, in the headers' order (empty where not measured). */
const categoryCells = (scores: CategoryScores | null): CsvCell[] =>
  (['accessibility', 'bestPractices', 'seo', 'agenticBrowsing'] as const).map(
    (key) => scores?.[key] ?? null,
  );

const metrics = (values: LabValues | null): CsvCell[] =>
  LAB_KEYS.map((key) => (values ? values[key] : null));

/** A sample's fingerprint in a few words: 'Lighthouse 12.8.2, bench 1234'. */
const shortFingerprint = (f: RunFingerprint | null) =>
  f ? TRACKING_MESSAGES.fingerprintShort(f.lighthouseVersion, f.benchmarkIndex) || null : null;

/**
 * A tracked page's history as CSV: per check a 'median' row with the check's state (ok,
 * partial, failed; empty while running or skipped) and whether it was measured otherwise
 * than the check before and its categories' median scores, then one row per sample naming its lab source, its metrics or its
 * error, its state and a short fingerprint; newest first.
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
      check.state,
      check.fingerprintChanged ? 'yes' : 'no',
      null,
      ...categoryCells(check.categoryScores),
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
        sample.error === null ? 'ok' : 'failed',
        null,
        shortFingerprint(sample.fingerprint),
        ...categoryCells(null),
      ]);
    }
  }
  return toCsv(HISTORY_CSV_HEADERS, rows);
}
