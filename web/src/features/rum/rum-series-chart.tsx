import { Line } from 'react-chartjs-2';
import { RUM_METRICS, type RumMetric } from '@core/rum/metrics';
import { RUM_METRIC_TITLES, rumValueText } from '@core/rum/metric-text';
import type { RumSummaryResponse } from '@core/schemas/rum';
import {
  COLORS,
  LINE_CHART_BASE,
  NO_LEGEND,
  labelledXAxis,
  thresholdLine,
} from '../../components/chart-setup';
import { dayText, daysOf } from './rum-format';

/** Most day labels under a chart: more crowd a phone's width. */
const MAX_DAY_TICKS = 5;

/** The axis shows what the tile writes: seconds for page-load timings, ms for INP. */
const inSeconds = (metric: RumMetric) => RUM_METRICS[metric].unit === 'ms' && metric !== 'INP';
const AXIS_UNIT = (metric: RumMetric) =>
  metric === 'CLS' ? 'score' : inSeconds(metric) ? 's' : 'ms';
const shown = (metric: RumMetric, value: number) => (inSeconds(metric) ? value / 1000 : value);

/** Label positions: the first and last day and evenly between, each day once. */
function dayTicks(count: number): number[] {
  if (count <= MAX_DAY_TICKS) return Array.from({ length: count }, (_, i) => i);
  const picked = Array.from({ length: MAX_DAY_TICKS }, (_, i) =>
    Math.round((i * (count - 1)) / (MAX_DAY_TICKS - 1)),
  );
  return [...new Set(picked)];
}

/**
 * One metric's p75 on each day of the window, with its good and poor thresholds as dashed
 * lines. A day without page views is a gap, never a zero.
 */
export default function RumSeriesChart({
  metric,
  summary,
}: {
  metric: RumMetric;
  summary: Pick<RumSummaryResponse, 'from' | 'to' | 'series'>;
}) {
  const days = daysOf(summary.from, summary.to);
  const byDay = new Map(summary.series.map((entry) => [entry.day, entry.metrics[metric]]));
  const figures = days.map((day) => byDay.get(day));
  const measured = days.filter((_, i) => figures[i]);
  const lastDay = measured.at(-1);
  const last = lastDay ? byDay.get(lastDay) : undefined;
  const { good, poor } = RUM_METRICS[metric];
  const description =
    `${RUM_METRIC_TITLES[metric]}, p75 per day from ${dayText(summary.from)} to ${dayText(summary.to)}: ` +
    `${measured.length} ${measured.length === 1 ? 'day' : 'days'} with page views` +
    (last && lastDay ? `; ${rumValueText(metric, last.p75)} on ${dayText(lastDay)}` : '') +
    '.';
  const threshold = (value: number, color: string) =>
    thresholdLine(shown(metric, value), color, [6, 4]);

  return (
    <div style={{ height: 180 }}>
      <Line
        role="img"
        aria-label={description}
        data-testid="rum-series-chart"
        data-metric={metric}
        data={{
          datasets: [
            {
              label: `${metric} p75`,
              data: figures.map((entry, x) => ({
                x,
                y: entry ? shown(metric, entry.p75) : null,
              })),
              borderColor: COLORS.line,
              backgroundColor: COLORS.line,
              borderWidth: 2,
              pointRadius: 3,
              spanGaps: false,
            },
          ],
        }}
        options={{
          ...LINE_CHART_BASE,
          plugins: {
            legend: NO_LEGEND,
            annotation: {
              annotations: {
                good: threshold(good, COLORS.good),
                poor: threshold(poor, COLORS.poor),
              },
            },
            tooltip: {
              callbacks: {
                title: (items) => dayText(days[items[0]?.dataIndex ?? 0] ?? summary.from),
                label: (item) => {
                  const entry = figures[item.dataIndex];
                  if (!entry) return '';
                  const samples = `${entry.samples} ${entry.samples === 1 ? 'sample' : 'samples'}`;
                  return `p75 ${rumValueText(metric, entry.p75)} (${samples})`;
                },
              },
            },
          },
          scales: {
            x: labelledXAxis({
              min: -0.5,
              max: days.length - 0.5,
              ticks: dayTicks(days.length),
              label: (value) => {
                const day = days[value];
                return day ? dayText(day) : '';
              },
            }),
            y: {
              beginAtZero: true,
              // Room for the poor threshold, so both lines show even on a good site.
              suggestedMax: shown(metric, poor) * 1.15,
              title: { display: true, text: AXIS_UNIT(metric) },
            },
          },
        }}
      />
    </div>
  );
}
