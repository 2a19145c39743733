import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import {
  CATEGORY_KEYS,
  CATEGORY_TITLES,
  OPTIONAL_CATEGORIES,
  type CategoryScores,
} from '@core/lighthouse-categories';
import type { TrackingCheck } from '@core/schemas/tracking';
import { CHARTED_METRICS, dateTimeText, metricText } from './tracking-format';

/** A check in a word: running or skipped, else its state, a regression standing out. */
export function CheckStatus({ check }: { check: TrackingCheck }) {
  if (check.status === 'running') return <Badge bg="primary">Running</Badge>;
  if (check.status === 'skipped') return <Badge bg="secondary">Skipped</Badge>;
  if (check.state === 'failed') return <Badge bg="danger">Failed</Badge>;
  return (
    <>
      {check.regression ? <Badge bg="danger">Regression</Badge> : <Badge bg="success">Done</Badge>}
      {check.state === 'partial' && (
        <Badge bg="warning" text="dark" className="ms-1">
          Partial
        </Badge>
      )}
    </>
  );
}

/** The categories' short column heads; their titles are read out in full. */
const CATEGORY_HEADS: Record<keyof CategoryScores, string> = {
  accessibility: 'A11y',
  bestPractices: 'BP',
  seo: 'SEO',
  agenticBrowsing: 'Agentic',
};

/** The categories any of `checks` measured beside performance, in the report's order. */
function measuredCategories(checks: readonly TrackingCheck[]) {
  return OPTIONAL_CATEGORIES.flatMap((id) => {
    const key = CATEGORY_KEYS[id] as keyof CategoryScores;
    return checks.some((check) => check.categoryScores && key in check.categoryScores)
      ? [{ key, title: CATEGORY_TITLES[id] }]
      : [];
  });
}

/** The charts' data as a table, newest first; a row opens its check. */
export function HistoryTable({
  checks,
  onSelect,
}: {
  /** Newest first. */
  checks: readonly TrackingCheck[];
  onSelect(checkId: string): void;
}) {
  const categories = measuredCategories(checks);
  return (
    <Table responsive hover size="sm" className="align-middle" data-testid="history-table">
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">Status</th>
          {CHARTED_METRICS.map((m) => (
            <th scope="col" key={m.key} className="text-end">
              {m.key === 'psi' ? 'Score' : m.key.toUpperCase()}
            </th>
          ))}
          {categories.map(({ key, title }) => (
            <th scope="col" key={key} className="text-end" data-testid={`category-head-${key}`}>
              <abbr title={`${title} score`}>{CATEGORY_HEADS[key]}</abbr>
            </th>
          ))}
          <th scope="col">Samples</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => (
          <tr key={check.id} data-testid="history-row">
            <td className="text-nowrap">
              <Button variant="link" size="sm" className="p-0" onClick={() => onSelect(check.id)}>
                {dateTimeText(check.startedAt)}
              </Button>
              {check.trigger === 'manual' && <span className="small text-muted"> · run now</span>}
              {check.fingerprintChanged && (
                <div className="small text-muted" data-testid="fingerprint-changed">
                  measured otherwise than before
                </div>
              )}
            </td>
            <td>
              <CheckStatus check={check} />
            </td>
            {CHARTED_METRICS.map((m) => (
              <td key={m.key} className="text-end text-nowrap">
                {metricText(m.key, check.median?.[m.key])}
              </td>
            ))}
            {categories.map(({ key }) => (
              <td key={key} className="text-end" data-testid={`category-score-${key}`}>
                {check.categoryScores?.[key] ?? '-'}
              </td>
            ))}
            <td className="small text-muted text-nowrap">
              {check.samples.filter((s) => s.metrics).length} of {check.samples.length}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
