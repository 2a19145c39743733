/**
 * A Lighthouse result's categories (LHR), read into SpeedRank's shape: each category's score
 * and its audits, failed first, with their elements, URLs and messages. PSI embeds the same
 * result. Apart from lighthouse-categories.ts so that pages reading choices and scores do
 * not load the reading of results.
 */
import {
  auditRows,
  type LighthouseAuditLike,
  type LighthouseAuditRef,
} from './lighthouse-insights';
import {
  AUDIT_OUTCOMES,
  CATEGORY_KEYS,
  OPTIONAL_CATEGORIES,
  type AuditOutcome,
  type Categories,
  type CategoryAudit,
  type CategoryId,
  type CategoryResult,
} from './lighthouse-categories';

/** The parts of an LHR's categories this reads. */
export interface LighthouseCategoriesLike {
  categories: Partial<
    Record<string, { score: number | null; auditRefs?: readonly LighthouseAuditRef[] }>
  >;
  categoryGroups?: Record<string, { title?: string } | undefined>;
  audits: Record<string, LighthouseAuditLike | undefined>;
}

/** Lighthouse's pass mark: below it an audit fails. */
const PASS = 0.9;
/** Report groups no category lists: the performance metrics (shown as metrics), hidden audits. */
const UNLISTED_GROUPS = new Set(['metrics', 'hidden']);
/** Rows kept per audit: the report's first; the rest would only weigh on storage. */
const MAX_ITEMS = 10;

function outcomeOf(audit: LighthouseAuditLike): AuditOutcome {
  switch (audit.scoreDisplayMode) {
    case 'notApplicable':
      return 'notApplicable';
    case 'manual':
      return 'manual';
    case 'error':
      return 'error';
    case 'informative':
      return 'informative';
    default:
      if (audit.score === null) return 'informative';
      return audit.score < PASS ? 'failed' : 'passed';
  }
}

const rank = (outcome: AuditOutcome) => AUDIT_OUTCOMES.indexOf(outcome);

/** Failed first, the lowest score first; then the other outcomes, each in the report's order. */
function byOutcome(a: CategoryAudit, b: CategoryAudit): number {
  return (
    rank(a.outcome) - rank(b.outcome) ||
    (a.outcome === 'failed' ? (a.score ?? 0) - (b.score ?? 0) : 0)
  );
}

function categoryOf(lhr: LighthouseCategoriesLike, id: CategoryId): CategoryResult | undefined {
  const category = lhr.categories[id];
  if (!category) return undefined;
  const audits = (category.auditRefs ?? []).flatMap(({ id: auditId, group }) => {
    const audit = lhr.audits[auditId];
    if (!audit || (group !== undefined && UNLISTED_GROUPS.has(group))) return [];
    const groupTitle = group === undefined ? undefined : lhr.categoryGroups?.[group]?.title;
    const outcome = outcomeOf(audit);
    return [
      {
        id: auditId,
        title: audit.title ?? auditId,
        description: audit.description ?? '',
        score: outcome === 'informative' || outcome === 'manual' ? null : audit.score,
        outcome,
        ...(groupTitle && { group: groupTitle }),
        ...(audit.displayValue && { displayValue: audit.displayValue }),
        items: auditRows(audit.details).slice(0, MAX_ITEMS),
      },
    ];
  });
  const unlisted = (category.auditRefs ?? [])
    .filter(({ group }) => group !== undefined && UNLISTED_GROUPS.has(group))
    .map(({ id: auditId }) => auditId);
  return {
    score: category.score === null ? null : Math.round(category.score * 100),
    audits: audits.sort(byOutcome),
    ...(unlisted.length > 0 && { unlisted }),
  };
}

/** The categories an LHR holds, by their result keys; undefined without performance. */
export function categoriesOf(lhr: LighthouseCategoriesLike): Categories | undefined {
  const performance = categoryOf(lhr, 'performance');
  if (!performance) return undefined;
  const categories: Categories = { performance };
  for (const id of OPTIONAL_CATEGORIES) {
    const result = categoryOf(lhr, id);
    if (result) categories[CATEGORY_KEYS[id]] = result;
  }
  return categories;
}
