/**
 * Lighthouse's report categories beside performance (accessibility, best practices, SEO,
 * agentic browsing), as a run asks for them and a result shows them: each with its score
 * and its audits, failed first, as PageSpeed Insights lists them. One module for the API's
 * schemas, the lab's flags, the pages and the tests.
 */
import { z } from 'zod';
import { insightItemSchema } from './insight-item';
import { median } from './statistics';

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
  /**
   * Audits Lighthouse runs for the category but does not list (its metrics, hidden ones):
   * a comparison tells them from audits a version does not have. Absent from results kept
   * before it was.
   */
  unlisted: z.array(z.string()).optional(),
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

/** Each category's score beside performance (0–100; null where Lighthouse could not score it). */
export const categoryScoresSchema = z
  .object({
    accessibility: z.number().nullable(),
    bestPractices: z.number().nullable(),
    seo: z.number().nullable(),
    agenticBrowsing: z.number().nullable(),
  })
  .partial();
export type CategoryScores = z.infer<typeof categoryScoresSchema>;

/** A fall of this many points from the last check's score alerts (a tracked page's). */
export const CATEGORY_DROP_POINTS = 5;

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

/**
 * Each category's median score beside performance over runs that measured it (null for a
 * category no run scored; absent when none measured it).
 */
export function medianCategoryScores(
  results: readonly { categories?: Categories }[],
): CategoryScores {
  return medianOfScores(
    results.map((r) =>
      r.categories
        ? Object.fromEntries(
            OPTIONAL_CATEGORIES.flatMap((id) => {
              const category = r.categories![CATEGORY_KEYS[id]];
              return category ? [[CATEGORY_KEYS[id], category.score]] : [];
            }),
          )
        : null,
    ),
  );
}

/** The median of each category's scores over sets that hold it (null: none scored it). */
export function medianOfScores(sets: readonly (CategoryScores | null)[]): CategoryScores {
  const scores: CategoryScores = {};
  for (const id of OPTIONAL_CATEGORIES) {
    const key = CATEGORY_KEYS[id] as keyof CategoryScores;
    const held = sets.filter((set) => set !== null && key in set);
    if (held.length === 0) continue;
    const values = held.map((set) => set![key]).filter((v): v is number => typeof v === 'number');
    scores[key] = values.length === 0 ? null : median(values);
  }
  return scores;
}

/**
 * The categories whose score fell CATEGORY_DROP_POINTS or more below the baseline's, with
 * both scores; a category either side did not score is not judged.
 */
export function categoryDrops(
  now: CategoryScores,
  baseline: CategoryScores,
): { key: keyof CategoryScores; title: string; score: number; before: number }[] {
  return OPTIONAL_CATEGORIES.flatMap((id) => {
    const key = CATEGORY_KEYS[id] as keyof CategoryScores;
    const score = now[key];
    const before = baseline[key];
    if (typeof score !== 'number' || typeof before !== 'number') return [];
    return before - score >= CATEGORY_DROP_POINTS
      ? [{ key, title: CATEGORY_TITLES[id], score, before }]
      : [];
  });
}
