import { z } from 'zod';
import { KEYWORD_DATA_SOURCES } from './keywords';
import { createRankKeywordBodySchema } from './rank-tracking';

/** The windows visibility is drawn over, in days. */
export const VISIBILITY_DAYS = [7, 30, 90, 365] as const;
/** Competitors found listed at most. */
export const COMPETITORS_FOUND_MAX = 20;

const tag = z.string().trim().min(1).max(40).optional();

export const rankVisibilityQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (VISIBILITY_DAYS as readonly number[]).includes(days), {
      message: `Days must be one of ${VISIBILITY_DAYS.join(', ')}`,
    })
    .default(30),
  /** Only the keywords with this tag; every keyword of the workspace when absent. */
  tag,
});

export const competitorsFoundQuerySchema = z.object({ tag });

export const domainVisibilitySchema = z.object({
  domain: z.string(),
  /** 0–100: its clicks as a share of position 1 on every keyword. */
  visibility: z.number(),
  /** 0–100: its share of the clicks of every top-ten result. */
  shareOfVoice: z.number(),
  inTopTen: z.number().int(),
  averagePosition: z.number().nullable(),
  /** Monthly clicks estimated from volumes; null: a volume is unknown. */
  traffic: z.number().nullable(),
});
export type DomainVisibilityFigures = z.infer<typeof domainVisibilitySchema>;

const curveSchema = z.object({ source: z.string(), url: z.string(), ctr: z.array(z.number()) });

export const rankVisibilitySchema = z.object({
  /** The click-through curve the figures are weighted by, with its source. */
  curve: curveSchema,
  /** Where volumes come from for traffic; null: no volume source, traffic is unknown. */
  volumeSource: z.enum(KEYWORD_DATA_SOURCES).exclude(['none']).nullable(),
  /** Why traffic is unknown although a source is configured (it failed, or lacks a volume). */
  volumeNote: z.string().nullable(),
  tag: z.string().nullable(),
  /** The keywords of the set. */
  keywords: z.number().int(),
  /** The set's tracked domains, then its competitors: the series drawn. */
  domains: z.array(z.object({ domain: z.string(), tracked: z.boolean() })),
  /**
   * One point a day, oldest first: figures over the keywords whose first page that day's
   * check read (`known`); null figures on a day none was read.
   */
  points: z.array(
    z.object({
      date: z.string(),
      known: z.number().int(),
      figures: z.array(domainVisibilitySchema).nullable(),
    }),
  ),
});
export type RankVisibility = z.infer<typeof rankVisibilitySchema>;

export const competitorsFoundSchema = z.object({
  tag: z.string().nullable(),
  /** Keywords whose latest check read a first page, of `keywords`. */
  known: z.number().int(),
  keywords: z.number().int(),
  /** When the newest of those checks was made; null: none. */
  checkedAt: z.string().nullable(),
  found: z.array(domainVisibilitySchema),
});
export type CompetitorsFound = z.infer<typeof competitorsFoundSchema>;

/** Adds a domain to the competitors of every keyword of the set that has room for it. */
export const addCompetitorBodySchema = z
  .object({
    domain: createRankKeywordBodySchema.shape.domain,
    tag,
  })
  .strict();
export const addCompetitorResultSchema = z.object({
  /** Keywords it was added to. */
  added: z.number().int(),
  /** Keywords that already had it. */
  already: z.number().int(),
  /** Keywords whose competitors were full (RANK_COMPETITORS_MAX). */
  full: z.number().int(),
});
