/**
 * MixLab scrape throughput over the sandbox pet shop: every listing page and product page,
 * as a run of the MixLab page makes them (page count, then one listing page at a time),
 * at the default politeness and at full speed. Prints figures; asserts nothing.
 *   npx tsx bench/scrape-bench.ts
 */
import os from 'node:os';
import { safeFetch } from '../server/src/http/safe-fetch';
import { InProcessHostPace } from '../server/src/politeness';
import { PETSHOP_ID, sandboxOrigin } from '@sandbox';
import { Crawl } from '../server/src/scrape/crawl';
import { RobotsCache } from '../server/src/scrape/robots';
import { countListingPages, scrapeListingPage } from '../server/src/scrape/scrape-shop';
import { startBenchApp } from './support/bench-app';

const bench = await startBenchApp();
const { app, config, port } = bench;
const { pageFetch } = app.services;
const target = {
  baseUrl: sandboxOrigin(PETSHOP_ID, port),
  listingPath: config.SCRAPE_LISTING_PATH,
  maxPages: config.SCRAPE_MAX_PAGES,
};

console.log(`machine: ${os.cpus().length} cores, node ${process.version}`);

for (const { concurrency, delayMs } of [
  { concurrency: config.SCRAPE_CONCURRENCY, delayMs: config.SCRAPE_DELAY_MS },
  { concurrency: 16, delayMs: 0 },
]) {
  // A fresh robots.txt cache per setting, so both pay for robots.txt once, as a first run does.
  const robots = new RobotsCache();
  const pace = new InProcessHostPace();
  const newCrawl = () =>
    new Crawl({
      fetch: (url) => safeFetch(url, pageFetch),
      robots,
      userAgent: pageFetch.userAgent,
      concurrency,
      delayMs,
      pace,
      retries: config.SCRAPE_RETRIES,
    });
  // The paced run's time is set by the delay; the fast one is short, so take its best of 5.
  const times: number[] = [];
  let counts = { pages: 0, pdps: 0, scraped: 0 };
  for (let round = 0; round < (delayMs > 0 ? 1 : 5); round += 1) {
    const start = performance.now();
    counts = { pages: await countListingPages(newCrawl(), target), pdps: 0, scraped: 0 };
    for (let page = 1; page <= counts.pages; page += 1) {
      const result = await scrapeListingPage(newCrawl(), target, page);
      counts.pdps += result.totalPdps;
      counts.scraped += result.pdps.length;
    }
    times.push((performance.now() - start) / 1000);
  }
  const seconds = Math.min(...times);
  console.log(
    `concurrency ${concurrency}, delay ${delayMs} ms: ${(counts.pdps / seconds).toFixed(1)} product pages/s (${counts.pdps} product pages, ${counts.scraped} scraped, ${counts.pages} listing pages in ${seconds.toFixed(2)} s${times.length > 1 ? `, best of ${times.length}` : ''})`,
  );
}
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

await bench.close();
