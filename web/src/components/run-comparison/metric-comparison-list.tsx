import { SHOWN_METRICS, metricText } from './metric-format';
import {
  differenceClass,
  differenceText,
  Significance,
  type MetricComparison,
} from './metric-difference';

/**
 * The comparison on a phone, where five columns do not fit: each metric under its title,
 * both medians side by side, then their difference and its significance.
 */
export function MetricComparisonList({
  labels,
  metrics,
}: {
  labels: readonly [string, string];
  metrics: readonly MetricComparison[];
}) {
  return (
    <ul className="list-unstyled border-top mb-2" aria-label="Metrics compared">
      {SHOWN_METRICS.map(({ key, title }) => {
        const row = metrics.find((m) => m.metric === key);
        if (!row) return null;
        return (
          <li key={key} className="border-bottom py-2" data-testid="comparison-row">
            <div className="fw-semibold">{title}</div>
            <dl className="row row-cols-2 gx-2 small mb-0">
              <div className="col">
                <dt className="fw-normal text-muted">{labels[0]}</dt>
                <dd className="mb-1">{metricText(key, row.a)}</dd>
              </div>
              <div className="col">
                <dt className="fw-normal text-muted">{labels[1]}</dt>
                <dd className="mb-1">{metricText(key, row.b)}</dd>
              </div>
              <div className="col">
                <dt className="fw-normal text-muted">Difference</dt>
                <dd className={`mb-0 ${differenceClass(row)}`}>{differenceText(row)}</dd>
              </div>
              <div className="col">
                <dt className="fw-normal text-muted">Significant?</dt>
                <dd className="mb-0">
                  <Significance row={row} />
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
