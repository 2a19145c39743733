import { useState } from 'react';
import Nav from 'react-bootstrap/Nav';
import { scoreClass } from '@core/metrics';
import {
  CATEGORY_KEYS,
  CATEGORY_TITLES,
  versionHasCategory,
  type AuditOutcome,
  type Categories,
  type CategoryAudit,
  type CategoryResult,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import { GradeMark } from '../grade-mark';
import { InsightItemsTable } from '../insights/insight-items-table';
import { LighthouseText } from '../insights/lighthouse-text';
import { ScoreGauge } from '../score-gauge';

/** The folded lists after the failed audits, in the report's order. */
const FOLDED: { outcome: AuditOutcome; title: string }[] = [
  { outcome: 'error', title: 'Could not run' },
  { outcome: 'informative', title: 'For information' },
  { outcome: 'manual', title: 'Additional items to manually check' },
  { outcome: 'passed', title: 'Passed audits' },
  { outcome: 'notApplicable', title: 'Not applicable' },
];

const MANUAL_NOTE =
  'These items address areas which an automated testing tool cannot cover. Check them yourself.';

function AuditRow({ audit, pageUrl }: { audit: CategoryAudit; pageUrl: string }) {
  const band =
    audit.outcome === 'failed'
      ? scoreClass((audit.score ?? 0) * 100)
      : audit.outcome === 'passed'
        ? 'pass'
        : 'neutral';
  return (
    <details className="sr-insight" data-testid="category-audit" data-outcome={audit.outcome}>
      <summary>
        <GradeMark band={band} />
        <span className="fw-semibold" data-testid="category-audit-title">
          <LighthouseText markdown={audit.title} />
        </span>
        {audit.displayValue && (
          <span className="d-inline-block ms-2 text-muted">{audit.displayValue}</span>
        )}
      </summary>
      <div className="sr-insight-body">
        <p className="mb-2">
          <LighthouseText markdown={audit.description} />
        </p>
        <InsightItemsTable items={audit.items} pageUrl={pageUrl} />
      </div>
    </details>
  );
}

/** One category's audits: the failed open in a list, the others folded by outcome. */
function CategoryAudits({
  title,
  category,
  pageUrl,
}: {
  title: string;
  category: CategoryResult;
  pageUrl: string;
}) {
  const failed = category.audits.filter((audit) => audit.outcome === 'failed');
  return (
    <div data-testid="category-audits">
      {category.score === null && (
        <p className="small text-muted" data-testid="category-unscored">
          Lighthouse could not score {title}: an audit it needs could not run.
        </p>
      )}
      {failed.length === 0 ? (
        <p className="small text-muted mb-2" data-testid="no-failed-audits">
          No failed audits.
        </p>
      ) : (
        <div className="mb-2" data-testid="failed-audits">
          {failed.map((audit) => (
            <AuditRow key={audit.id} audit={audit} pageUrl={pageUrl} />
          ))}
        </div>
      )}
      {FOLDED.map(({ outcome, title: listTitle }) => {
        const audits = category.audits.filter((audit) => audit.outcome === outcome);
        if (audits.length === 0) return null;
        return (
          <details key={outcome} className="sr-passed-insights" data-testid={`audits-${outcome}`}>
            <summary>
              {listTitle} ({audits.length})
            </summary>
            {outcome === 'manual' && <p className="small text-muted ms-3 mb-1">{MANUAL_NOTE}</p>}
            {audits.map((audit) => (
              <AuditRow key={audit.id} audit={audit} pageUrl={pageUrl} />
            ))}
          </details>
        );
      })}
    </div>
  );
}

/**
 * The Lighthouse categories a run measured beside performance, as PageSpeed Insights shows
 * them: a gauge per category (performance's too, its details above), and for the chosen
 * one its failed audits with their elements and URLs, then the rest folded. A category the
 * run asked for and did not get says why: not in this Lighthouse, or not measured.
 */
export function CategoryReport({
  categories,
  asked,
  lighthouseVersion,
  pageUrl,
}: {
  categories: Categories | undefined;
  /** The categories the run asked for beside performance. */
  asked: readonly OptionalCategory[];
  lighthouseVersion: string | null | undefined;
  pageUrl: string;
}) {
  const [chosen, setChosen] = useState<OptionalCategory | null>(null);
  if (asked.length === 0) return null;
  const active = chosen && asked.includes(chosen) ? chosen : asked[0]!;
  const result = categories?.[CATEGORY_KEYS[active]];
  const performance = categories?.performance.score;
  const missingWhy = (id: OptionalCategory) =>
    versionHasCategory(lighthouseVersion, id)
      ? 'Not measured in this run.'
      : `Not in Lighthouse ${lighthouseVersion ?? 'of this source'}.`;
  return (
    <section className="mt-4" aria-labelledby="categories-heading" data-testid="category-report">
      <h3 className="h6" id="categories-heading">
        Lighthouse categories
      </h3>
      {typeof performance === 'number' && (
        <div
          className="d-flex align-items-center gap-2 small mb-2"
          data-testid="category-performance"
        >
          <ScoreGauge score={performance} size={36} />
          <span>Performance: its metrics and insights are above.</span>
        </div>
      )}
      <Nav variant="tabs" role="tablist">
        {asked.map((id) => {
          const score = categories?.[CATEGORY_KEYS[id]]?.score;
          return (
            <Nav.Item key={id} role="presentation">
              <Nav.Link
                as="button"
                type="button"
                role="tab"
                id={`category-tab-${id}`}
                aria-controls="category-panel"
                aria-selected={id === active}
                active={id === active}
                className="d-flex align-items-center gap-2 text-nowrap px-2"
                onClick={() => setChosen(id)}
                data-testid={`category-tab-${id}`}
              >
                {typeof score === 'number' ? (
                  <ScoreGauge score={score} size={32} data-testid={`category-score-${id}`} />
                ) : (
                  <span className="text-muted" data-testid={`category-score-${id}`}>
                    -
                  </span>
                )}
                {CATEGORY_TITLES[id]}
              </Nav.Link>
            </Nav.Item>
          );
        })}
      </Nav>
      <div
        className="pt-2"
        role="tabpanel"
        id="category-panel"
        aria-labelledby={`category-tab-${active}`}
        data-testid="category-panel"
      >
        {result ? (
          <CategoryAudits title={CATEGORY_TITLES[active]} category={result} pageUrl={pageUrl} />
        ) : (
          <p className="small text-muted" data-testid="category-missing">
            {missingWhy(active)}
          </p>
        )}
      </div>
    </section>
  );
}
