/** What a product listing page (PLP) links to: its product pages and its pagination. */
import { load, type CheerioAPI } from 'cheerio';

/** Page chrome: links in these are navigation, never product cards. */
const CHROME = 'nav, header, footer, aside, [role=navigation]';

/** The URL of listing page `page` (1-based): the listing path template on the base URL. */
export function listingUrl(baseUrl: string, listingPath: string, page: number): string {
  return new URL(listingPath.replace('{page}', String(page)), baseUrl).href;
}

/** Matches `/shop/page/{page}` (path and query) on the listing's origin; gives the number. */
function listingPageNumber(listingPath: string) {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before = '', after = ''] = listingPath.split('{page}');
  const pattern = new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`);
  return (url: URL, origin: string): number | null => {
    const match = url.origin === origin ? pattern.exec(url.pathname + url.search) : null;
    return match ? Number(match[1]) : null;
  };
}

/** http(s) URLs of the anchors, made absolute, without fragments. */
function hrefs($: CheerioAPI, selector: string, pageUrl: string, outsideChrome: boolean): URL[] {
  return $(selector)
    .get()
    .filter((a) => !outsideChrome || $(a).closest(CHROME).length === 0)
    .flatMap((a) => {
      const href = $(a).attr('href') ?? '';
      if (!URL.canParse(href, pageUrl)) return [];
      const url = new URL(href, pageUrl);
      url.hash = '';
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url] : [];
    });
}

/**
 * The product pages a listing links to, in page order, each once. The rule:
 * 1. Product cards: links inside an element whose class names a product (the sandbox's
 *    `ul.product-card`, `product-item`, `products` grids…) or inside a schema.org Product
 *    microdata item, outside the page chrome (nav, header, footer, aside). These are
 *    trusted wherever they point; the fetcher's guard still vets every address.
 * 2. Without cards: links in `main` (or the body) outside the chrome, on the shop's own
 *    origin, that are not also chrome links (categories, menus) and not listing pages.
 * Listing pages (pagination) and the page itself never count.
 */
export function productLinks(html: string, pageUrl: string, listingPath: string): string[] {
  const $ = load(html);
  const origin = new URL(pageUrl).origin;
  const isListing = listingPageNumber(listingPath);
  const keep = (url: URL) => isListing(url, origin) === null && url.href !== pageUrl;
  let links = hrefs($, '[class*=product] a[href], [itemtype*=Product] a[href]', pageUrl, true);
  if (links.length === 0) {
    const chrome = new Set(hrefs($, `:is(${CHROME}) a[href]`, pageUrl, false).map((u) => u.href));
    const scope = $('main').length > 0 ? 'main a[href]' : 'body a[href]';
    links = hrefs($, scope, pageUrl, true).filter(
      (url) => url.origin === origin && !chrome.has(url.href),
    );
  }
  return [...new Set(links.filter(keep).map((url) => url.href))];
}

export interface Pagination {
  /** The highest listing page number among the page's links (at least the page's own). */
  highest: number;
  /** The page's `rel=next` link, absolute, or null. */
  next: string | null;
}

/** How far a listing's pagination reaches, read from one listing page. */
export function readPagination(html: string, pageUrl: string, listingPath: string): Pagination {
  const $ = load(html);
  const origin = new URL(pageUrl).origin;
  const pageNumber = listingPageNumber(listingPath);
  const numbers = hrefs($, 'a[href], link[href]', pageUrl, false)
    .concat(new URL(pageUrl))
    .map((url) => pageNumber(url, origin) ?? 1);
  const next = hrefs($, 'a[rel~=next][href], link[rel~=next][href]', pageUrl, false)[0];
  return { highest: Math.max(...numbers), next: next?.href ?? null };
}
