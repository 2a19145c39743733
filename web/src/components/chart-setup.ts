import annotationPlugin from 'chartjs-plugin-annotation';
import {
  Chart,
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

export type PointContext = ScriptableContext<'line'>;
