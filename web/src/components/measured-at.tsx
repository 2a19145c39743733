import type { RunResult } from '@core/speed';
import { labSourceText, measuredText, measuredTime } from './measured-at-text';
import { useNow } from './use-now';

/**
 * Where a figure comes from: when it was measured (the full time on hover), whether it is a
 * cached earlier measurement, and which Lighthouse measured it where.
 */
export function MeasuredAt({
  measuredAt,
  cached = false,
  source,
  lighthouseVersion,
  className = '',
}: {
  measuredAt: string | undefined;
  cached?: boolean;
  source: RunResult['source'];
  lighthouseVersion: string | null | undefined;
  className?: string;
}) {
  const now = useNow();
  const at = measuredTime(measuredAt);
  const when = measuredText(at, cached, now);
  return (
    <p className={`small text-muted mb-0 ${className}`} data-testid="measured-at">
      {when && at ? (
        <time
          dateTime={at}
          title={new Date(at).toLocaleString(undefined, {
            dateStyle: 'full',
            timeStyle: 'long',
          })}
        >
          {when}
        </time>
      ) : (
        when
      )}
      {when && ' · '}
      {labSourceText(source, lighthouseVersion)}
    </p>
  );
}
