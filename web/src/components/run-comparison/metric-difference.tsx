import Badge from 'react-bootstrap/Badge';
import type { z } from 'zod';
import type { metricComparisonSchema } from '@core/schemas/tracking';
import { measuredText } from '@core/speed-summary';

export type MetricComparison = z.infer<typeof metricComparisonSchema>;

/** Lower is better for every lab metric but the score. */
const better = (metric: string, difference: number) =>
  metric === 'psi' ? difference > 0 : difference < 0;

/** The difference, signed, in the metric's unit ('-' when a side has no value). */
export function differenceText(row: MetricComparison) {
  if (row.difference === null) return '-';
  const magnitude = measuredText(row.metric, Math.abs(row.difference));
  return `${row.difference > 0 ? '+' : row.difference < 0 ? '−' : '±'}${magnitude}`;
}

/** Green for a significant improvement, red for a significant regression, else none. */
export function differenceClass(row: MetricComparison) {
  if (!row.significant || row.difference === null) return '';
  return better(row.metric, row.difference) ? 'text-success' : 'text-danger';
}

/** 'Yes' or 'No', with the test's p-value when there is one. */
export function Significance({ row }: { row: MetricComparison }) {
  return (
    <>
      {row.significant ? <Badge bg="dark">Yes</Badge> : <span className="text-muted">No</span>}
      {row.pValue !== null && <span className="text-muted"> (p = {row.pValue.toFixed(3)})</span>}
    </>
  );
}
