import { SCORE_LEGEND } from '@core/metrics';

/** The score scale: 0-49 fail, 50-89 average, 90-100 pass, each with its colour. */
export function ScoreLegend({ className = '' }: { className?: string }) {
  return (
    <div className={`small gap-3 ${className}`} aria-label="Score scale">
      {SCORE_LEGEND.map((band) => (
        <span key={band.range}>
          <span className={`sr-legend-dot ${band.cls}`} />
          {band.range} {band.cls}
        </span>
      ))}
    </div>
  );
}
