import { z } from 'zod';
import { budgetInputSchema } from '../budgets/budget';
import { budgetRowSchema } from '../budgets/judge';
import { resourcesSchema } from '../budgets/resources';
import { CHECK_MESSAGES, SPEED_MESSAGES } from '../messages';
import { runResultSchema } from '../speed';
import { labValuesSchema, metricComparisonSchema, TRACKING_DEVICES } from './tracking';

/** CI checks: a set of URLs measured now, judged on a budget and against tracked history. */

/** URLs one check measures at most. */
export const CHECK_MAX_URLS = 10;
/** Samples per URL: at least 1, at most 5 (a plan may allow fewer). */
export const CHECK_MAX_SAMPLES = 5;
/** Checks a list answers per page. */
export const CHECKS_PER_PAGE = 50;

/** What a check was run for: the change a pipeline builds. */
export const checkRefSchema = z
  .object({
    /** `owner/name`, or a GitLab project's path. */
    repository: z.string().trim().min(1).max(200),
    commit: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{7,64}$/i, 'commit must be a hexadecimal commit id'),
    pullRequest: z.number().int().positive().optional(),
    branch: z.string().trim().min(1).max(255).optional(),
  })
  .strict();
export type CheckRef = z.infer<typeof checkRefSchema>;

export const createCheckBodySchema = z
  .object({
    urls: z
      .array(z.string().trim().min(1, SPEED_MESSAGES.invalidUrl).max(2048))
      .min(1, CHECK_MESSAGES.noUrls)
      .max(CHECK_MAX_URLS, CHECK_MESSAGES.tooManyUrls(CHECK_MAX_URLS))
      .refine((urls) => new Set(urls).size === urls.length, CHECK_MESSAGES.repeatedUrl),
    device: z.enum(TRACKING_DEVICES).default('mobile'),
    samples: z.number().int().min(1).max(CHECK_MAX_SAMPLES).default(3),
    budget: budgetInputSchema.optional(),
    /** 'tracked': each URL's change against its tracked page's recent checks, where one is tracked. */
    compareWith: z.enum(['tracked', 'none']).default('tracked'),
    ref: checkRefSchema.optional(),
  })
  .strict();
export type CreateCheckBody = z.input<typeof createCheckBodySchema>;

/** One metric of a page against its tracked page's recent samples (a: history, b: the check). */
export const checkMetricChangeSchema = metricComparisonSchema.extend({
  /** Significant and in the direction that is worse for the page. */
  worse: z.boolean(),
});

export const checkChangeSchema = z.object({
  trackedPageId: z.string(),
  /** Good samples of the tracked page's recent checks the check is compared with. */
  historySamples: z.number().int(),
  metrics: z.array(checkMetricChangeSchema),
});
export type CheckChange = z.infer<typeof checkChangeSchema>;

export const CHECK_PAGE_STATUSES = ['running', 'done', 'failed'] as const;

export const checkPageSchema = z.object({
  url: z.string(),
  /** Where the page ended after redirects; null until a sample finished. */
  finalUrl: z.string().nullable(),
  status: z.enum(CHECK_PAGE_STATUSES),
  samples: z.object({
    requested: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
  /** The speed test holding the page's runs, and the runs in sample order. */
  testId: z.string(),
  runIds: z.array(z.string()),
  source: runResultSchema.shape.source.nullable(),
  /** Medians of the good samples (score 0–100, ms, CLS unitless); null until one finished. */
  median: labValuesSchema.nullable(),
  /** Median requests and bytes by type; null when the lab did not report them. */
  resources: resourcesSchema.nullable(),
  /** The page's field p75s where a field source answered. */
  field: z.object({ inp: z.number().nullable(), lcp: z.number().nullable() }).nullable(),
  budget: z.array(budgetRowSchema),
  change: checkChangeSchema.nullable(),
  /** Why there is no change to show (no tracked page, no history); null when there is one. */
  changeNote: z.string().nullable(),
  /** Why the page could not be checked (its samples' errors). */
  error: z.string().nullable(),
});
export type CheckPage = z.infer<typeof checkPageSchema>;

export const CHECK_VERDICTS = ['pass', 'fail', 'error'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

export const checkSchema = z.object({
  id: z.string(),
  /** The workspace that ran it and keeps it; null for a check run with --local. */
  workspaceId: z.string().nullable(),
  status: z.enum(['running', 'done']),
  /** Null while it runs: 'error' when a page could not be checked. */
  verdict: z.enum(CHECK_VERDICTS).nullable(),
  /** Every judged limit held; null while it runs. */
  budgetKept: z.boolean().nullable(),
  /** A metric got significantly worse than the tracked history; null while it runs. */
  regressed: z.boolean().nullable(),
  device: z.enum(TRACKING_DEVICES),
  samples: z.number().int(),
  compareWith: z.enum(['tracked', 'none']),
  budget: budgetInputSchema.nullable(),
  ref: checkRefSchema.nullable(),
  /**
   * Who ran it: a person's name (else email; null once their account is deleted), and the
   * API token's name when one was used.
   */
  by: z.object({ name: z.string().nullable(), token: z.string().nullable() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  pages: z.array(checkPageSchema),
  runIds: z.array(z.string()),
});
export type Check = z.infer<typeof checkSchema>;

export const checkSummarySchema = checkSchema
  .pick({
    id: true,
    status: true,
    verdict: true,
    device: true,
    samples: true,
    ref: true,
    by: true,
    createdAt: true,
    finishedAt: true,
  })
  .extend({ urls: z.array(z.string()) });
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const checkListQuerySchema = z.object({
  /** Checks created before this one (its id), for the next page. */
  before: z.string().uuid().optional(),
});

export const checkListSchema = z.object({
  checks: z.array(checkSummarySchema),
  /** The id to ask `before` for the next page; null on the last. */
  next: z.string().nullable(),
});
