import type { SpeedClass } from '@core/metrics';

/**
 * A band's mark as Lighthouse draws it, a shape as well as a colour: a triangle fails, a
 * square needs improvement, a circle passes; a grey circle grades nothing.
 */
export function GradeMark({ band }: { band: SpeedClass | 'neutral' }) {
  return <span className={`sr-mark sr-mark-${band}`} aria-hidden="true" />;
}
