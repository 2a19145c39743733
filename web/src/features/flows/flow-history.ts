import type { FlowRunHistoryEntry } from '@core/flows/flow-api';
import { groupedNumber } from '@core/number-text';

/** Where a metric's line is drawn: the time axis (left), or the right one (score or CLS). */
export type HistoryAxis = 'time' | 'score' | 'cls';

export interface HistoryMetric {
  key: string;
  label: string;
  axis: HistoryAxis;
}

/**
 * The lines of each measured kind's chart. A page load's timings share the left axis in
 * seconds, its score the right one (0-100); a timespan's TBT and INP share the left axis in
 * ms, its CLS the right one. A snapshot measures no timings: it has no chart.
 */
export const HISTORY_METRICS = {
  navigation: [
    { key: 'psi', label: 'Performance score', axis: 'score' },
    { key: 'fcp', label: 'FCP', axis: 'time' },
    { key: 'lcp', label: 'LCP', axis: 'time' },
    { key: 'si', label: 'Speed Index', axis: 'time' },
    { key: 'tbt', label: 'TBT', axis: 'time' },
  ],
  timespan: [
    { key: 'tbt', label: 'TBT', axis: 'time' },
    { key: 'inp', label: 'INP', axis: 'time' },
    { key: 'cls', label: 'CLS', axis: 'cls' },
  ],
} as const satisfies Record<'navigation' | 'timespan', readonly HistoryMetric[]>;

export type ChartedKind = keyof typeof HISTORY_METRICS;

export interface HistoryLine {
  metric: HistoryMetric;
  /** Per run, in the unit its axis shows; null where the step was not measured. */
  values: (number | null)[];
}

/** One measured step over the runs. */
export interface StepHistory {
  key: string;
  name: string;
  kind: ChartedKind;
  /** The time axis's unit: seconds for page loads, ms for timespans. */
  timeUnit: 's' | 'ms';
  lines: HistoryLine[];
}

export interface FlowHistory {
  /** The runs that measured something, oldest first: the charts' x positions. */
  runs: FlowRunHistoryEntry[];
  charts: StepHistory[];
  /** Snapshot steps seen, which have no chart. */
  snapshots: number;
}

/** A value as its axis shows it: the score 0-100, page-load timings in s, others as sent. */
function shown(metric: HistoryMetric, unit: 's' | 'ms', value: number | undefined) {
  if (value === undefined || !Number.isFinite(value)) return null;
  if (metric.axis === 'score') return Math.round(value * 100);
  if (metric.axis === 'time' && unit === 's') return value / 1000;
  return value;
}

/** A value on the chart as words: '87', '2.41 s', '320 ms', '0.104'. */
export function historyValueText(
  metric: HistoryMetric,
  unit: 's' | 'ms',
  value: number | null,
): string {
  if (value === null) return 'not measured';
  if (metric.axis === 'score') return String(Math.round(value));
  if (metric.axis === 'cls') return value.toFixed(3);
  return unit === 's' ? `${value.toFixed(2)} s` : `${groupedNumber(Math.round(value))} ms`;
}

/**
 * A flow's history as charts, one per measured step with metrics. Steps are matched across
 * runs by kind and name (and which of the same name it is), so that a step added to the
 * flow later does not shift the others; the newest run's order comes first. A run that
 * measured nothing (queued, running, could not run) has no point; a step that failed or did
 * not run in a run is a gap, never a zero.
 */
export function flowHistory(newestFirst: readonly FlowRunHistoryEntry[]): FlowHistory {
  const runs = newestFirst.filter((run) => run.steps.length > 0).reverse();
  const keyed = runs.map((run) => {
    const seen = new Map<string, number>();
    return run.steps.map((step) => {
      const base = `${step.kind}\u0000${step.name}`;
      const nth = (seen.get(base) ?? 0) + 1;
      seen.set(base, nth);
      return { key: `${base}\u0000${nth}`, step };
    });
  });
  const order: { key: string; name: string; kind: FlowRunHistoryEntry['steps'][number]['kind'] }[] =
    [];
  for (const steps of [...keyed].reverse()) {
    for (const { key, step } of steps) {
      if (!order.some((o) => o.key === key)) order.push({ key, name: step.name, kind: step.kind });
    }
  }
  const charts: StepHistory[] = [];
  let snapshots = 0;
  for (const { key, name, kind } of order) {
    if (kind === 'snapshot') {
      snapshots++;
      continue;
    }
    const timeUnit = kind === 'navigation' ? 's' : 'ms';
    const lines = HISTORY_METRICS[kind]
      .map((metric) => ({
        metric,
        values: keyed.map((steps) => {
          const step = steps.find((s) => s.key === key)?.step;
          return step?.status === 'done' ? shown(metric, timeUnit, step.values[metric.key]) : null;
        }),
      }))
      .filter((line) => line.values.some((value) => value !== null));
    if (lines.length > 0) charts.push({ key, name, kind, timeUnit, lines });
  }
  return { runs, charts, snapshots };
}
