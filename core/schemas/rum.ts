import { z } from 'zod';
import { RUM_MESSAGES } from '../messages';

/** Refusals of the RUM API carry one of these beside their message. */
export const RUM_ERROR_CODES = {
  siteLimit: 'rum_site_limit',
  notFound: 'rum_site_not_found',
} as const;

/** Most origins one site's beacon may come from (www and apex, staging, a few locales). */
export const RUM_ORIGINS_MAX = 20;

/** An origin as browsers send it in `Origin`: scheme, host and port, nothing more. */
const origin = z
  .string()
  .trim()
  .max(200)
  .refine((text) => {
    try {
      const url = new URL(text);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
      return /^https?:$/.test(url.protocol) && bare;
    } catch {
      return false;
    }
  }, RUM_MESSAGES.badOrigin)
  .transform((text) => new URL(text).origin);

export const createRumSiteBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100),
  origins: z.array(origin).min(1, 'Enter at least one origin').max(RUM_ORIGINS_MAX),
  /** Share of page views that send a beacon. */
  sampleRate: z
    .number({ error: RUM_MESSAGES.badSampleRate })
    .gt(0, RUM_MESSAGES.badSampleRate)
    .max(1, RUM_MESSAGES.badSampleRate)
    .default(1),
});
export type CreateRumSiteBody = z.output<typeof createRumSiteBodySchema>;

export const patchRumSiteBodySchema = createRumSiteBodySchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');

export const rumSiteSchema = z.object({
  id: z.string(),
  /** The install's own pages, shown to its operators; set by configuration, not changed here. */
  install: z.boolean(),
  name: z.string(),
  /** What the snippet carries; not a secret: it only says which site a beacon is for. */
  key: z.string(),
  origins: z.array(z.string()),
  sampleRate: z.number(),
  /** The one line to put in the site's pages. */
  snippet: z.string(),
  createdAt: z.string(),
});
export type RumSite = z.infer<typeof rumSiteSchema>;

export const rumSiteListSchema = z.object({
  sites: z.array(rumSiteSchema),
  /** Sites the user's plan collects for. */
  limit: z.number(),
});

export const rumSiteParamsSchema = z.object({ id: z.string().uuid() });

/** The largest beacon body accepted: five metrics with short targets fit in a fraction. */
export const RUM_BEACON_MAX_BYTES = 4096;

/** What `rum.js` sends once per page view (text/plain JSON, as sendBeacon posts it). */
export const rumBeaconSchema = z.object({
  /** The site's key, from the snippet's `data-site`. */
  site: z.string().min(1).max(64),
  /** The page's path, without its query (the script strips it; the server again). */
  path: z.string().max(2000),
  device: z.enum(['mobile', 'desktop']),
  /** The Network Information API's effective type, where the browser has it. */
  connection: z.enum(['slow-2g', '2g', '3g', '4g', 'unknown']).default('unknown'),
  navigationType: z.string().max(32).optional(),
  metrics: z
    .array(
      z.object({
        name: z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
        value: z.number(),
        /** The LCP element, the INP interaction's target or the largest shift's source. */
        target: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(5),
});
export type RumBeacon = z.infer<typeof rumBeaconSchema>;

/** The windows a dashboard offers, in days ending today. */
export const RUM_SUMMARY_DAYS = [7, 28, 90] as const;

export const rumSummaryQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine(
      (days) => (RUM_SUMMARY_DAYS as readonly number[]).includes(days),
      'Choose 7, 28 or 90 days',
    )
    .default(28),
  device: z.enum(['mobile', 'desktop']).optional(),
  connection: z.enum(['slow-2g', '2g', '3g', '4g', 'unknown']).optional(),
  pageGroup: z.string().max(200).optional(),
});

/** A metric's p75 (ms; CLS unitless) and its Core Web Vitals shares, as fractions. */
const rumFiguresSchema = z.object({
  p75: z.number(),
  good: z.number(),
  needsImprovement: z.number(),
  poor: z.number(),
  samples: z.number(),
});
const rumMetricFiguresSchema = z.partialRecord(
  z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
  rumFiguresSchema,
);

export const rumSummarySchema = z.object({
  /** First and last UTC day of the window. */
  from: z.string(),
  to: z.string(),
  metrics: rumMetricFiguresSchema,
  series: z.array(z.object({ day: z.string(), metrics: rumMetricFiguresSchema })),
  pages: z.array(
    z.object({ pageGroup: z.string(), views: z.number(), metrics: rumMetricFiguresSchema }),
  ),
  /**
   * The elements behind LCP and CLS and the interaction targets behind INP, as the beacon's
   * short selectors: per metric, those with the most poor values first (at most ten each).
   */
  targets: z.array(
    z.object({
      metric: z.enum(['LCP', 'INP', 'CLS']),
      pageGroup: z.string(),
      target: z.string(),
      /** Page views whose value came from this target. */
      samples: z.number(),
      /** Share of them rated poor, as a fraction. */
      poor: z.number(),
      /** Their mean value (ms; CLS unitless). */
      mean: z.number(),
    }),
  ),
  /** Values dropped as no page view could give them (negative, absurd). */
  dropped: z.number(),
});
export type RumSummaryResponse = z.infer<typeof rumSummarySchema>;

/** Days of figures shown beside a page's lab and CrUX figures, as CrUX's own window. */
export const RUM_FIELD_DAYS = 28;

/** A page whose visitors' figures are asked for, beside its lab and CrUX figures. */
export const rumFieldQuerySchema = z.object({
  url: z.string().url().max(2000),
  device: z.enum(['mobile', 'desktop']).optional(),
});

/**
 * A page's own visitors' figures over the last RUM_FIELD_DAYS days: for its page group and for its
 * whole site. `site` is null when none of the user's RUM sites takes beacons from the
 * page's origin.
 */
export const rumFieldSchema = z.object({
  site: z.object({ id: z.string(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  pageGroup: z.string(),
  page: rumMetricFiguresSchema,
  origin: rumMetricFiguresSchema,
});
export type RumField = z.infer<typeof rumFieldSchema>;
export type RumMetricFigures = z.infer<typeof rumMetricFiguresSchema>;
