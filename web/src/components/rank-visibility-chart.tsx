import { Line } from 'react-chartjs-2';
import type { RankVisibility } from '@core/schemas/rank-visibility';
import {
  COLORS,
  COMPETITOR_COLORS,
  labelledXAxis,
  LINE_CHART_BASE,
  NO_LEGEND,
} from './chart-setup';
import { dayText } from './run-comparison/metric-format';

/** The colour of each series: the first tracked domain's blue, then one each. */
function seriesColor(report: RankVisibility, domain: string): string {
  const index = report.domains.findIndex((d) => d.domain === domain);
  return index === 0 ? COLORS.line : COMPETITOR_COLORS[(index - 1) % COMPETITOR_COLORS.length]!;
}

/**
 * Visibility a day, 0–100, a line per domain: a day whose checks read no first page is a
 * gap, never a zero.
 */
export default function RankVisibilityChart({ report }: { report: RankVisibility }) {
  // A day's point at its noon (UTC), labelled under it: the same day in any time zone.
  const xs = report.points.map((p) => Date.parse(`${p.date}T12:00:00Z`));
  const latest = report.points.findLast((p) => p.figures !== null);
  const description =
    `Visibility over ${report.points.length} days` +
    (latest
      ? `, latest on ${dayText(`${latest.date}T12:00:00Z`)}: ${latest
          .figures!.map((f) => `${f.domain} ${f.visibility} %`)
          .join(', ')}`
      : ', no day known') +
    '.';
  const day = 24 * 3600_000;
  return (
    <>
      <div style={{ height: 280 }}>
        <Line
          role="img"
          aria-label={description}
          data-testid="rank-visibility-chart"
          data={{
            datasets: report.domains.map(({ domain, tracked }) => ({
              label: domain,
              data: report.points.map((point, i) => ({
                x: xs[i]!,
                y: point.figures?.find((f) => f.domain === domain)?.visibility ?? null,
              })),
              borderColor: seriesColor(report, domain),
              backgroundColor: seriesColor(report, domain),
              borderWidth: tracked ? 2.5 : 1.5,
              ...(tracked ? {} : { borderDash: [5, 3] }),
              pointRadius: report.points.length > 31 ? 0 : 2,
              spanGaps: false,
              // A domain at 100 % sits on the top edge, drawn whole.
              clip: false as const,
            })),
          }}
          options={{
            ...LINE_CHART_BASE,
            plugins: {
              legend: NO_LEGEND,
              tooltip: {
                callbacks: {
                  title: (items) => {
                    const point = report.points[items[0]?.dataIndex ?? -1];
                    return point ? dayText(`${point.date}T12:00:00Z`) : '';
                  },
                  label: (item) => `${item.dataset.label}: ${item.parsed.y ?? '-'} %`,
                },
              },
            },
            scales: {
              x: labelledXAxis({
                min: xs[0]! - day / 2,
                max: xs.at(-1)! + day / 2,
                ticks: xs,
                label: (ms) => dayText(new Date(ms).toISOString()),
              }),
              y: {
                type: 'linear',
                min: 0,
                max: 100,
                title: { display: true, text: 'Visibility (%)' },
              },
            },
          }}
        />
      </div>
      <ul className="list-inline small mt-2" data-testid="rank-visibility-legend">
        {report.domains.map(({ domain, tracked }) => (
          <li key={domain} className="list-inline-item me-3">
            <span
              aria-hidden
              className="d-inline-block me-1 align-middle"
              style={{
                width: 18,
                borderTop: `3px ${tracked ? 'solid' : 'dashed'} ${seriesColor(report, domain)}`,
              }}
            />
            {domain}
          </li>
        ))}
      </ul>
    </>
  );
}
