import robotsParser from 'robots-parser';
import type { FetchedPage } from '../http/safe-fetch';

type Robots = ReturnType<typeof robotsParser>;
export type PageFetcher = (url: string) => Promise<FetchedPage>;

const TTL_MS = 5 * 60_000;
const MAX_ORIGINS = 500;

/**
 * robots.txt per origin, fetched once and kept a few minutes, so the pages of a run (and
 * of runs close together) cost one robots.txt fetch. Entries are promises: requests that
 * ask at once share the fetch. Only a robots.txt that answered 2xx restricts anything; a
 * missing or unreadable one allows all, as for a 4xx in RFC 9309 (an address the guard
 * refuses is then refused again, with its reason, when the page itself is fetched).
 */
export class RobotsCache {
  private readonly entries = new Map<string, { expires: number; robots: Promise<Robots | null> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether robots.txt lets `userAgent` fetch `url`; `fetch` is the run's guarded fetcher. */
  async allows(url: string, userAgent: string, fetch: PageFetcher): Promise<boolean> {
    if (!URL.canParse(url)) return true; // The fetcher refuses it with a better reason.
    const robots = await this.load(new URL(url).origin, fetch);
    return robots?.isAllowed(url, userAgent) ?? true;
  }

  private load(origin: string, fetch: PageFetcher): Promise<Robots | null> {
    const now = this.now();
    const cached = this.entries.get(origin);
    if (cached && cached.expires > now) return cached.robots;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_ORIGINS) this.entries.delete(this.entries.keys().next().value!);
    const file = `${origin}/robots.txt`;
    const robots = fetch(file).then(
      (page) => (page.status >= 200 && page.status < 300 ? robotsParser(file, page.body) : null),
      () => null,
    );
    this.entries.set(origin, { expires: now + TTL_MS, robots });
    return robots;
  }
}
