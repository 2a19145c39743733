import { useId } from 'react';
import type { Insight } from '@core/speed';
import { InsightRow } from './insight-row';

/**
 * The insights or the diagnostics: those to look at first, then the passed ones folded
 * away under their count.
 */
export function InsightGroup({
  title,
  shown,
  passed,
  pageUrl,
}: {
  /** 'Insights' or 'Diagnostics'. */
  title: string;
  shown: readonly Insight[];
  passed: readonly Insight[];
  pageUrl: string;
}) {
  const headingId = useId();
  if (shown.length === 0 && passed.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3"
      data-testid={`${title.toLowerCase()}-group`}
    >
      <h3 id={headingId} className="h6 mb-1">
        {title}
      </h3>
      {shown.length === 0 && <p className="small text-muted mb-1">Nothing to fix here.</p>}
      {shown.map((insight) => (
        <InsightRow key={insight.id} insight={insight} pageUrl={pageUrl} />
      ))}
      {passed.length > 0 && (
        <details className="sr-passed-insights" data-testid="passed-insights">
          <summary className="small">
            Passed {title.toLowerCase()} ({passed.length})
          </summary>
          {passed.map((insight) => (
            <InsightRow key={insight.id} insight={insight} pageUrl={pageUrl} />
          ))}
        </details>
      )}
    </section>
  );
}
