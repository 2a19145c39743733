import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
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

/** The charts' data as a table, newest first; a row opens its check. */
export function HistoryTable({
  checks,
  onSelect,
}: {
  /** Newest first. */
  checks: readonly TrackingCheck[];
  onSelect(checkId: string): void;
}) {
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
            <td className="small text-muted text-nowrap">
              {check.samples.filter((s) => s.metrics).length} of {check.samples.length}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
