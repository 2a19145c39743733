import { z } from 'zod';
import { scrapePageResponseSchema, type ScrapePageResponse } from '@core/schemas/scrape';
import { PETSHOP_ID, sandboxOrigin } from '@sandbox';
import { sandboxPort, type Config } from '../config';
import { safeFetch, type SafeFetchOptions } from '../http/safe-fetch';
import type { Jobs, JobWorker } from '../jobs';
import { createHostPace, type HostPace } from '../politeness';
import { serveQueue, type Queue } from '../jobs/queue';
import { QueueOrHere } from '../jobs/queue-or-here';
import { Crawl } from './crawl';
import { RobotsCache } from './robots';
import { ListingError, scrapeListingPage, type ScrapeTarget } from './scrape-shop';

const scrapeJobSchema = z.object({ page: z.number().int().positive() });
type ScrapeJob = z.infer<typeof scrapeJobSchema>;

/** A page scraped, or the listing's refusal (a page it lacks, a shop that fails). */
const scrapeOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), scraped: scrapePageResponseSchema }),
  z.object({
    ok: z.literal(false),
    status: z.union([z.literal(400), z.literal(502)]),
    message: z.string(),
  }),
]);
type ScrapeOutcome = z.infer<typeof scrapeOutcomeSchema>;

/** MixLab's listing pages, each scraped with its product pages. */
export const scrapeQueue: Queue<ScrapeJob, ScrapeOutcome> = {
  name: 'scrape-pages',
  data: scrapeJobSchema,
  result: scrapeOutcomeSchema,
  // Listing pages scraped at once by one process; all keep one pace per host.
  concurrency: () => 2,
  priority: 'interactive',
};

/** The shop MixLab scrapes: SCRAPE_BASE_URL, or the sandbox pet shop; null with neither. */
export function scrapeTarget(config: Config): ScrapeTarget | null {
  const baseUrl =
    config.SCRAPE_BASE_URL ??
    (config.SANDBOX === 'on' ? sandboxOrigin(PETSHOP_ID, sandboxPort(config)) : null);
  return baseUrl
    ? { baseUrl, listingPath: config.SCRAPE_LISTING_PATH, maxPages: config.SCRAPE_MAX_PAGES }
    : null;
}

/** The hosts' pace of every crawl here; on Redis in scale-out mode, shared by the workers. */
export const createCrawlPace = (
  config: Config,
  log: { error(details: object, message: string): void },
): HostPace =>
  createHostPace(
    { redisUrl: config.REDIS_URL },
    { onError: (error) => log.error({ err: error }, 'host pace') },
  );

/**
 * A new Crawl per run: concurrent runs share this process's robots.txt cache and the hosts'
 * pace (every process's, on Redis).
 */
export function crawlMaker(
  config: Config,
  pageFetch: SafeFetchOptions,
  now: () => number,
  pace: HostPace,
): () => Crawl {
  const robots = new RobotsCache(now);
  return () =>
    new Crawl({
      fetch: (url) => safeFetch(url, pageFetch),
      robots,
      userAgent: pageFetch.userAgent,
      concurrency: config.SCRAPE_CONCURRENCY,
      delayMs: config.SCRAPE_DELAY_MS,
      pace,
      retries: config.SCRAPE_RETRIES,
    });
}

const scrapeWith =
  (target: ScrapeTarget, newCrawl: () => Crawl) =>
  async ({ page }: ScrapeJob): Promise<ScrapeOutcome> => {
    try {
      return { ok: true, scraped: await scrapeListingPage(newCrawl(), target, page) };
    } catch (error) {
      if (error instanceof ListingError)
        return { ok: false, status: error.status, message: error.message };
      throw error;
    }
  };

/** Serves the scrape queue in this process; null when there is no shop to scrape. */
export function serveScrapePages(
  jobs: Jobs,
  concurrency: number,
  target: ScrapeTarget | null,
  newCrawl: () => Crawl,
): JobWorker | null {
  if (!target) return null;
  const scrape = scrapeWith(target, newCrawl);
  return serveQueue(jobs, scrapeQueue, concurrency, ({ data }) => scrape(data));
}

/** MixLab's listing pages as jobs; an API instance with no worker on the queue scrapes itself. */
export class ScrapeJobs {
  private readonly pages: QueueOrHere<ScrapeJob, ScrapeOutcome>;

  constructor(jobs: Jobs, target: ScrapeTarget, newCrawl: () => Crawl) {
    this.pages = new QueueOrHere(jobs, scrapeQueue, scrapeWith(target, newCrawl), {
      attempts: 1,
      backoff: { delayMs: 1000 },
      // A listing page and its products, fetched politely with retries.
      timeoutMs: 180_000,
    });
  }

  /** One listing page with its products; throws ListingError as the listing refuses. */
  async scrapePage(page: number): Promise<ScrapePageResponse> {
    const outcome = await this.pages.run({ page });
    if (!outcome.ok) throw new ListingError(outcome.status, outcome.message);
    return outcome.scraped;
  }
}
