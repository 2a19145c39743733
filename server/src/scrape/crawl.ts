import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { FetchRefused, type FetchedPage } from '../http/safe-fetch';
import type { HostPace } from '../politeness';
import type { PageFetcher, RobotsCache } from './robots';

export const DISALLOWED = 'disallowed by robots.txt';

export interface CrawlSettings {
  /** Every fetch goes through this: in the app, safeFetch with the SSRF guard. */
  fetch: PageFetcher;
  robots: RobotsCache;
  userAgent: string;
  /** Requests in flight at once. */
  concurrency: number;
  /** Least time between the starts of two requests to the same host. */
  delayMs: number;
  /** Where those starts are booked: shared by every crawl of the process, or on Redis. */
  pace: HostPace;
  /** Further tries after a network error, a timeout, a 5xx or a 429. */
  retries: number;
  /** Wait before the first retry; it doubles for each further one. */
  backoffMs?: number;
}

/** A page that answered below 400, or why there is none (`status` when it answered). */
export type Fetched =
  { ok: true; page: FetchedPage } | { ok: false; reason: string; status: number | null };

const RETRIED_REFUSALS = new Set(['network', 'timeout']);
const retriedStatus = (status: number) => status === 429 || status >= 500;

/**
 * The fetching of one scrape request: robots.txt first, then bounded concurrency, a pace
 * per host and retries with exponential backoff. A new Crawl per request keeps two users'
 * runs apart; the robots.txt cache and the hosts' pace are shared.
 */
export class Crawl {
  private readonly limit: LimitFunction;

  constructor(private readonly settings: CrawlSettings) {
    this.limit = pLimit(settings.concurrency);
  }

  async get(url: string): Promise<Fetched> {
    const { robots, userAgent } = this.settings;
    // robots.txt is a request to the host too, so it keeps the pace.
    if (!(await robots.allows(url, userAgent, (file) => this.pacedFetch(file)))) {
      return { ok: false, reason: DISALLOWED, status: null };
    }
    return this.limit(() => this.fetchWithRetries(url));
  }

  private async pacedFetch(url: string): Promise<FetchedPage> {
    await this.pace(url);
    return this.settings.fetch(url);
  }

  private async fetchWithRetries(url: string): Promise<Fetched> {
    const { retries, backoffMs = 500 } = this.settings;
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= retries;
      try {
        const page = await this.pacedFetch(url);
        if (page.status < 400) return { ok: true, page };
        // 404 and 410 are answers, not hiccups: never retried.
        if (last || !retriedStatus(page.status)) {
          return { ok: false, reason: `HTTP ${page.status}`, status: page.status };
        }
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error;
        if (last || !RETRIED_REFUSALS.has(error.reason)) {
          return { ok: false, reason: error.message, status: null };
        }
      }
      await sleep(backoffMs * 2 ** attempt);
    }
  }

  /** Waits for the host's next start, so requests to one host start delayMs apart. */
  private async pace(url: string): Promise<void> {
    const { delayMs, pace } = this.settings;
    if (delayMs === 0 || !URL.canParse(url)) return;
    const wait = await pace.book(new URL(url).host, delayMs);
    if (wait > 0) await sleep(wait);
  }
}
