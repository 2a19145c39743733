import { z } from 'zod';
import { RANK_TRACKING_MESSAGES } from '../messages';
import { siteKey } from '../rank-match';
import { SERP_SOURCES } from './serp';
import { serpFeatureSchema } from './serp-features';
import { RANK_DEVICES } from '../rank-tracking/devices';

/** Rank tracking: keywords whose position for a domain is checked daily, and their history. */

export { RANK_DEVICES, type RankDevice } from '../rank-tracking/devices';

/**
 * What one check found. `failed`: every provider of the chain failed, so nothing is known
 * (drawn as a gap, never as a drop). `partial`: the provider returned fewer results than the
 * depth asked, and the domain was not among them, so it is "not in the first N" for the N
 * reached. `not_in_top`: every result up to the depth was read and the domain was not there.
 */
export const RANK_STATES = ['ranked', 'not_in_top', 'partial', 'failed'] as const;
export type RankState = (typeof RANK_STATES)[number];

export const RANK_DEPTH_MIN = 10;
export const RANK_DEPTH_MAX = 100;
export const RANK_DEPTH_DEFAULT = 100;
/** Competitor domains drawn beside the tracked one. */
export const RANK_COMPETITORS_MAX = 10;
export const RANK_TAGS_MAX = 10;
/** Keywords one bulk add or CSV import may carry. */
export const RANK_BULK_MAX = 500;
/** Days whose changes the list shows. */
export const RANK_CHANGE_DAYS = [1, 7, 30] as const;
export const RANK_HISTORY_DAYS_MAX = 400;

/** The `code` of the rank tracking routes' refusals, beside their message. */
export const RANK_ERROR_CODES = {
  keywordLimit: 'rank_keyword_limit',
  notFound: 'rank_keyword_not_found',
  alreadyTracked: 'rank_keyword_already_tracked',
} as const;

/** A host as typed or pasted (a URL is cut to its host), compared without `www.`. */
const domain = z
  .string()
  .trim()
  .min(1, RANK_TRACKING_MESSAGES.badDomain)
  .max(253)
  .transform((text) => siteKey(text))
  .refine(
    (host) => /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z0-9-]{2,}$/.test(host),
    RANK_TRACKING_MESSAGES.badDomain,
  );

/** When to tell the user about a move; nothing is ever sent for a failed or partial check. */
export const rankAlertsSchema = z
  .object({
    /** Moves of at least this many positions, either way; null: none. */
    move: z.number().int().min(1).max(100).nullable().default(null),
    /** Entering or leaving the top 3. */
    top3: z.boolean().default(false),
    /** Entering or leaving the top 10. */
    top10: z.boolean().default(false),
    /** Winning or losing a SERP feature (a featured snippet, a place in the local pack…). */
    features: z.boolean().default(false),
  })
  .strict();
export type RankAlerts = z.output<typeof rankAlertsSchema>;
/** No alert at all: a new keyword's, and a stored one's the schema no longer reads. */
export const RANK_ALERTS_NONE: RankAlerts = rankAlertsSchema.parse({});

export const createRankKeywordBodySchema = z
  .object({
    keyword: z.string().trim().min(1, RANK_TRACKING_MESSAGES.noKeyword).max(200),
    domain,
    device: z.enum(RANK_DEVICES),
    /** Google's `gl`, two letters. */
    country: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, RANK_TRACKING_MESSAGES.badCountry),
    /** Google's `hl`; the country's usual language when absent. */
    language: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, RANK_TRACKING_MESSAGES.badLanguage)
      .optional(),
    /** A city or region as the vendors name it ("Austin,Texas,United States"). */
    location: z.string().trim().min(1).max(200).optional(),
    depth: z
      .number()
      .int()
      .min(RANK_DEPTH_MIN, RANK_TRACKING_MESSAGES.badDepth)
      .max(RANK_DEPTH_MAX, RANK_TRACKING_MESSAGES.badDepth)
      .default(RANK_DEPTH_DEFAULT),
    competitors: z.array(domain).max(RANK_COMPETITORS_MAX).default([]),
    tags: z.array(z.string().trim().min(1).max(40)).max(RANK_TAGS_MAX).default([]),
    alerts: rankAlertsSchema.default(RANK_ALERTS_NONE),
  })
  .strict();
export type CreateRankKeywordBody = z.output<typeof createRankKeywordBodySchema>;
export type CreateRankKeywordInput = z.input<typeof createRankKeywordBodySchema>;

/** Bulk add and CSV import: all are added or none (a plan limit refuses the whole list). */
export const bulkRankKeywordsBodySchema = z
  .object({ keywords: z.array(createRankKeywordBodySchema).min(1).max(RANK_BULK_MAX) })
  .strict();

/** What may change; the keyword, domain, device and place make the keyword what it is. */
export const patchRankKeywordBodySchema = z
  .object({
    depth: createRankKeywordBodySchema.shape.depth.unwrap(),
    competitors: createRankKeywordBodySchema.shape.competitors.unwrap(),
    tags: createRankKeywordBodySchema.shape.tags.unwrap(),
    alerts: rankAlertsSchema,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');

export const rankKeywordParamsSchema = z.object({ id: z.string().uuid() });

export const rankHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(RANK_HISTORY_DAYS_MAX).default(30),
});

/** One check of one keyword. */
export const rankCheckSchema = z.object({
  checkedAt: z.string(),
  state: z.enum(RANK_STATES),
  /** 1-based, only when `ranked`. */
  position: z.number().int().nullable(),
  /** The ranking page, only when `ranked`. */
  url: z.string().nullable(),
  /** The provider that answered, or the last one tried when all failed. */
  provider: z.enum(SERP_SOURCES).nullable(),
  /** Results read: the depth asked, or fewer when `partial`. */
  depthReached: z.number().int(),
  /** Why it failed, when `failed`: each provider tried, in order. */
  error: z.string().optional(),
  /** Why the results ended before the depth, when the provider said (`partial`). */
  note: z.string().optional(),
  /** Each competitor's position in the same results; null: not within `depthReached`. */
  competitors: z.record(z.string(), z.number().int().nullable()),
  /**
   * The SERP features of the first page with the hosts each links to; null when unknown
   * (a failed check, one made before features were recorded, or a provider that says nothing).
   */
  features: z.array(serpFeatureSchema).nullable(),
});
export type RankCheck = z.infer<typeof rankCheckSchema>;

export const rankHistorySchema = z.array(rankCheckSchema);

export const rankKeywordSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  domain: z.string(),
  device: z.enum(RANK_DEVICES),
  country: z.string(),
  language: z.string().nullable(),
  location: z.string().nullable(),
  depth: z.number().int(),
  competitors: z.array(z.string()),
  tags: z.array(z.string()),
  alerts: rankAlertsSchema,
  createdAt: z.string(),
  /** The latest check, whatever its state; null before the first. */
  latest: rankCheckSchema.nullable(),
  /**
   * Positions gained (positive) or lost over 1, 7 and 30 days, between the latest ranked
   * check and the last ranked one at least that old; null when either is unknown.
   */
  change: z.object({
    d1: z.number().nullable(),
    d7: z.number().nullable(),
    d30: z.number().nullable(),
  }),
  /** The best position ever recorded, and when. */
  best: z.object({ position: z.number().int(), checkedAt: z.string() }).nullable(),
  /** Daily positions over the last 30 days, oldest first; null for a day not ranked or unknown. */
  sparkline: z.array(z.number().int().nullable()),
  /** The tracked keyword's results come from the sandbox web, not Google. */
  sandbox: z.boolean(),
});
export type RankKeyword = z.infer<typeof rankKeywordSchema>;

export const rankKeywordListSchema = z.object({
  keywords: z.array(rankKeywordSchema),
  /** Keywords the user's plan tracks. */
  limit: z.number().int(),
});
export type RankKeywordList = z.infer<typeof rankKeywordListSchema>;
