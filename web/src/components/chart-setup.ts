import annotationPlugin, { type AnnotationOptions } from 'chartjs-plugin-annotation';
import {
  Chart,
  type ChartOptions,
  type Scale,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ScriptableContext,
} from 'chart.js';

// Only what line charts with bands and marks need, so the charts' chunk stays small.
Chart.register(annotationPlugin, Filler, LinearScale, LineElement, PointElement, Tooltip);

/** Bootstrap's colours, as the rest of the app draws them. */
export const COLORS = {
  line: '#0d6efd',
  band: 'rgba(13, 110, 253, 0.15)',
  budget: '#dc3545',
  regression: '#dc3545',
  muted: '#6c757d',
  failed: '#b02a37',
  /** A page's origin beside the page itself (real-user history). */
  origin: '#6f42c1',
  /** Core Web Vitals' good and poor thresholds, in the colours of their bands. */
  good: '#0cce6b',
  poor: '#ff4e42',
} as const;

/** One colour per competitor, told apart from the domain's blue. */
export const COMPETITOR_COLORS = [
  '#fd7e14',
  '#20c997',
  '#6f42c1',
  '#d63384',
  '#198754',
  '#6c757d',
  '#0dcaf0',
  '#795548',
  '#ffc107',
  '#343a40',
] as const;

export type PointContext = ScriptableContext<'line'>;

/**
 * What every line chart here shares: it fills its box, draws at once, takes points as
 * given ({x, y}, y null for a gap) and answers the nearest point along x. Each chart says
 * what it draws in its own legend, so Chart.js's is off.
 */
export const LINE_CHART_BASE = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  parsing: false,
  interaction: { mode: 'nearest', axis: 'x', intersect: false },
} as const satisfies ChartOptions<'line'>;

export const NO_LEGEND = { display: false } as const;

/** A dashed horizontal line at `y`: a threshold or a budget. */
export function thresholdLine(
  y: number,
  color: string,
  dash: number[],
  width = 1,
): AnnotationOptions<'line'> {
  return {
    type: 'line',
    yMin: y,
    yMax: y,
    borderColor: color,
    borderDash: dash,
    borderWidth: width,
  };
}

/**
 * A linear x axis labelled only at the given values (points' own times or days), so close
 * points never repeat one label as Chart.js's round-number ticks would.
 */
export function labelledXAxis(axis: {
  min: number;
  max: number;
  ticks: readonly number[];
  label: (value: number) => string;
}) {
  return {
    type: 'linear',
    min: axis.min,
    max: axis.max,
    afterBuildTicks: (scale: Scale) => {
      scale.ticks = axis.ticks.map((value) => ({ value }));
    },
    ticks: { maxRotation: 0, callback: (value: number | string) => axis.label(Number(value)) },
  } as const;
}
