import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatMetric } from '@core/speed-summary';
import { AlignedFilmstrips } from './timed-filmstrip';
import { useComparison } from './tracking-api';
import { CHARTED_METRICS, dateTimeText, metricText } from './tracking-format';

/** Lower is better for every lab metric but the score. */
const better = (metric: string, difference: number) =>
  metric === 'psi' ? difference > 0 : difference < 0;

function differenceText(metric: (typeof CHARTED_METRICS)[number]['key'], difference: number) {
  const magnitude = formatMetric(metric, Math.abs(difference)).displayValue;
  return `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${magnitude}`;
}

/** Two checks of a page side by side: medians, their difference and its significance, filmstrips. */
export function CheckComparison({ pageId, a, b }: { pageId: string; a: string; b: string }) {
  const comparison = useComparison(pageId, a, b);
  if (comparison.isPending) return <Spinner size="sm" aria-label="Comparing the checks" />;
  if (comparison.isError) return <Alert variant="danger">{comparison.error.message}</Alert>;
  const { a: first, b: second, metrics, fingerprintsDiffer } = comparison.data;
  const labels = [dateTimeText(first.startedAt), dateTimeText(second.startedAt)];
  return (
    <div data-testid="check-comparison">
      {fingerprintsDiffer && (
        <Alert variant="warning" className="py-2" data-testid="comparison-fingerprints">
          The two checks were measured differently (another Lighthouse, browser, machine or
          throttling): part of a difference may come from the lab, not the page.
        </Alert>
      )}
      <Table responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="text-end">
              {labels[0]}
            </th>
            <th scope="col" className="text-end">
              {labels[1]}
            </th>
            <th scope="col" className="text-end">
              Difference
            </th>
            <th scope="col">Significant?</th>
          </tr>
        </thead>
        <tbody>
          {CHARTED_METRICS.map(({ key, title }) => {
            const row = metrics.find((m) => m.metric === key);
            if (!row) return null;
            return (
              <tr key={key} data-testid="comparison-row">
                <th scope="row" className="fw-normal">
                  {title}
                </th>
                <td className="text-end">{metricText(key, row.a)}</td>
                <td className="text-end">{metricText(key, row.b)}</td>
                <td
                  className={`text-end ${
                    row.significant && row.difference !== null
                      ? better(key, row.difference)
                        ? 'text-success'
                        : 'text-danger'
                      : ''
                  }`}
                >
                  {row.difference === null ? '-' : differenceText(key, row.difference)}
                </td>
                <td className="small">
                  {row.significant ? (
                    <Badge bg="dark">Yes</Badge>
                  ) : (
                    <span className="text-muted">No</span>
                  )}
                  {row.pValue !== null && (
                    <span className="text-muted"> (p = {row.pValue.toFixed(3)})</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-muted">
        Significant: the samples of the two checks differ by a two-sided Mann-Whitney U test (p
        below 0.05) and by more than the metric's usual noise.
      </p>
      <h3 className="h6 mt-3">Filmstrips, aligned in time</h3>
      <AlignedFilmstrips
        rows={[
          { label: labels[0]!, frames: first.filmstrip },
          { label: labels[1]!, frames: second.filmstrip },
        ]}
      />
    </div>
  );
}
