import { Line } from 'react-chartjs-2';
import type { FieldHistoryMetric, FieldHistorySeries } from '@core/schemas/tracking';
import {
  COLORS,
  LINE_CHART_BASE,
  NO_LEGEND,
  labelledXAxis,
  thresholdLine,
} from '../../components/chart-setup';
import { timeAxis } from './time-axis';
import { FIELD_HISTORY_AXES, dayTime, periodText } from './tracking-format';

interface Props {
  metric: FieldHistoryMetric;
  page: FieldHistorySeries | null;
  origin: FieldHistorySeries | null;
}

const FIELD_LINES = {
  page: { label: 'This page', color: COLORS.line, dash: [], css: 'solid' },
  origin: { label: 'Origin (all pages)', color: COLORS.origin, dash: [6, 3], css: 'dashed' },
} as const;

/** A legend entry: a short stroke drawn as the line is, and its name. */
function Key({ color, css, label }: { color: string; css: string; label: string }) {
  return (
    <li className="list-inline-item text-nowrap me-3">
      <span
        aria-hidden
        className="d-inline-block align-middle me-1"
        style={{ width: 20, borderTop: `2px ${css} ${color}` }}
      />
      {label}
    </li>
  );
}

const SCOPES = ['page', 'origin'] as const;

/** One series' points: x the period's last day, y its p75 in the axis unit, null a gap. */
function points(series: FieldHistorySeries | null, metric: FieldHistoryMetric) {
  const p75s = series?.p75[metric] ?? [];
  return (series?.periods ?? []).map((period, i) => {
    const p75 = p75s[i];
    return {
      x: dayTime(period.lastDate),
      y: p75 === null || p75 === undefined ? null : FIELD_HISTORY_AXES[metric].shown(p75),
    };
  });
}

/** `label`'s weeks with data and its latest p75, for the chart's description. */
function summary(label: string, series: FieldHistorySeries | null, metric: FieldHistoryMetric) {
  if (!series) return `${label}: no data`;
  const p75s = series.p75[metric] ?? [];
  const known = p75s.filter((value) => value !== null);
  const latest = p75s.at(-1);
  return (
    `${label}: ${known.length} of ${series.periods.length} weeks with data, ` +
    `latest ${latest === null || latest === undefined ? '-' : FIELD_HISTORY_AXES[metric].text(latest)}`
  );
}

/**
 * One real-user metric of a tracked page week by week: the page's p75 and its origin's,
 * each point a 28-day period at its last day. A week without enough data is a gap, never
 * a zero or a line drawn across it; a dotted line marks Core Web Vitals' 'good' limit.
 */
export default function FieldHistoryChart({ metric, page, origin }: Props) {
  const axis = FIELD_HISTORY_AXES[metric];
  const series = { page, origin };
  const lines = { page: points(page, metric), origin: points(origin, metric) };
  const time = timeAxis([...lines.page, ...lines.origin].map((point) => point.x));
  const periods = new Map(
    [...(origin?.periods ?? []), ...(page?.periods ?? [])].map((p) => [dayTime(p.lastDate), p]),
  );
  const description = `${axis.title} p75 per week. ${summary('This page', page, metric)}. ${summary('Origin', origin, metric)}.`;

  return (
    <>
      <div style={{ height: 220 }}>
        <Line
          role="img"
          aria-label={description}
          data-testid="field-history-chart"
          data-time-labels={time.ticks.map(time.label).join(' | ')}
          data={{
            datasets: SCOPES.map((scope) => ({
              label: FIELD_LINES[scope].label,
              data: lines[scope],
              borderColor: FIELD_LINES[scope].color,
              backgroundColor: FIELD_LINES[scope].color,
              borderDash: [...FIELD_LINES[scope].dash],
              borderWidth: 2,
              pointRadius: 2,
              // A week without data stays a gap.
              spanGaps: false,
            })),
          }}
          options={{
            ...LINE_CHART_BASE,
            plugins: {
              legend: NO_LEGEND,
              annotation: {
                annotations: {
                  good: thresholdLine(axis.shown(axis.good), COLORS.good, [2, 3], 1.5),
                },
              },
              tooltip: {
                callbacks: {
                  title: (items) => {
                    const period = periods.get(items[0]?.parsed.x ?? NaN);
                    return period ? periodText(period) : '';
                  },
                  label: (item) => {
                    const scope = SCOPES[item.datasetIndex]!;
                    const p75 = series[scope]?.p75[metric]?.[item.dataIndex];
                    return `${FIELD_LINES[scope].label}: ${p75 === null || p75 === undefined ? '-' : axis.text(p75)}`;
                  },
                },
              },
            },
            scales: {
              x: labelledXAxis(time),
              // Room above the highest week and the 'good' line, which stays in view.
              y: { beginAtZero: true, grace: '10%', suggestedMax: axis.shown(axis.good) },
            },
          }}
        />
      </div>
      <ul
        className="list-inline small text-body-secondary mt-2 mb-0"
        data-testid="field-history-legend"
      >
        {SCOPES.filter((scope) => series[scope]).map((scope) => (
          <Key key={scope} {...FIELD_LINES[scope]} />
        ))}
        <Key color={COLORS.good} css="dotted" label={`Good: ${axis.text(axis.good)} or less`} />
      </ul>
    </>
  );
}
