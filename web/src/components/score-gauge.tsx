import { scoreClass, type SpeedClass } from '@core/metrics';

/** Circle of the gauge in a 100 × 100 box: the arc runs round it from the top, clockwise. */
const RADIUS = 44;
const STROKE = 8;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Written out whole so the class names can be found in the source. */
const BAND_CLASS: Record<SpeedClass, string> = {
  pass: 'sr-gauge sr-gauge-pass sr-pass',
  average: 'sr-gauge sr-gauge-average sr-average',
  fail: 'sr-gauge sr-gauge-fail sr-fail',
};

/** The arc's dash: its length for the score (clamped to 0-100), then a gap round the rest. */
export function gaugeDash(score: number): string {
  const shown = Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : 0;
  const length = (shown / 100) * CIRCUMFERENCE;
  return `${length.toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`;
}

interface Props {
  /** 0-100; its band from `scoreClass` colours the arc and, in a darker shade, the number. */
  score: number;
  /** The number as written (e.g. an average to one decimal); the rounded score otherwise. */
  text?: string;
  /** Diameter in px. */
  size?: number;
  'data-testid'?: string;
}

/**
 * A Lighthouse score as PageSpeed Insights draws it: the number in a ring whose arc is the
 * score, in the bright colour of its band; the number in the band's darker text shade.
 */
export function ScoreGauge({ score, text, size = 40, 'data-testid': testId }: Props) {
  const shown = text ?? String(Math.round(score));
  return (
    <span
      className={BAND_CLASS[scoreClass(score)]}
      style={{ width: size, height: size, fontSize: size * (shown.length > 3 ? 0.28 : 0.34) }}
      role="img"
      aria-label={`${shown} out of 100`}
      data-testid={testId}
    >
      <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true">
        <circle className="sr-gauge-fill" cx={50} cy={50} r={RADIUS} />
        <circle className="sr-gauge-track" cx={50} cy={50} r={RADIUS} strokeWidth={STROKE} />
        <circle
          className="sr-gauge-arc"
          cx={50}
          cy={50}
          r={RADIUS}
          strokeWidth={STROKE}
          strokeDasharray={gaugeDash(score)}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <span className="sr-gauge-value">{shown}</span>
    </span>
  );
}
