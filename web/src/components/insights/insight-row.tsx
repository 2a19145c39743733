import type { Insight } from '@core/speed';
import { GradeMark } from '../grade-mark';
import { InsightItemsTable } from './insight-items-table';
import { insightBand, insightState, savingsText, type InsightState } from './insight-format';
import { LighthouseText } from './lighthouse-text';

const STATE_WORDS: Record<InsightState, string> = {
  failed: 'To fix',
  informative: 'For information',
  passed: 'Passed',
};

/**
 * One insight or diagnostic, folded to its title and estimated savings (Lighthouse's own
 * summary where it estimates none); open, what it means and what it is about.
 */
export function InsightRow({ insight, pageUrl }: { insight: Insight; pageUrl: string }) {
  const state = insightState(insight);
  const band = insightBand(insight);
  const figure = savingsText(insight) ?? insight.displayValue;
  return (
    <details className="sr-insight" data-testid="insight" data-state={state}>
      <summary>
        <GradeMark band={band} />
        <span className="visually-hidden">{STATE_WORDS[state]}: </span>
        <span className="fw-semibold" data-testid="insight-title">
          {insight.title}
        </span>
        {figure && (
          <span
            // One piece: on a narrow screen it moves under the title whole.
            className={`d-inline-block ms-2 ${state === 'failed' ? `sr-${band}` : 'text-muted'}`}
            data-testid="insight-savings"
          >
            {figure}
          </span>
        )}
      </summary>
      <div className="sr-insight-body">
        <p className="mb-2">
          <LighthouseText markdown={insight.description} />
        </p>
        <InsightItemsTable items={insight.items} pageUrl={pageUrl} />
      </div>
    </details>
  );
}
