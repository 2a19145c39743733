import type { AnnotationOptions } from 'chartjs-plugin-annotation';
import { Line } from 'react-chartjs-2';
import type { TrackingCheck } from '@core/schemas/tracking';
import { formatMetric, type LabKey } from '@core/speed-summary';
import {
  COLORS,
  LINE_CHART_BASE,
  NO_LEGEND,
  labelledXAxis,
  thresholdLine,
  type PointContext,
} from '../../components/chart-setup';
import { timeAxis } from './time-axis';
import { dateTimeText, metricText } from './tracking-format';

interface Props {
  metric: LabKey;
  title: string;
  /** Oldest first. */
  checks: readonly TrackingCheck[];
  /** The budget in the metric's API unit (ms for timings). */
  budget: number | undefined;
  onSelect(checkId: string): void;
}

/** In the unit the axis shows: seconds for timings, ms for TBT, as the speed test writes them. */
const shown = (metric: LabKey, value: number | null | undefined) =>
  value === null || value === undefined ? null : formatMetric(metric, value).value;

function spread(check: TrackingCheck, metric: LabKey): [number, number] | null {
  const values = check.samples.flatMap((s) => {
    const value = s.metrics?.[metric];
    return value === null || value === undefined ? [] : [value];
  });
  return values.length ? [Math.min(...values), Math.max(...values)] : null;
}

const DATASET = { high: 0, low: 1, median: 2, failed: 3 } as const;

function sampleLine(check: TrackingCheck, metric: LabKey, range: [number, number] | null) {
  const good = check.samples.filter((s) => s.metrics).length;
  const failed = check.samples.length - good;
  const measured =
    range && good > 1
      ? `Samples ${metricText(metric, range[0])} – ${metricText(metric, range[1])} (${good})`
      : `${good} ${good === 1 ? 'sample' : 'samples'}`;
  return failed ? `${measured}; ${failed} failed` : measured;
}

/**
 * One metric of a tracked page over time: each check's median as a point, its samples'
 * range as a band, the budget as a line. A failed check is a gap with a cross on the axis,
 * never a zero; a dashed line marks where the measurement changed (another Lighthouse,
 * browser or machine). A click on a point opens that check.
 */
export default function HistoryChart({ metric, title, checks, budget, onSelect }: Props) {
  const xs = checks.map((c) => Date.parse(c.startedAt));
  const ranges = checks.map((c) => spread(c, metric));
  const medians = checks.map((c) => shown(metric, c.median?.[metric]));
  const budgetShown = shown(metric, budget);
  const axis = timeAxis(xs);
  const failedCount = checks.filter((c) => c.state === 'failed').length;
  const changes = checks.filter((c) => c.fingerprintChanged).length;
  const description =
    `${title}: ${checks.length} ${checks.length === 1 ? 'check' : 'checks'} from ${checks[0] ? dateTimeText(checks[0].startedAt) : '-'}; ` +
    `latest ${metricText(metric, checks.at(-1)?.median?.[metric])}` +
    (failedCount ? `; ${failedCount} failed` : '') +
    (changes ? `; measurement changed ${changes === 1 ? 'once' : `${changes} times`}` : '') +
    '.';

  const annotations: Record<string, AnnotationOptions> = {};
  if (budgetShown !== null) {
    annotations.budget = thresholdLine(budgetShown, COLORS.budget, [6, 4], 1.5);
  }
  checks.forEach((check, i) => {
    if (!check.fingerprintChanged) return;
    annotations[`fingerprint-${i}`] = {
      type: 'line',
      xMin: xs[i],
      xMax: xs[i],
      borderColor: COLORS.muted,
      borderDash: [3, 3],
      borderWidth: 1,
      label: {
        display: true,
        content: 'Measurement changed',
        position: 'start',
        font: { size: 10 },
        backgroundColor: 'rgba(108, 117, 125, 0.85)',
      },
    };
  });

  return (
    <div style={{ height: 220 }}>
      <Line
        role="img"
        aria-label={description}
        data-testid="history-chart"
        // The time labels the canvas draws, readable where the canvas is not (browser tests).
        data-time-labels={axis.ticks.map(axis.label).join(' | ')}
        data={{
          datasets: [
            {
              label: 'Highest sample',
              data: xs.map((x, i) => ({ x, y: shown(metric, ranges[i]?.[1]) })),
              borderWidth: 0,
              pointRadius: 0,
              pointHitRadius: 0,
              spanGaps: false,
            },
            {
              label: 'Lowest sample',
              data: xs.map((x, i) => ({ x, y: shown(metric, ranges[i]?.[0]) })),
              borderWidth: 0,
              pointRadius: 0,
              pointHitRadius: 0,
              backgroundColor: COLORS.band,
              fill: '-1',
              spanGaps: false,
            },
            {
              label: 'Median',
              data: xs.map((x, i) => ({ x, y: medians[i] ?? null })),
              borderColor: COLORS.line,
              backgroundColor: COLORS.line,
              borderWidth: 2,
              spanGaps: false,
              pointRadius: (ctx: PointContext) => (checks[ctx.dataIndex]?.regression ? 5 : 3),
              pointBackgroundColor: (ctx: PointContext) =>
                checks[ctx.dataIndex]?.regression ? COLORS.regression : COLORS.line,
              pointBorderColor: (ctx: PointContext) =>
                checks[ctx.dataIndex]?.regression ? COLORS.regression : COLORS.line,
              // A score of 100 sits on the top edge: its point shows whole.
              clip: false,
            },
            {
              label: 'Failed check',
              data: xs.map((x, i) => ({ x, y: checks[i]?.state === 'failed' ? 0 : null })),
              showLine: false,
              pointStyle: 'crossRot',
              pointRadius: 7,
              pointBorderWidth: 2,
              borderColor: COLORS.failed,
              backgroundColor: COLORS.failed,
              // The crosses sit on the axis: whole, not cut in half by it.
              clip: false,
            },
          ],
        }}
        options={{
          ...LINE_CHART_BASE,
          onClick: (_event, elements) => {
            const hit = elements.find(
              (e) => e.datasetIndex === DATASET.median || e.datasetIndex === DATASET.failed,
            );
            const check = hit && checks[hit.index];
            if (check) onSelect(check.id);
          },
          onHover: (event, elements) => {
            const target = event.native?.target;
            if (target instanceof HTMLElement) {
              target.style.cursor = elements.length ? 'pointer' : 'default';
            }
          },
          plugins: {
            legend: NO_LEGEND,
            annotation: { annotations },
            tooltip: {
              filter: (item) =>
                item.datasetIndex === DATASET.median || item.datasetIndex === DATASET.failed,
              callbacks: {
                title: (items) => {
                  const check = checks[items[0]?.dataIndex ?? -1];
                  return check ? dateTimeText(check.startedAt) : '';
                },
                label: (item) => {
                  const check = checks[item.dataIndex];
                  if (!check) return '';
                  if (item.datasetIndex === DATASET.failed) {
                    return ['Check failed: no sample measured', 'Click for the reasons'];
                  }
                  return [
                    `Median ${metricText(metric, check.median?.[metric])}`,
                    sampleLine(check, metric, ranges[item.dataIndex] ?? null),
                    ...(budget === undefined ? [] : [`Budget ${metricText(metric, budget)}`]),
                    ...(check.regression ? ['Regression'] : []),
                    ...(check.fingerprintChanged ? ['Measured otherwise than before'] : []),
                    'Click for the samples and filmstrip',
                  ];
                },
              },
            },
          },
          scales: {
            x: labelledXAxis(axis),
            // Headroom over the highest point, so that it is not drawn on the edge.
            y: metric === 'psi' ? { min: 0, max: 100 } : { beginAtZero: true, grace: '10%' },
          },
        }}
      />
    </div>
  );
}
