import { useId, useState } from 'react';
import ToggleButton from 'react-bootstrap/ToggleButton';
import type { Insight } from '@core/speed';
import { InsightGroup } from './insight-group';
import {
  INSIGHT_METRICS,
  noInsightsText,
  partitionInsights,
  type InsightFilter,
} from './insight-format';

const FILTERS: readonly InsightFilter[] = ['all', ...INSIGHT_METRICS];

/** PageSpeed Insights' 'Show audits relevant to': native radios drawn as chips. */
function InsightFilterChips({
  value,
  onChange,
}: {
  value: InsightFilter;
  onChange(filter: InsightFilter): void;
}) {
  const id = useId();
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-1"
      role="radiogroup"
      aria-labelledby={`${id}-label`}
    >
      <span id={`${id}-label`} className="small me-1">
        Show insights relevant to:
      </span>
      {FILTERS.map((filter) => (
        <ToggleButton
          key={filter}
          id={`${id}-${filter}`}
          name={`${id}-filter`}
          type="radio"
          size="sm"
          variant="outline-secondary"
          value={filter}
          checked={value === filter}
          onChange={() => onChange(filter)}
        >
          {filter === 'all' ? 'All' : filter}
        </ToggleButton>
      ))}
    </div>
  );
}

/**
 * What Lighthouse says to fix and how the page loaded, as PageSpeed Insights shows it: the
 * insights, then the diagnostics, each failed first with the passed ones folded, filtered by
 * the metric they would improve. A result measured before insights were kept says so.
 */
export function LabInsights({
  insights,
  lighthouseVersion,
  pageUrl,
  caption,
}: {
  insights: readonly Insight[] | undefined;
  lighthouseVersion: string | null | undefined;
  pageUrl: string;
  /** Which run they come from, when it is one of several. */
  caption?: string;
}) {
  const [filter, setFilter] = useState<InsightFilter>('all');
  if (!insights) {
    return (
      <p className="small text-muted mt-3 mb-0" data-testid="no-insights">
        {noInsightsText(lighthouseVersion)}
      </p>
    );
  }
  const found = partitionInsights(insights, 'insight', filter);
  const diagnostics = partitionInsights(insights, 'diagnostic', filter);
  const none = [found, diagnostics].every((g) => g.shown.length + g.passed.length === 0);
  return (
    <div className="mt-3" data-testid="lab-insights">
      {caption && <p className="small text-muted mb-2">{caption}</p>}
      {insights.some((i) => i.metricSavings) && (
        <InsightFilterChips value={filter} onChange={setFilter} />
      )}
      {none && (
        <p className="small text-muted mt-2 mb-0">
          {filter === 'all'
            ? 'Lighthouse reported no insights for this page.'
            : `No insight would improve ${filter}.`}
        </p>
      )}
      <InsightGroup title="Insights" {...found} pageUrl={pageUrl} />
      <InsightGroup title="Diagnostics" {...diagnostics} pageUrl={pageUrl} />
    </div>
  );
}
