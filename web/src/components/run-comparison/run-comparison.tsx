import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import type { z } from 'zod';
import type { filmstripFrameSchema, metricComparisonSchema } from '@core/schemas/tracking';
import { measuredText } from '@core/speed-summary';
import { SHOWN_METRICS, metricText } from './metric-format';
import { AlignedFilmstrips } from './timed-filmstrip';

type MetricComparison = z.infer<typeof metricComparisonSchema>;
type Frame = z.infer<typeof filmstripFrameSchema>;

const MISSING_FRAMES = {
  checks: 'only the latest checks of a page keep their frames.',
  tests: 'no sample of that test finished with timed frames.',
} as const;

/** Lower is better for every lab metric but the score. */
const better = (metric: string, difference: number) =>
  metric === 'psi' ? difference > 0 : difference < 0;

function differenceText(metric: MetricComparison['metric'], difference: number) {
  const magnitude = measuredText(metric, Math.abs(difference));
  return `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${magnitude}`;
}

/**
 * Two runs side by side (two checks of a tracked page, or two speed tests of one URL):
 * each metric's medians, their difference and its significance, then both filmstrips on
 * one time grid. `what` names the two in the sentences: 'checks' or 'tests'.
 */
export function RunComparison({
  what,
  labels,
  metrics,
  fingerprintsDiffer,
  filmstrips,
}: {
  what: 'checks' | 'tests';
  labels: readonly [string, string];
  metrics: readonly MetricComparison[];
  fingerprintsDiffer: boolean;
  filmstrips: readonly [readonly Frame[], readonly Frame[]];
}) {
  return (
    <div data-testid={what === 'checks' ? 'check-comparison' : 'test-comparison'}>
      {fingerprintsDiffer && (
        <Alert variant="warning" className="py-2" data-testid="comparison-fingerprints">
          The two {what} were measured differently (another Lighthouse, browser, machine or
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
          {SHOWN_METRICS.map(({ key, title }) => {
            const row = metrics.find((m) => m.metric === key);
            if (!row) return null;
            return (
              <tr key={key} data-testid="comparison-row">
                <th scope="row" className="fw-normal">
                  {title}
                </th>
                <td className="text-end text-nowrap">{metricText(key, row.a)}</td>
                <td className="text-end text-nowrap">{metricText(key, row.b)}</td>
                <td
                  className={`text-end text-nowrap ${
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
        Significant: the samples of the two {what} differ by a two-sided Mann-Whitney U test (p
        below 0.05) and by more than the metric's usual noise.
      </p>
      <h3 className="h6 mt-3">Filmstrips, aligned in time</h3>
      <AlignedFilmstrips
        rows={[
          { label: labels[0], frames: filmstrips[0] },
          { label: labels[1], frames: filmstrips[1] },
        ]}
        missing={MISSING_FRAMES[what]}
      />
    </div>
  );
}
