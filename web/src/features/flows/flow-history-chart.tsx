import { Line } from 'react-chartjs-2';
import type { FlowRunHistoryEntry } from '@core/flows/flow-api';
import { LINE_CHART_BASE, NO_LEGEND, labelledXAxis } from '../../components/chart-setup';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { historyValueText, type HistoryLine, type StepHistory } from './flow-history';

/** Each line's colour and dash, told apart without colour too. */
const LINE_STYLES = [
  { color: '#0d6efd', dash: [] },
  { color: '#d63384', dash: [6, 3] },
  { color: '#198754', dash: [2, 2] },
  { color: '#fd7e14', dash: [8, 3, 2, 3] },
  { color: '#6f42c1', dash: [4, 4] },
] as const;

/** Most run labels under the chart: more crowd a phone's width. */
const MAX_TICKS = 5;

const DAY_MS = 24 * 3_600_000;

/** Within two days the hour tells runs apart; beyond, the day. */
function runLabel(iso: string, span: number) {
  const date = new Date(iso);
  return span < 2 * DAY_MS
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** Runs at evenly spaced places, labelled at up to MAX_TICKS of them, each label once. */
function runAxis(runs: readonly FlowRunHistoryEntry[]) {
  const last = Math.max(runs.length - 1, 0);
  const span = runs.length ? Date.parse(runs[last]!.createdAt) - Date.parse(runs[0]!.createdAt) : 0;
  const picked =
    runs.length <= MAX_TICKS
      ? runs.map((_, i) => i)
      : Array.from({ length: MAX_TICKS }, (_, i) => Math.round((i * last) / (MAX_TICKS - 1)));
  const label = (value: number) => {
    const run = runs[Math.round(value)];
    return run ? runLabel(run.createdAt, span) : '';
  };
  const ticks = picked.filter((value, i) => i === 0 || label(value) !== label(picked[i - 1]!));
  return { min: -0.5, max: last + 0.5, ticks, label };
}

const rightTitle = (chart: StepHistory) =>
  chart.lines.some((line) => line.metric.axis === 'score') ? 'Score' : 'CLS';

/** A line's legend text: its metric and the axis it reads on. */
function legendText(chart: StepHistory, line: HistoryLine) {
  const axis = line.metric.axis === 'time' ? `left, ${chart.timeUnit}` : 'right';
  return `${line.metric.label} (${axis})`;
}

/**
 * A measured step over the flow's runs: one line per metric, timings on the left axis (s for
 * page loads, ms for timespans), the score or CLS on the right; a gap where the step was not
 * measured. The legend is the page's own, so that it wraps on a phone.
 */
export default function FlowHistoryChart({
  chart,
  runs,
  height,
}: {
  chart: StepHistory;
  runs: readonly FlowRunHistoryEntry[];
  height: number;
}) {
  const axis = runAxis(runs);
  const right = chart.lines.some((line) => line.metric.axis !== 'time');
  const left = chart.lines.some((line) => line.metric.axis === 'time');
  const latest = chart.lines
    .map(
      (line) =>
        `${line.metric.label} ${historyValueText(line.metric, chart.timeUnit, line.values.at(-1) ?? null)}`,
    )
    .join(', ');
  const description = `${chart.name}: ${runs.length} ${runs.length === 1 ? 'run' : 'runs'}; latest ${latest}.`;
  return (
    <>
      <ul className="list-inline small mb-1" aria-hidden>
        {chart.lines.map((line, i) => {
          const style = LINE_STYLES[i % LINE_STYLES.length]!;
          return (
            <li key={line.metric.key} className="list-inline-item text-nowrap">
              <svg width="18" height="8" className="me-1" aria-hidden>
                <line
                  x1="0"
                  y1="4"
                  x2="18"
                  y2="4"
                  stroke={style.color}
                  strokeWidth="2"
                  strokeDasharray={style.dash.join(' ')}
                />
              </svg>
              {legendText(chart, line)}
            </li>
          );
        })}
      </ul>
      <div style={{ height }}>
        <Line
          role="img"
          aria-label={description}
          data-testid="flow-history-chart"
          data={{
            datasets: chart.lines.map((line, i) => {
              const style = LINE_STYLES[i % LINE_STYLES.length]!;
              return {
                label: line.metric.label,
                data: line.values.map((y, x) => ({ x, y })),
                yAxisID: line.metric.axis === 'time' ? 'y' : 'y1',
                borderColor: style.color,
                backgroundColor: style.color,
                borderDash: [...style.dash],
                borderWidth: 2,
                pointRadius: 3,
                spanGaps: false,
                clip: false as const,
              };
            }),
          }}
          options={{
            ...LINE_CHART_BASE,
            plugins: {
              legend: NO_LEGEND,
              tooltip: {
                callbacks: {
                  title: (items) => {
                    const run = runs[items[0]?.dataIndex ?? -1];
                    return run ? dateTimeText(run.createdAt) : '';
                  },
                  label: (item) => {
                    const line = chart.lines[item.datasetIndex];
                    if (!line) return '';
                    const value = line.values[item.dataIndex] ?? null;
                    return `${line.metric.label}: ${historyValueText(line.metric, chart.timeUnit, value)}`;
                  },
                },
              },
            },
            scales: {
              x: labelledXAxis(axis),
              y: {
                display: left,
                position: 'left',
                beginAtZero: true,
                grace: '10%',
                title: { display: true, text: chart.timeUnit },
              },
              y1: {
                display: right,
                position: 'right',
                grid: { drawOnChartArea: false },
                title: { display: true, text: rightTitle(chart) },
                ...(rightTitle(chart) === 'Score'
                  ? { min: 0, max: 100 }
                  : { beginAtZero: true, grace: '10%' }),
              },
            },
          }}
        />
      </div>
    </>
  );
}
