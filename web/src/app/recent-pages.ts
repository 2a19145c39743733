import { z } from 'zod';
import { ROUTES } from '@core/routes';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** Results the SERP analysis remembers for tracking: its first page of ten. */
const SERP_PAGES_KEPT = 10;

const recentPagesSchema = z.object({
  speedTest: z.object({ url: z.string() }).nullable().catch(null),
  serpAnalysis: z
    .object({ keyword: z.string(), urls: z.array(z.string()).max(SERP_PAGES_KEPT) })
    .nullable()
    .catch(null),
});
export type RecentPages = z.infer<typeof recentPagesSchema>;

const NONE: RecentPages = { speedTest: null, serpAnalysis: null };

/**
 * The pages of this browser's last speed test and SERP analysis, which site speed
 * tracking offers to track when it has none yet.
 */
export const recentPages = {
  read: (): RecentPages => readStored(STORAGE_KEYS.recentPages, recentPagesSchema, NONE),
  rememberSpeedTest(url: string) {
    writeStored(STORAGE_KEYS.recentPages, { ...recentPages.read(), speedTest: { url } });
  },
  rememberSerpAnalysis(keyword: string, urls: readonly string[]) {
    writeStored(STORAGE_KEYS.recentPages, {
      ...recentPages.read(),
      serpAnalysis: { keyword, urls: urls.slice(0, SERP_PAGES_KEPT) },
    });
  },
};

/** The query parameter that opens site speed tracking's form for a page. */
export const TRACK_PARAM = 'track';

/** Where 'track this page' leads: site speed tracking, its form filled with the page. */
export const trackPageHref = (url: string) =>
  `${ROUTES.siteSpeedTracking}?${TRACK_PARAM}=${encodeURIComponent(url)}`;
