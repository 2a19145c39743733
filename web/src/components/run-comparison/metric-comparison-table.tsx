import Table from 'react-bootstrap/Table';
import { SHOWN_METRICS, metricText } from './metric-format';
import {
  differenceClass,
  differenceText,
  Significance,
  type MetricComparison,
} from './metric-difference';

/** Each metric a row: both medians, their difference and its significance in columns. */
export function MetricComparisonTable({
  labels,
  metrics,
}: {
  labels: readonly [string, string];
  metrics: readonly MetricComparison[];
}) {
  return (
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
              <td className={`text-end text-nowrap ${differenceClass(row)}`}>
                {differenceText(row)}
              </td>
              <td className="small">
                <Significance row={row} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
