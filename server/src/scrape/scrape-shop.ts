/** The MixLab run's two steps: count the listing pages, scrape one of them. */
import type { ScrapePageResponse } from '@core/schemas/scrape';
import type { Crawl } from './crawl';
import { extractProduct } from './extract-product';
import { listingUrl, productLinks, readPagination } from './listing-links';

export interface ScrapeTarget {
  baseUrl: string;
  /** Absolute path with `{page}`, e.g. `/shop/page/{page}`. */
  listingPath: string;
  maxPages: number;
}

export const NO_PRODUCT_DATA = 'no product data found';

/** A listing step that cannot answer: 400 for a page the listing lacks, 502 for a target that fails. */
export class ListingError extends Error {
  constructor(
    readonly status: 400 | 502,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The highest page number page 1 links to under the listing path; when it links to none,
 * the length of its `rel=next` chain. Never more than maxPages.
 */
export async function countListingPages(crawl: Crawl, target: ScrapeTarget): Promise<number> {
  const first = listingUrl(target.baseUrl, target.listingPath, 1);
  const fetched = await crawl.get(first);
  if (!fetched.ok)
    throw new ListingError(502, `The listing ${first} could not be read: ${fetched.reason}.`);
  const { body, finalUrl } = fetched.page;
  const pagination = readPagination(body, finalUrl, target.listingPath);
  if (pagination.highest > 1) return Math.min(pagination.highest, target.maxPages);
  let { next } = pagination;
  const seen = new Set([finalUrl]);
  let count = 1;
  while (next && !seen.has(next) && count < target.maxPages) {
    seen.add(next);
    const page = await crawl.get(next);
    if (!page.ok) break;
    count += 1;
    ({ next } = readPagination(page.page.body, page.page.finalUrl, target.listingPath));
  }
  return count;
}

/**
 * Listing page `page` and its products. A listing page that answers 404 or 410 is past
 * the end (ListingError 400); one that cannot be read otherwise gives no api_response and
 * itself as the error page, which makes the client start the run again.
 */
export async function scrapeListingPage(
  crawl: Crawl,
  target: ScrapeTarget,
  page: number,
): Promise<ScrapePageResponse> {
  const url = listingUrl(target.baseUrl, target.listingPath, page);
  const listing = await crawl.get(url);
  if (!listing.ok) {
    if (listing.status === 404 || listing.status === 410) {
      throw new ListingError(
        400,
        `The listing has no page ${page} (${url} answered HTTP ${listing.status}).`,
      );
    }
    return {
      totalPdps: 0,
      pdps: [],
      totalErrors: 1,
      errorPages: [url],
      errorReasons: [listing.reason],
    };
  }
  const links = productLinks(listing.page.body, listing.page.finalUrl, target.listingPath);
  const results = await Promise.all(
    links.map(async (link) => {
      const fetched = await crawl.get(link);
      if (!fetched.ok) return { link, error: fetched.reason };
      const product = extractProduct(fetched.page.body, fetched.page.finalUrl);
      return product ? { link, product } : { link, error: NO_PRODUCT_DATA };
    }),
  );
  const errors = results.flatMap((r) => (r.error === undefined ? [] : [r]));
  const pdps = results.flatMap((r) => (r.product ? [{ all_variants: r.product }] : []));
  return {
    api_response: { url: listing.page.finalUrl, status: listing.page.status },
    totalPdps: links.length,
    pdps,
    totalErrors: errors.length,
    errorPages: errors.map((r) => r.link),
    errorReasons: errors.map((r) => r.error),
  };
}
