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
  sampleRate: z.number().gt(0).max(1).default(1),
});
export type CreateRumSiteBody = z.output<typeof createRumSiteBodySchema>;

export const patchRumSiteBodySchema = createRumSiteBodySchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');

export const rumSiteSchema = z.object({
  id: z.string(),
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
