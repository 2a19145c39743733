import { z } from 'zod';
import { budgetSchema, type Budget } from './budget-schema';
import { RESOURCE_LABELS, RESOURCE_TYPES } from './resources';
import { CATEGORY_KEYS, type CategoryKey, type OptionalCategory } from '../lighthouse-categories';

export { budgetSchema, type Budget };

/**
 * A budget's metric limits: what each measures, where its value comes from, and which way
 * is worse. Lab limits are judged on the samples' median; field limits on the page's
 * 75th percentile when a field source answers.
 */
export const METRIC_LIMITS = {
  performance: { label: 'Performance score', unit: 'score', keep: 'atLeast', from: 'lab' },
  accessibility: {
    label: 'Accessibility score',
    unit: 'score',
    keep: 'atLeast',
    from: 'categories',
  },
  bestPractices: {
    label: 'Best Practices score',
    unit: 'score',
    keep: 'atLeast',
    from: 'categories',
  },
  seo: { label: 'SEO score', unit: 'score', keep: 'atLeast', from: 'categories' },
  agenticBrowsing: {
    label: 'Agentic Browsing score',
    unit: 'score',
    keep: 'atLeast',
    from: 'categories',
  },
  fcp: { label: 'First Contentful Paint', unit: 'ms', keep: 'atMost', from: 'lab' },
  lcp: { label: 'Largest Contentful Paint', unit: 'ms', keep: 'atMost', from: 'lab' },
  si: { label: 'Speed Index', unit: 'ms', keep: 'atMost', from: 'lab' },
  tbt: { label: 'Total Blocking Time', unit: 'ms', keep: 'atMost', from: 'lab' },
  tti: { label: 'Time to Interactive', unit: 'ms', keep: 'atMost', from: 'lab' },
  cls: { label: 'Cumulative Layout Shift', unit: 'unitless', keep: 'atMost', from: 'lab' },
  inp: { label: 'INP (field, p75)', unit: 'ms', keep: 'atMost', from: 'field' },
  fieldLcp: { label: 'LCP (field, p75)', unit: 'ms', keep: 'atMost', from: 'field' },
} as const;
export type MetricLimit = keyof typeof METRIC_LIMITS;

/** Lighthouse's timing metrics a budget file may name, and which of ours each is. */
export const LIGHTHOUSE_TIMINGS = {
  'first-contentful-paint': 'fcp',
  'largest-contentful-paint': 'lcp',
  'speed-index': 'si',
  'total-blocking-time': 'tbt',
  interactive: 'tti',
  'cumulative-layout-shift': 'cls',
  // Valid in a budget file, but not measured here: Lighthouse 12 dropped the first, and
  // the second is not kept with a run.
  'first-meaningful-paint': null,
  'max-potential-fid': null,
} as const satisfies Record<string, MetricLimit | null>;
type LighthouseTiming = keyof typeof LIGHTHOUSE_TIMINGS;

const unique = <T>(items: readonly T[], key: (item: T) => string) =>
  new Set(items.map(key)).size === items.length;

const lighthouseResourceBudgets = z
  .array(
    z.object({ resourceType: z.enum(RESOURCE_TYPES), budget: z.number().nonnegative() }).strict(),
  )
  .refine((rows) => unique(rows, (row) => row.resourceType), 'a resource type must not repeat');

/**
 * One entry of Lighthouse's `budget.json` (its LightWallet format, as Lighthouse 11 and
 * Lighthouse CI validate it): a path pattern, sizes in KiB, counts, timings in ms.
 */
export const lighthouseBudgetSchema = z
  .object({
    path: z
      .string()
      .startsWith('/', 'a budget path must start with /')
      .refine((path) => path.split('*').length <= 2, 'a budget path may hold one * at most')
      .refine(
        (path) => !path.slice(0, -1).includes('$'),
        'a budget path may end with $ and hold no other',
      )
      .optional(),
    options: z
      .object({ firstPartyHostnames: z.array(z.string()) })
      .strict()
      .optional(),
    resourceSizes: lighthouseResourceBudgets.optional(),
    resourceCounts: lighthouseResourceBudgets.optional(),
    timings: z
      .array(
        z
          .object({
            metric: z.enum(Object.keys(LIGHTHOUSE_TIMINGS) as [LighthouseTiming]),
            budget: z.number().nonnegative(),
          })
          .strict(),
      )
      .refine((rows) => unique(rows, (row) => row.metric), 'a timing metric must not repeat')
      .optional(),
  })
  .strict();
export const lighthouseBudgetFileSchema = z.array(lighthouseBudgetSchema).min(1).max(100);
export type LighthouseBudgetFile = z.infer<typeof lighthouseBudgetFileSchema>;

/** What a check or a command line is given: our budget, or a Lighthouse budget file. */
export const budgetInputSchema = z.union([budgetSchema, lighthouseBudgetFileSchema]);
export type BudgetInput = z.infer<typeof budgetInputSchema>;

/**
 * Lighthouse's path rule: `pattern` against the URL's path and query, robots.txt style —
 * a prefix, `*` for any run of characters, `$` for the end.
 */
export function pathMatches(pattern: string, url: string): boolean {
  const { pathname, search } = new URL(url);
  const path = pathname + search;
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const [head, tail] = body.split('*') as [string, string | undefined];
  if (tail === undefined) return anchored ? path === head : path.startsWith(head);
  if (!path.startsWith(head)) return false;
  const rest = path.slice(head.length);
  return anchored ? rest.endsWith(tail) : rest.includes(tail);
}

/** One limit of a budget, ready to judge. */
export interface BudgetLimit {
  /** `lcp`, `resourceSizes.script`, `timings.first-meaningful-paint`. */
  limit: string;
  label: string;
  unit: 'score' | 'ms' | 'unitless' | 'KiB' | 'requests';
  keep: 'atLeast' | 'atMost';
  budget: number;
  /** Why it cannot be judged here, whatever the run measured. */
  unmeasured?: string;
}

/** Every limit of our budget, in METRIC_LIMITS' order, then sizes and counts by type. */
export function limitsOf(budget: Budget): BudgetLimit[] {
  const limits: BudgetLimit[] = [];
  for (const [key, rule] of Object.entries(METRIC_LIMITS) as [
    MetricLimit,
    (typeof METRIC_LIMITS)[MetricLimit],
  ][]) {
    const value = budget[key];
    if (value !== undefined)
      limits.push({
        limit: key,
        label: rule.label,
        unit: rule.unit,
        keep: rule.keep,
        budget: value,
      });
  }
  for (const type of RESOURCE_TYPES) {
    const size = budget.resourceSizes?.[type];
    if (size !== undefined)
      limits.push({
        limit: `resourceSizes.${type}`,
        label: `${RESOURCE_LABELS[type]} weight`,
        unit: 'KiB',
        keep: 'atMost',
        budget: size,
      });
    const count = budget.resourceCounts?.[type];
    if (count !== undefined)
      limits.push({
        limit: `resourceCounts.${type}`,
        label: RESOURCE_LABELS[type],
        unit: 'requests',
        keep: 'atMost',
        budget: count,
      });
  }
  return limits;
}

/** A Lighthouse budget entry in our terms, with the timings we cannot measure set apart. */
function fromLighthouse(entry: LighthouseBudgetFile[number]): BudgetLimit[] {
  const budget: Budget = {
    resourceSizes: Object.fromEntries(
      (entry.resourceSizes ?? []).map((row) => [row.resourceType, row.budget]),
    ),
    resourceCounts: Object.fromEntries(
      (entry.resourceCounts ?? []).map((row) => [row.resourceType, row.budget]),
    ),
  };
  const unmeasured: BudgetLimit[] = [];
  for (const { metric, budget: value } of entry.timings ?? []) {
    const ours = LIGHTHOUSE_TIMINGS[metric];
    if (ours) budget[ours] = value;
    else
      unmeasured.push({
        limit: `timings.${metric}`,
        label: metric,
        unit: 'ms',
        keep: 'atMost',
        budget: value,
        unmeasured:
          metric === 'first-meaningful-paint'
            ? 'Lighthouse 12 and later no longer measure it.'
            : 'Not kept with a run here.',
      });
  }
  return [...limitsOf(budget), ...unmeasured];
}

/** The result keys of the categories a run needs beside performance to judge a budget. */
const BUDGET_CATEGORIES = Object.entries(CATEGORY_KEYS).filter(
  (entry): entry is [OptionalCategory, Exclude<CategoryKey, 'performance'>] =>
    entry[0] !== 'performance',
);

/**
 * The Lighthouse categories a budget asks minimum scores of: each run it judges measures
 * them (a Lighthouse budget file has none).
 */
export function budgetCategories(input: BudgetInput | null | undefined): OptionalCategory[] {
  if (!input || Array.isArray(input)) return [];
  return BUDGET_CATEGORIES.filter(([, key]) => input[key] !== undefined).map(([id]) => id);
}

/**
 * The limits that apply to `url`: all of our budget's, or those of the last entry of a
 * Lighthouse budget file whose path matches (Lighthouse's rule; none: no limits).
 */
export function budgetLimitsFor(input: BudgetInput, url: string): BudgetLimit[] {
  if (!Array.isArray(input)) return limitsOf(input);
  const entry = input.findLast((candidate) => pathMatches(candidate.path ?? '/', url));
  return entry ? fromLighthouse(entry) : [];
}
