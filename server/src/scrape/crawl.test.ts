import { describe, expect, it } from 'vitest';
import { FetchRefused, safeFetch, type FetchedPage } from '../http/safe-fetch';
import { InProcessHostPace } from '../politeness';
import { Crawl, DISALLOWED, type CrawlSettings } from './crawl';
import { RobotsCache } from './robots';
import { countListingPages, ListingError, NO_PRODUCT_DATA, scrapeListingPage } from './scrape-shop';

const SHOP = 'http://shop.test';
const UA = 'SpeedRank/1.0 (+page facts)';
const target = { baseUrl: SHOP, listingPath: '/shop/page/{page}', maxPages: 5 };

type Answer = { status: number; body?: string } | Error;

/**
 * A fake shop on a public-looking host; any other host goes to the real SSRF guard. An
 * array answers in turn (the last one repeats); unknown paths answer 404.
 */
function fakeShop(site: Record<string, Answer | Answer[]>) {
  const calls: string[] = [];
  const times: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (url: string): Promise<FetchedPage> => {
    if (!url.startsWith(SHOP)) {
      return safeFetch(url, {
        sandbox: { enabled: false, appPort: 0 },
        timeoutMs: 2_000,
        maxBytes: 1_000_000,
        maxRedirects: 5,
        userAgent: UA,
      });
    }
    calls.push(url.slice(SHOP.length));
    times.push(performance.now());
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    const entry = site[url.slice(SHOP.length)] ?? { status: 404 };
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift()! : entry[0]!) : entry;
    if (answer instanceof Error) throw answer;
    const body = answer.body ?? '';
    return {
      finalUrl: url,
      status: answer.status,
      contentType: 'text/html',
      body,
      redirects: [],
      truncated: false,
    };
  };
  return { fetch, calls, times, maxInFlight: () => maxInFlight };
}

const crawlOf = (fetch: CrawlSettings['fetch'], settings: Partial<CrawlSettings> = {}) =>
  new Crawl({
    fetch,
    robots: new RobotsCache(),
    userAgent: UA,
    concurrency: 4,
    delayMs: 0,
    pace: new InProcessHostPace(),
    retries: 2,
    backoffMs: 1,
    ...settings,
  });

const listing = (...hrefs: string[]) => ({
  status: 200,
  body: hrefs
    .map((href) => `<ul class="product-card"><li><a href="${href}">x</a></li></ul>`)
    .join(''),
});
const product = (sku: string) => ({
  status: 200,
  body: `<script type="application/ld+json">${JSON.stringify({
    '@type': 'Product',
    name: `Toy ${sku}`,
    sku,
    offers: { '@type': 'Offer', price: '5.00' },
  })}</script>`,
});

describe('scraping a listing page', () => {
  it('honours robots.txt: a disallowed product page is an error page and never fetched', async () => {
    const shop = fakeShop({
      '/robots.txt': { status: 200, body: 'User-agent: *\nDisallow: /p/secret\n' },
      '/shop/page/1': listing('/p/ok-1', '/p/secret-2'),
      '/p/ok-1': product('OK-1'),
      '/p/secret-2': product('SECRET-2'),
    });
    const result = await scrapeListingPage(crawlOf(shop.fetch), target, 1);
    expect(result.pdps.map((p) => p.all_variants.sku)).toEqual(['OK-1']);
    expect(result.errorPages).toEqual([`${SHOP}/p/secret-2`]);
    expect(result.errorReasons).toEqual([DISALLOWED]);
    expect(shop.calls.sort()).toEqual(['/p/ok-1', '/robots.txt', '/shop/page/1']);
  });

  it('matches robots.txt groups by the user agent product token', async () => {
    const shop = fakeShop({
      '/robots.txt': {
        status: 200,
        body: 'User-agent: speedrank\nDisallow: /p/\n\nUser-agent: *\nAllow: /\n',
      },
      '/shop/page/1': listing('/p/ok-1'),
    });
    const result = await scrapeListingPage(crawlOf(shop.fetch), target, 1);
    expect(result.errorReasons).toEqual([DISALLOWED]);
  });

  it('never fetches a private address a listing links to: the guard refuses it', async () => {
    const shop = fakeShop({
      '/shop/page/1': listing('http://10.0.0.1/p/x', 'http://127.0.0.1:1/', '/p/ok-1'),
      '/p/ok-1': product('OK-1'),
    });
    const result = await scrapeListingPage(crawlOf(shop.fetch), target, 1);
    expect(result.totalPdps).toBe(3);
    expect(result.pdps).toHaveLength(1);
    expect(result.errorPages).toEqual(['http://10.0.0.1/p/x', 'http://127.0.0.1:1/']);
    for (const reason of result.errorReasons) expect(reason).toMatch(/private or local address/);
  });

  it('retries network errors, 5xx and 429 with backoff, but never 404 or 410', async () => {
    const shop = fakeShop({
      '/shop/page/1': listing('/p/flaky', '/p/busy', '/p/gone', '/p/down', '/p/blip', '/p/blank'),
      '/p/flaky': [{ status: 503 }, { status: 502 }, product('FLAKY')],
      '/p/busy': [{ status: 429 }, product('BUSY')],
      '/p/gone': { status: 410 },
      '/p/down': { status: 500 },
      '/p/blip': [new FetchRefused('network', 'reset'), product('BLIP')],
      '/p/blank': { status: 200, body: '<h1>Not a product</h1>' },
    });
    const result = await scrapeListingPage(crawlOf(shop.fetch), target, 1);
    expect(result.pdps.map((p) => p.all_variants.sku).sort()).toEqual(['BLIP', 'BUSY', 'FLAKY']);
    expect(result.errorPages.map((url, i) => `${url} ${result.errorReasons[i]}`)).toEqual([
      `${SHOP}/p/gone HTTP 410`,
      `${SHOP}/p/down HTTP 500`,
      `${SHOP}/p/blank ${NO_PRODUCT_DATA}`,
    ]);
    const count = (path: string) => shop.calls.filter((c) => c === path).length;
    expect([count('/p/flaky'), count('/p/busy'), count('/p/gone'), count('/p/down')]).toEqual([
      3, 2, 1, 3,
    ]);
  });

  it('keeps requests to one host delayMs apart and at most `concurrency` in flight', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`/p/${i}`, product(`P${i}`)]),
    );
    const paced = fakeShop({ '/shop/page/1': listing(...Object.keys(pages)), ...pages });
    await scrapeListingPage(crawlOf(paced.fetch, { delayMs: 40 }), target, 1);
    // The pace books starts 40 ms apart. A timer that fires late on a busy machine shortens
    // the one gap after it, but never brings a start before its booking: the k-th request
    // starts at least k delays after the first (the pace counts whole milliseconds).
    const startsBeforeBooking = (times: number[]) => {
      const starts = [...times].sort((a, b) => a - b);
      return starts
        .map((time, k) => ({ k, after: Math.round(time - starts[0]!) }))
        .filter(({ k, after }) => after < k * 40 - 2);
    };
    expect(startsBeforeBooking(paced.times)).toEqual([]);

    // Two listing pages scraped at once by crawls sharing the pace: one pace, not two.
    const shared = fakeShop({
      '/shop/page/1': listing(...Object.keys(pages).slice(0, 3)),
      '/shop/page/2': listing(...Object.keys(pages).slice(3)),
      ...pages,
    });
    const common = { delayMs: 40, pace: new InProcessHostPace(), robots: new RobotsCache() };
    await Promise.all(
      [1, 2].map((n) => scrapeListingPage(crawlOf(shared.fetch, common), target, n)),
    );
    expect(shared.calls).toHaveLength(9);
    expect(startsBeforeBooking(shared.times)).toEqual([]);

    const bounded = fakeShop({ '/shop/page/1': listing(...Object.keys(pages)), ...pages });
    await scrapeListingPage(crawlOf(bounded.fetch, { concurrency: 2 }), target, 1);
    expect(bounded.maxInFlight()).toBe(2);
  });

  it('answers a listing page that cannot be read without api_response, itself the error page', async () => {
    const shop = fakeShop({ '/shop/page/1': { status: 500 } });
    expect(await scrapeListingPage(crawlOf(shop.fetch, { retries: 0 }), target, 1)).toEqual({
      totalPdps: 0,
      pdps: [],
      totalErrors: 1,
      errorPages: [`${SHOP}/shop/page/1`],
      errorReasons: ['HTTP 500'],
    });
  });

  it('says a listing page that answers 404 is past the end', async () => {
    const shop = fakeShop({});
    await expect(scrapeListingPage(crawlOf(shop.fetch), target, 3)).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('counting listing pages', () => {
  const page = (body: string) => ({ status: 200, body });

  it('takes the highest page linked from page 1, capped at maxPages', async () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => `<a href="/shop/page/${i + 1}">${i + 1}</a>`).join('');
    const three = fakeShop({ '/shop/page/1': page(links(3)) });
    expect(await countListingPages(crawlOf(three.fetch), target)).toBe(3);
    const many = fakeShop({ '/shop/page/1': page(links(40)) });
    expect(await countListingPages(crawlOf(many.fetch), target)).toBe(5);
  });

  it('follows rel=next when page 1 links no numbered pages', async () => {
    const shop = fakeShop({
      '/shop/page/1': page('<link rel="next" href="/shop/more?after=a">'),
      '/shop/more?after=a': page('<a rel="next" href="/shop/more?after=b">Next</a>'),
      '/shop/more?after=b': page('<a rel="next" href="/shop/more?after=a">loop</a>'),
    });
    expect(await countListingPages(crawlOf(shop.fetch), target)).toBe(3);
  });

  it('fails with 502 when page 1 cannot be read', async () => {
    const shop = fakeShop({ '/shop/page/1': { status: 503 } });
    const counting = countListingPages(crawlOf(shop.fetch, { retries: 0 }), target);
    await expect(counting).rejects.toBeInstanceOf(ListingError);
    await expect(counting).rejects.toMatchObject({ status: 502 });
  });
});

describe('RobotsCache', () => {
  it('fetches robots.txt once per origin while fresh, for every crawl that shares it', async () => {
    let now = 0;
    const robots = new RobotsCache(() => now);
    const shop = fakeShop({
      '/robots.txt': { status: 200, body: 'User-agent: *\nDisallow: /cart\n' },
    });
    const ask = (path: string) => robots.allows(`${SHOP}${path}`, UA, shop.fetch);
    expect(await Promise.all([ask('/p/1'), ask('/cart'), ask('/p/2')])).toEqual([
      true,
      false,
      true,
    ]);
    expect(shop.calls).toEqual(['/robots.txt']);
    now += 10 * 60_000;
    await ask('/p/3');
    expect(shop.calls).toEqual(['/robots.txt', '/robots.txt']);
  });

  it('allows everything when robots.txt is missing or unreadable', async () => {
    const robots = new RobotsCache();
    const missing = fakeShop({ '/robots.txt': { status: 404, body: 'Disallow: /' } });
    expect(await robots.allows(`${SHOP}/p/1`, UA, missing.fetch)).toBe(true);
    const failing = fakeShop({ '/robots.txt': new FetchRefused('timeout', 'slow') });
    expect(await new RobotsCache().allows(`${SHOP}/p/1`, UA, failing.fetch)).toBe(true);
  });
});
