import { z } from 'zod';
import { RANK_DEVICES } from '../rank-tracking/devices';
import { SERP_FEATURE_KINDS } from './serp-features';
import { rankVisibilitySchema } from './rank-visibility';

/** The UTC days a weekly report covers, the day it is made the last. */
export const REPORT_DAYS = 7;
/** Rank moves a report lists at most, the biggest first. */
export const REPORT_MOVES_MAX = 10;

export const reportRankMoveSchema = z.object({
  keywordId: z.string(),
  keyword: z.string(),
  domain: z.string(),
  device: z.enum(RANK_DEVICES),
  /** The first and latest comparable checks of the week: a position, or null past `depth`. */
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  depth: z.number().int(),
  /** Positions gained (positive) or lost; a domain past the depth counts as just past it. */
  change: z.number().int(),
});
export type ReportRankMove = z.infer<typeof reportRankMoveSchema>;

export const reportFeatureChangeSchema = z.object({
  keywordId: z.string(),
  keyword: z.string(),
  domain: z.string(),
  kind: z.enum(SERP_FEATURE_KINDS),
  change: z.enum(['won', 'lost']),
});

export const reportSpeedAlertSchema = z.object({
  pageId: z.string(),
  url: z.string(),
  device: z.enum(RANK_DEVICES),
  kind: z.enum(['regression', 'unreachable']),
  at: z.string(),
  reasons: z.array(z.string()),
  /** Whether the page has recovered (or is reachable again) since, within the week. */
  recovered: z.boolean(),
});

export const reportFlowAlertSchema = z.object({
  flowId: z.string(),
  name: z.string(),
  kind: z.enum(['regression', 'failing']),
  step: z.string().nullable(),
  at: z.string(),
  reasons: z.array(z.string()),
});

/** A workspace's week: what an SEO reports to a client, the weekly email and its page. */
export const weeklyReportSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  rank: z.object({
    keywords: z.number().int(),
    /** Biggest moves between each keyword's first and latest comparable checks of the week. */
    moves: z.array(reportRankMoveSchema),
    /** The week's visibility, a point a day, for the tracked domains and competitors. */
    visibility: rankVisibilitySchema,
    /** SERP features the tracked domain won or lost over the week. */
    features: z.array(reportFeatureChangeSchema),
  }),
  speed: z.object({
    pages: z.number().int(),
    alerts: z.array(reportSpeedAlertSchema),
  }),
  flows: z.object({
    tracked: z.number().int(),
    alerts: z.array(reportFlowAlertSchema),
  }),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

/** The signed-in member's choice of the workspace's weekly email. */
export const reportSubscriptionSchema = z.object({ weekly: z.boolean() }).strict();
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;
