/**
 * The manifest: for every sandbox URL, the facts an analyzer should find when it fetches
 * it. Facts are read from the page model (the same content the server renders), never
 * parsed back out of HTML.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { getSandbox, locationKey } from './generate';
import { DEFAULT_SANDBOX_PORT, SANDBOX_ROBOTS_HEADER, sandboxOrigin, SANDBOX_DOMAIN } from './host';
import type {
  Canonical,
  LighthouseFault,
  Location,
  PageModel,
  PageTemplate,
  SandboxModel,
  SiteModel,
  SpeedDetails,
  SpeedProfile,
} from './model';
import { modelFacts } from './page-text';
import { weighPage, type PageWeight } from './page-weight';
import { indexSandbox, resolveLocation, type SandboxIndex } from './routing';
import { isPublished, SEASON_DAYS, type PageSchedule } from './schedule';
import { SHOP_ACCOUNT } from './shop-account';
import { schemaTypes } from './structured-data';
import { topicById } from './topics/all-topics';

/** How many words of a page's text go into its search summary. */
export const SUMMARY_WORDS = 300;

/** Sites whose `www.` host is listed in the manifest (every `www.` host redirects). */
const WWW_EXAMPLES = ['scoops', 'ticker-watch'];

/** One redirecting response: `url` answered `status` with `Location: redirectUrl`. */
export interface SandboxRedirect {
  status: number;
  url: string;
  redirectUrl: string;
}

export interface SandboxSite {
  id: string;
  name: string;
  /** `scoops.sandbox.localhost` */
  host: string;
  /** `http://scoops.sandbox.localhost:8080` */
  origin: string;
  topic: string;
  lang: string | null;
  /** Pages on the site that answer 200. */
  pageCount: number;
  /**
   * Its `/llms.txt` (https://llmstxt.org), which passes Lighthouse's `llms-txt` audit, or null:
   * the path is then the site's 404 page, which Lighthouse reports as not applicable.
   */
  llmsTxtUrl: string | null;
  /**
   * The `X-Robots-Tag` header of the site's responses: 'noindex' on every site but the
   * Lighthouse lab, whose pages Lighthouse's `is-crawlable` audit therefore fails; null when none.
   */
  robotsHeader: string | null;
}

/** A cluster of sites written about one subject in one language. */
export interface SandboxTopic {
  id: string;
  /** What the cluster is about, in its own language. */
  label: string;
  lang: string;
  /** The searches the cluster's sites are written for; the first is its main one. */
  phrases: string[];
}

export interface SandboxPage {
  /** The URL as requested. */
  url: string;
  site: string;
  /** Status after following every redirect. */
  status: number;
  finalUrl: string;
  /** The redirecting responses in order; empty when the URL answers directly. */
  redirects: SandboxRedirect[];
  /** Visible words of the final page, as `countWords` counts them (see visible-text.ts). */
  wordCount: number;
  title: string | null;
  description: string | null;
  lang: string | null;
  /** Text of the first h1 in document order. */
  h1: string | null;
  /** Text of every h2 in document order. */
  h2: string[];
  /** The canonical link resolved to an absolute URL, or null when the page has none. */
  canonical: string | null;
  /**
   * schema.org types of the page's valid JSON-LD (single objects, arrays, `@graph`) and
   * microdata, nested types included, sorted and unique.
   */
  schemaTypes: string[];
  speedProfile: SpeedProfile;
  /** What the profile's scripts do and when: the late banner, the long tasks, the blocking delay. */
  speed: SpeedDetails;
  template: PageTemplate;
  /** Whether the sandbox search index should list this URL. */
  searchable: boolean;
  /** Title, description, headings and the start of the main text, for search indexing. */
  summary: string;
  /**
   * When the page is published and updated (schedule.ts): before its `publishedDay` of the
   * season it answers 404 and no page links to it. Null for the pages that never change.
   */
  schedule: PageSchedule | null;
  /**
   * What a browser fetches to load `finalUrl` (page-weight.ts): exact requests and body
   * bytes of what every load fetches, and the lazy images apart. Worked out when first read:
   * it renders the page and its images, which would double the cost of a manifest that few
   * readers weigh.
   */
  readonly weight: PageWeight;
  /**
   * The Lighthouse audits the page fails on purpose, each with the element it flags or the
   * message it shows (lighthouse-lab.ts); empty on every page but the Lighthouse lab's
   * faulty ones. Other pages may fail audits as real pages do (a null `description` fails
   * `meta-description`, and `robotsHeader` fails `is-crawlable`), which this does not list.
   */
  lighthouseFaults: LighthouseFault[];
}

export interface SandboxShopVariant {
  sku: string;
  gtin12: string;
  name: string;
  url: string;
  price: number;
  listPrice: number | null;
  inStock: boolean;
  options: { name: string; value: string }[];
}

export interface SandboxShopProduct {
  itemNumber: string;
  url: string;
  name: string;
  brand: string;
  category: string;
  image: string;
  lowPrice: number;
  highPrice: number;
  variants: SandboxShopVariant[];
}

/** Ground truth for the pet shop scraper. */
export interface SandboxShop {
  site: string;
  listingUrls: string[];
  products: SandboxShopProduct[];
  brokenProductUrls: string[];
}

/**
 * The pet shop's demo customer and interactive pages, for Lighthouse user flows: sign in,
 * add to cart, measure (shop-account.ts). Fixed values, the same on every run. The pages
 * are not content: they are not in `pages`, the sitemap or the search index.
 */
export interface SandboxShopAccount {
  site: string;
  email: string;
  password: string;
  /**
   * The sign-in form (`#email`, `#password`, a submit button named "Sign in"): a POST with
   * the credentials answers 303 to `accountUrl` and sets the HttpOnly `sessionCookie`; wrong
   * ones answer 200 with the form and an error (role=alert).
   */
  signInUrl: string;
  /** 200 with "Your account: <email>" as its h1 when signed in, else 303 to `signInUrl`. */
  accountUrl: string;
  /** A POST here clears the session and answers 303 to `signInUrl`. */
  signOutUrl: string;
  /** Lists what the add-to-cart buttons put in `cartCookie`, or says the cart is empty. */
  cartUrl: string;
  sessionCookie: string;
  cartCookie: string;
  /** Every product page has this button (accessible name "Add to cart"). */
  addToCartSelector: string;
  /**
   * The planted long task: each add-to-cart click runs a synchronous busy loop this long,
   * then shows "Added to cart" (role=status) and the cart count. Not in a page's `speed`,
   * which is what loading the page runs.
   */
  addToCartLongTaskMs: number;
  /**
   * The planted regression: on `days` days of each season (schedule.ts) from `fromSeasonDay`,
   * the click's busy loop runs `longTaskMs` instead.
   */
  slowCartWeek: { fromSeasonDay: number; days: number; longTaskMs: number };
  /** A product page for flows: the first light page of the catalogue whose first variant is in stock. */
  productUrl: string;
}

/**
 * The pages for Lighthouse's categories beside performance (lighthouse-lab.ts): light, 200,
 * no redirects, outside the search index, on a site served without `X-Robots-Tag`.
 */
export interface SandboxLighthouseLab {
  site: string;
  /** Pages with planted faults, each listed in its page's `lighthouseFaults`. */
  faultyUrls: string[];
  /** A page of the same make that fails none of the planted audits. */
  cleanUrl: string;
  /** The one `/llms.txt` of the sandbox, on the lab's site; every other site answers 404. */
  llmsTxtUrl: string;
}

export interface SandboxManifest {
  version: 1;
  seed: number;
  port: number;
  domain: string;
  /** Length of the schedule's season in days: scheduled pages' facts repeat with it. */
  seasonDays: number;
  sites: SandboxSite[];
  /** The topics of the sites, in the order their first site is listed. */
  topics: SandboxTopic[];
  pages: SandboxPage[];
  shop: SandboxShop;
  shopAccount: SandboxShopAccount;
  lighthouseLab: SandboxLighthouseLab;
}

function absolute(location: Location, port: number): string {
  return `${sandboxOrigin(location.site, port)}${location.path}`;
}

function canonicalUrl(canonical: Canonical, port: number): string | null {
  return canonical.kind === 'none' ? null : absolute(canonical.to, port);
}

function summaryOf(page: PageModel, facts: ReturnType<typeof modelFacts>): string {
  const parts = [page.title, page.description, facts.h1, ...facts.h2, facts.mainText].filter(
    (part): part is string => part !== null && part !== '',
  );
  const text = parts.join(' ');
  // Splits only the start of the text: pages run to thousands of words, summaries to 300.
  const gaps = /\s+/g;
  let end = text.length;
  for (let gap = 0; gap < SUMMARY_WORDS; gap += 1) {
    const match = gaps.exec(text);
    if (!match) break;
    if (gap === SUMMARY_WORDS - 1) end = match.index;
  }
  return text.slice(0, end).split(/\s+/).join(' ');
}

const MAX_HOPS = 10;

/**
 * `target` with `key` worked out on first read and kept: an enumerable property like any
 * other, so JSON and deep equality see it (and work it out).
 */
function withLazy<T extends object, K extends string, V>(
  target: T,
  key: K,
  compute: () => V,
): T & Record<K, V> {
  return Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(this: T) {
      const value = compute();
      Object.defineProperty(this, key, { value, enumerable: true });
      return value;
    },
  }) as T & Record<K, V>;
}

function entryFor(
  index: SandboxIndex,
  start: { site: string; www: boolean; path: string },
  port: number,
  indexed: Set<string>,
): SandboxPage {
  const redirects: SandboxRedirect[] = [];
  let host = { site: start.site, www: start.www };
  let location: Location = { site: start.site, path: start.path };
  const urlOf = (h: typeof host, l: Location): string =>
    `${sandboxOrigin(h.www ? `www.${h.site}` : h.site, port)}${l.path}`;
  for (let hop = 0; hop <= MAX_HOPS; hop += 1) {
    const resolution = resolveLocation(index, host, location.path);
    if (resolution.kind === 'redirect') {
      redirects.push({
        status: resolution.status,
        url: urlOf(host, location),
        redirectUrl: absolute(resolution.to, port),
      });
      host = { site: resolution.to.site, www: false };
      location = resolution.to;
      continue;
    }
    if (resolution.kind !== 'page')
      throw new Error(`Manifest URL on a host that is not a site: ${start.site}`);
    const { page } = resolution;
    const facts = modelFacts(page);
    const isRedirect = redirects.length > 0;
    const site = index.sites.get(page.site) as SiteModel;
    const entry: Omit<SandboxPage, 'weight'> = {
      url: urlOf({ site: start.site, www: start.www }, { site: start.site, path: start.path }),
      site: start.site,
      status: page.status,
      finalUrl: urlOf(host, location),
      redirects,
      wordCount: facts.wordCount,
      title: page.title,
      description: page.description,
      lang: page.lang,
      h1: facts.h1,
      h2: facts.h2,
      canonical: canonicalUrl(page.canonical, port),
      schemaTypes: page.schema.encoding === 'none' ? [] : schemaTypes(page.schema.nodes),
      speedProfile: page.profile,
      speed: page.speed,
      template: page.template,
      searchable:
        page.status === 200 &&
        (isRedirect
          ? indexed.has(locationKey({ site: start.site, path: start.path })) && !start.www
          : page.searchable),
      summary: summaryOf(page, facts),
      schedule: page.schedule,
      lighthouseFaults: page.lighthouseFaults ?? [],
    };
    return withLazy(entry, 'weight', () => weighPage(page, site, port, index.images));
  }
  throw new Error(`Redirect loop from ${start.site}${start.path}`);
}

/** The manifest for the sandbox served on `port` (URLs carry the port). */
export function buildManifest(
  options: { port?: number; sandbox?: SandboxModel } = {},
): SandboxManifest {
  const port = options.port ?? DEFAULT_SANDBOX_PORT;
  const sandbox = options.sandbox ?? getSandbox();
  const index = indexSandbox(sandbox);
  const indexed = new Set(sandbox.indexedRedirects);
  const starts = [
    ...sandbox.pages.map((page) => ({ site: page.site, www: false, path: page.path })),
    ...sandbox.redirects.map((rule) => ({
      site: rule.from.site,
      www: false,
      path: rule.from.path,
    })),
    ...WWW_EXAMPLES.map((site) => ({ site, www: true, path: '/' })),
  ];
  const pages = starts
    .map((start) => entryFor(index, start, port, indexed))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const shop = sandbox.shop;
  const url = (p: string): string => absolute({ site: shop.site, path: p }, port);
  return {
    version: 1,
    seed: sandbox.seed,
    port,
    domain: SANDBOX_DOMAIN,
    seasonDays: SEASON_DAYS,
    sites: sandbox.sites.map((site) => ({
      id: site.id,
      name: site.name,
      host: `${site.id}.${SANDBOX_DOMAIN}`,
      origin: sandboxOrigin(site.id, port),
      topic: site.topic,
      lang: site.lang,
      pageCount: sandbox.pages.filter((page) => page.site === site.id && page.status === 200)
        .length,
      llmsTxtUrl: site.llmsTxt ? absolute({ site: site.id, path: '/llms.txt' }, port) : null,
      robotsHeader: site.indexable ? null : SANDBOX_ROBOTS_HEADER,
    })),
    topics: [...new Set(sandbox.sites.map((site) => site.topic))].map((id) => {
      const topic = topicById(id);
      return { id, label: topic.label, lang: topic.lang, phrases: [...topic.phrases] };
    }),
    pages,
    shop: {
      site: shop.site,
      listingUrls: shop.listingPaths.map(url),
      products: shop.products.map((product) => {
        const prices = product.variants.map((variant) => variant.price);
        return {
          itemNumber: product.itemNumber,
          url: url(product.path),
          name: product.name,
          brand: product.brand,
          category: product.category,
          image: url(`/images/${product.image}.png`),
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          variants: product.variants.map(({ path: variantPath, ...variant }) => ({
            ...variant,
            url: url(variantPath),
          })),
        };
      }),
      brokenProductUrls: shop.brokenProductPaths.map(url),
    },
    shopAccount: shopAccountOf(index, port),
    lighthouseLab: lighthouseLabOf(sandbox, pages, port),
  };
}

function lighthouseLabOf(
  sandbox: SandboxModel,
  pages: readonly SandboxPage[],
  port: number,
): SandboxLighthouseLab {
  const { site, cleanPath } = sandbox.lighthouseLab;
  if (!sandbox.sites.find((candidate) => candidate.id === site)?.llmsTxt)
    throw new Error('The Lighthouse lab’s site needs its llms.txt');
  return {
    site,
    faultyUrls: pages
      .filter((page) => page.site === site && page.lighthouseFaults.length > 0)
      .map((page) => page.url),
    cleanUrl: absolute({ site, path: cleanPath }, port),
    llmsTxtUrl: absolute({ site, path: '/llms.txt' }, port),
  };
}

function shopAccountOf(index: SandboxIndex, port: number): SandboxShopAccount {
  const { shop } = index.sandbox;
  const url = (p: string): string => absolute({ site: shop.site, path: p }, port);
  const product = shop.products.find(
    (candidate) =>
      index.pages.get(locationKey({ site: shop.site, path: candidate.path }))?.profile ===
        'light' && candidate.variants[0]?.inStock,
  );
  if (!product) throw new Error('The pet shop needs a light product page in stock');
  return {
    site: shop.site,
    email: SHOP_ACCOUNT.email,
    password: SHOP_ACCOUNT.password,
    signInUrl: url(SHOP_ACCOUNT.signInPath),
    accountUrl: url(SHOP_ACCOUNT.accountPath),
    signOutUrl: url(SHOP_ACCOUNT.signOutPath),
    cartUrl: url(SHOP_ACCOUNT.cartPath),
    sessionCookie: SHOP_ACCOUNT.sessionCookie,
    cartCookie: SHOP_ACCOUNT.cartCookie,
    addToCartSelector: SHOP_ACCOUNT.addToCartSelector,
    addToCartLongTaskMs: SHOP_ACCOUNT.addToCartLongTaskMs,
    slowCartWeek: { ...SHOP_ACCOUNT.slowCartWeek },
    productUrl: url(product.path),
  };
}

/** What the URL answers on sandbox day `day`: a scheduled page answers 404 until it is published. */
export function statusOnDay(page: SandboxPage, day: number): number {
  return page.schedule && !isPublished(page.schedule, day) ? 404 : page.status;
}

const shared = new Map<number, SandboxManifest>();

/**
 * The manifest of the default sandbox on `port`, built once per process and port and shared
 * by every reader: the search index and the keyword backgrounds built from it are kept per
 * manifest, so the many apps a test file builds build them once. Read it, never change it.
 */
export function sharedManifest(port: number): SandboxManifest {
  let manifest = shared.get(port);
  if (!manifest) shared.set(port, (manifest = buildManifest({ port })));
  return manifest;
}

/** Writes the manifest as `manifest.json` into `dir` (created if needed); returns the file's path. */
export async function writeManifest(
  dir: string,
  manifest: SandboxManifest = buildManifest(),
): Promise<string> {
  const file = path.join(dir, 'manifest.json');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return file;
}

/**
 * The page's summary with a break between its parts (title, description, headings, main
 * text), which it runs together: words either side of one are not said together.
 */
export function summaryInParts(page: SandboxPage): string {
  const head = [page.title, page.description, page.h1, ...page.h2].filter(
    (part): part is string => part !== null && part !== '',
  );
  const headText = head.join(' ').split(/\s+/).join(' ');
  if (!page.summary.startsWith(headText)) return page.summary;
  return [...head, page.summary.slice(headText.length)].join(' · ');
}
