/**
 * Lighthouse's report categories beside performance (accessibility, best practices, SEO,
 * agentic browsing), as a run asks for them and a result shows them: each with its score
 * and its audits, failed first, as PageSpeed Insights lists them. One module for the API's
 * schemas, the lab's flags, the pages and the tests.
 */
import { z } from 'zod';
import {
  auditRows,
  type LighthouseAuditLike,
  type LighthouseAuditRef,
} from './lighthouse-insights';
import { insightItemSchema } from './insight-item';

/** Categories a run may add to performance, in Lighthouse's report order. */
export const OPTIONAL_CATEGORIES = [
  'accessibility',
  'best-practices',
  'seo',
  'agentic-browsing',
] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export const optionalCategorySchema = z.enum(OPTIONAL_CATEGORIES);
/**
 * The categories a run asks for beyond performance, each once (no transform: the schema
 * also describes responses, which JSON Schema cannot transform).
 */
export const optionalCategoriesSchema = z
  .array(optionalCategorySchema)
  .max(OPTIONAL_CATEGORIES.length)
  .refine((list) => new Set(list).size === list.length, 'must name each category once');

/** `list` in the report's order. */
export const inReportOrder = (list: readonly OptionalCategory[]): OptionalCategory[] =>
  OPTIONAL_CATEGORIES.filter((id) => list.includes(id));

export type CategoryId = 'performance' | OptionalCategory;

/** Each category's key in a result (`result.categories.bestPractices`). */
export const CATEGORY_KEYS = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'bestPractices',
  seo: 'seo',
  'agentic-browsing': 'agenticBrowsing',
} as const satisfies Record<CategoryId, string>;
export type CategoryKey = (typeof CATEGORY_KEYS)[CategoryId];

export const CATEGORY_TITLES: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
  'agentic-browsing': 'Agentic Browsing',
};

/**
 * The categories each lab source can add: PageSpeed Insights' Lighthouse (13.0 in 2026) has
 * no Agentic Browsing, nor does its API take it.
 */
export const SOURCE_CATEGORIES: Record<'local-lighthouse' | 'psi', readonly OptionalCategory[]> = {
  'local-lighthouse': OPTIONAL_CATEGORIES,
  psi: ['accessibility', 'best-practices', 'seo'],
};

/** The first Lighthouse version with the Agentic Browsing category. */
export const AGENTIC_BROWSING_SINCE = '13.2.0';

/**
 * How an audit ended, as the report sorts it: failed (below Lighthouse's pass mark of 0.9),
 * passed, not applicable to the page, left to a person (manual), informative (no verdict),
 * or an error (Lighthouse could not run it).
 */
export const AUDIT_OUTCOMES = [
  'failed',
  'error',
  'informative',
  'manual',
  'passed',
  'notApplicable',
] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const categoryAuditSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Lighthouse's explanation, Markdown with links. */
  description: z.string(),
  /** 0–1 as Lighthouse scores it; null where it gives no verdict. */
  score: z.number().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The report's section it is listed in ('Names and labels', 'Crawling and Indexing'). */
  group: z.string().optional(),
  displayValue: z.string().optional(),
  /** The elements or URLs behind a verdict, the report's first rows. */
  items: z.array(insightItemSchema),
});
export type CategoryAudit = z.infer<typeof categoryAuditSchema>;

export const categoryResultSchema = z.object({
  /** 0–100; null when Lighthouse could not score it (an audit it needs errored). */
  score: z.number().int().min(0).max(100).nullable(),
  audits: z.array(categoryAuditSchema),
});
export type CategoryResult = z.infer<typeof categoryResultSchema>;

/** A run's categories: performance always, the others when the run asked for them. */
export const categoriesSchema = z.object({
  performance: categoryResultSchema,
  accessibility: categoryResultSchema.optional(),
  bestPractices: categoryResultSchema.optional(),
  seo: categoryResultSchema.optional(),
  agenticBrowsing: categoryResultSchema.optional(),
});
export type Categories = z.infer<typeof categoriesSchema>;

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
  return {
    score: category.score === null ? null : Math.round(category.score * 100),
    audits: audits.sort(byOutcome),
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

/** Whether a Lighthouse version ('13.5.0') has a category. */
export function versionHasCategory(version: string | null | undefined, id: CategoryId): boolean {
  if (id !== 'agentic-browsing') return true;
  if (!version) return false;
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [a = 0, b = 0, c = 0] = parts(version);
  const [x = 0, y = 0, z = 0] = parts(AGENTIC_BROWSING_SINCE);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/**
 * Which categories a person wants beside performance, per tool, remembered in their
 * settings: all for a speed test (one page, a full report), none for SERP cards and
 * tracked pages, whose speed runs stay as short as they were.
 */
export const categoryChoiceSchema = z.object({
  speedTest: optionalCategoriesSchema,
  serpCards: optionalCategoriesSchema,
  trackedPages: optionalCategoriesSchema,
});
export type CategoryChoice = z.infer<typeof categoryChoiceSchema>;
export const DEFAULT_CATEGORY_CHOICE: CategoryChoice = {
  speedTest: [...OPTIONAL_CATEGORIES],
  serpCards: [],
  trackedPages: [],
};
