import { afterEach, describe, expect, it } from 'vitest';
import { guardOptions } from '../../test/guard-options';
import { startRecordedServer } from '../../test/recorded-server';
import { InProcessJobs } from '../jobs/in-process-jobs';
import { safeFetch } from '../http/safe-fetch';
import { InProcessHostPace } from '../politeness';
import { Crawl } from './crawl';
import { RobotsCache } from './robots';
import { ScrapeJobs, scrapeQueue, serveScrapePages } from './scrape-jobs';
import { ListingError } from './scrape-shop';

describe('MixLab listing pages as jobs', () => {
  let shop: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  const jobs = new InProcessJobs();
  afterEach(async () => {
    await shop?.close();
    await jobs.close();
  });

  it("carries the listing's refusal from the worker as the same ListingError", async () => {
    // A shop without the page asked for.
    shop = await startRecordedServer(() => ({ status: 404, text: 'no such page' }));
    const target = { baseUrl: shop.baseUrl, listingPath: '/shop/page/{page}', maxPages: 5 };
    const newCrawl = () =>
      new Crawl({
        fetch: (url) => safeFetch(url, guardOptions('127.0.0.1')),
        robots: new RobotsCache(Date.now),
        userAgent: 'test',
        concurrency: 1,
        delayMs: 0,
        pace: new InProcessHostPace(),
        retries: 0,
      });
    const worker = serveScrapePages(jobs, 2, target, newCrawl);
    expect(await jobs.workerCount(scrapeQueue.name)).toBe(1);
    const refusal = await new ScrapeJobs(jobs, target, newCrawl).scrapePage(3).catch((e) => e);
    expect(refusal).toBeInstanceOf(ListingError);
    expect(refusal).toMatchObject({ status: 400, message: expect.stringContaining('no page 3') });
    expect(shop.requests.map((r) => r.url.pathname)).toContain('/shop/page/3');
    await worker!.close();
  });
});
