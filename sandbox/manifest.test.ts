import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCKING_DELAYS_MS, generateSandbox, getSandbox, MAX_WORDS, MIN_WORDS } from './generate';
import { buildManifest, writeManifest, type SandboxPage } from './manifest';
import { SPEED_PROFILES } from './model';
import { SITE_SPECS } from './sites';

const manifest = buildManifest({ port: 8080 });
const direct = manifest.pages.filter((page) => page.status === 200 && page.redirects.length === 0);
const chains = manifest.pages.filter((page) => page.redirects.length > 0);

/** Lowercase words of each searchable summary, a simple stand-in for the search index. */
const searchable = manifest.pages
  .filter((page) => page.searchable)
  .map((page) => ({ page, words: new Set(page.summary.toLowerCase().split(/[^\p{L}\p{N}]+/u)) }));

function matching(query: string): SandboxPage[] {
  const terms = query.toLowerCase().split(' ');
  return searchable
    .filter(({ words }) => terms.every((term) => words.has(term)))
    .map(({ page }) => page);
}

describe('sandbox generation', () => {
  // Its speed is a figure of bench/sandbox-bench.ts.
  it('is deterministic: two generations give byte-identical manifests', () => {
    const first = JSON.stringify(buildManifest({ port: 8080, sandbox: generateSandbox() }));
    const second = JSON.stringify(buildManifest({ port: 8080, sandbox: generateSandbox() }));
    expect(first === second).toBe(true);
    expect(JSON.stringify(manifest)).toBe(first);
  });

  it('has at least 40 sites and 400 pages, every site with pages', () => {
    expect(manifest.sites.length).toBeGreaterThanOrEqual(40);
    expect(direct.length).toBeGreaterThanOrEqual(400);
    for (const site of manifest.sites) expect(site.pageCount, site.id).toBeGreaterThan(2);
    expect(new Set(manifest.sites.map((site) => site.host)).size).toBe(manifest.sites.length);
  });

  it('gives each of the six main clusters at least ten sites', () => {
    const clusters = [
      ['ice-cream', 'es-helados'],
      ['dog-food', 'de-hundefutter'],
      ['web-performance', 'fr-performance-web'],
      ['truck-parts'],
      ['florida-travel', 'es-viajes-florida', 'pt-viagem-florida'],
      ['stock-market'],
    ];
    for (const topics of clusters) {
      const sites = manifest.sites.filter((site) => topics.includes(site.topic));
      expect(sites.length, topics[0]).toBeGreaterThanOrEqual(10);
    }
  });

  it('puts the port in every URL', () => {
    for (const page of manifest.pages) expect(new URL(page.url).port).toBe('8080');
    expect(buildManifest({ port: 80 }).sites[0]?.origin).toBe('http://scoops.sandbox.localhost');
  });

  it('covers the common schema.org types, in every encoding, and leaves some pages without any', () => {
    const seen = new Set(manifest.pages.flatMap((page) => page.schemaTypes));
    for (const type of [
      'Article',
      'Product',
      'FAQPage',
      'Recipe',
      'BreadcrumbList',
      'Organization',
      'LocalBusiness',
      'HowTo',
      'Event',
      'Review',
      'WebPage',
      'VideoObject',
      'ProductGroup',
      'WebSite',
      'ItemList',
    ]) {
      expect(seen, type).toContain(type);
    }
    expect(direct.filter((page) => page.schemaTypes.length === 0).length).toBeGreaterThan(40);
    const sandbox = getSandbox();
    const encodings = new Set(sandbox.pages.map((page) => page.schema.encoding));
    expect([...encodings].sort()).toEqual([
      'json-ld',
      'json-ld-array',
      'json-ld-graph',
      'microdata',
      'none',
    ]);
    expect(sandbox.pages.some((page) => page.schema.broken)).toBe(true);
  });

  it('writes pages in several languages, some without a lang attribute', () => {
    const primary = new Set(direct.map((page) => page.lang?.split('-')[0]));
    for (const lang of ['en', 'es', 'fr', 'de', 'pt']) expect(primary, lang).toContain(lang);
    expect(direct.some((page) => page.lang === null)).toBe(true);
    const german = direct.find(
      (page) => page.site === 'hundefutter' && page.template === 'article',
    );
    expect(german?.summary).toMatch(/Hundefutter/);
  });

  it('varies titles, descriptions and headings as real pages do', () => {
    expect(direct.some((page) => page.title === null)).toBe(true);
    expect(direct.some((page) => (page.title?.length ?? 0) > 70)).toBe(true);
    expect(direct.filter((page) => page.description === null).length).toBeGreaterThan(50);
    expect(direct.some((page) => page.h1 === null)).toBe(true);
    expect(direct.filter((page) => page.h2.length === 0).length).toBeGreaterThan(20);
    expect(direct.some((page) => page.h2.length >= 10)).toBe(true);
    // Site habits: a theme without h1 below the home page, and no canonical links at all.
    const sitesWith = (quirk: string) =>
      SITE_SPECS.filter((spec) => spec.quirks?.some((q) => q === quirk)).map((spec) => spec.id);
    const pagesOf = (sites: string[]) => direct.filter((page) => sites.includes(page.site));
    expect(sitesWith('no-h1').length).toBeGreaterThan(0);
    for (const page of pagesOf(sitesWith('no-h1')))
      if (page.template !== 'home') expect(page.h1, page.url).toBeNull();
    expect(pagesOf(sitesWith('no-canonical')).every((page) => page.canonical === null)).toBe(true);
    // pint-report's logo is an h1, so it is every page's first h1.
    expect(
      direct
        .filter((page) => page.site === 'pint-report')
        .every((page) => page.h1 === 'The Pint Report'),
    ).toBe(true);
  });

  it('uses every speed profile', () => {
    const profiles = new Set(direct.map((page) => page.speedProfile));
    expect([...profiles].sort()).toEqual([...SPEED_PROFILES].sort());
    const blocking = getSandbox().pages.filter((page) => page.profile === 'render-blocking');
    for (const page of blocking) expect(BLOCKING_DELAYS_MS).toContain(page.speed.blockingDelayMs);
  });

  it('keeps visible word counts between 50 and 3,000, short and long pages alike', () => {
    for (const page of direct) {
      expect(page.wordCount, page.url).toBeGreaterThanOrEqual(MIN_WORDS);
      expect(page.wordCount, page.url).toBeLessThanOrEqual(MAX_WORDS);
    }
    expect(direct.filter((page) => page.wordCount < 100).length).toBeGreaterThan(5);
    expect(direct.filter((page) => page.wordCount > 2500).length).toBeGreaterThan(5);
  });

  it('has canonicals to self, to another URL, and none', () => {
    expect(direct.filter((page) => page.canonical === page.url).length).toBeGreaterThan(200);
    expect(direct.filter((page) => page.canonical === null).length).toBeGreaterThan(50);
    const elsewhere = direct.filter(
      (page) => page.canonical !== null && page.canonical !== page.url,
    );
    expect(
      elsewhere.some((page) => new URL(page.canonical as string).host !== new URL(page.url).host),
    ).toBe(true);
    expect(elsewhere.some((page) => page.template === 'print')).toBe(true);
    expect(getSandbox().pages.some((page) => page.canonical.kind === 'relative')).toBe(true);
  });

  it('has 301 and 302 redirect chains of one to three hops, one ending in a 404', () => {
    const lengths = new Set(chains.map((page) => page.redirects.length));
    expect([...lengths].sort()).toEqual([1, 2, 3]);
    expect(new Set(chains.flatMap((page) => page.redirects.map((hop) => hop.status)))).toEqual(
      new Set([301, 302]),
    );
    const dead = chains.filter((page) => page.status === 404);
    expect(dead.some((page) => page.redirects.length === 2)).toBe(true);
    for (const page of chains) {
      expect(page.redirects[0]?.url).toBe(page.url);
      page.redirects.forEach((hop, i) =>
        expect(page.redirects[i + 1]?.url ?? page.finalUrl).toBe(hop.redirectUrl),
      );
    }
    expect(chains.some((page) => new URL(page.url).hostname.startsWith('www.'))).toBe(true);
    expect(
      chains.some(
        (page) =>
          new URL(page.url).host !== new URL(page.finalUrl).host && !page.url.includes('//www.'),
      ),
    ).toBe(true);
  });

  it('answers six everyday queries with at least ten pages, and broad ones with a hundred', () => {
    for (const query of [
      'ice cream flavors',
      'aftermarket truck parts',
      'cities in florida',
      'core web vitals',
      'dog food',
      'stock tickers',
    ]) {
      expect(matching(query).length, query).toBeGreaterThanOrEqual(10);
    }
    for (const query of ['ice cream', 'dog food', 'core web vitals'])
      expect(matching(query).length, query).toBeGreaterThanOrEqual(100);
  });

  it('describes the pet shop catalogue: listing pages, products, variants and dead links', () => {
    const { shop } = manifest;
    expect(shop.listingUrls).toHaveLength(4);
    expect(shop.products.length).toBeGreaterThanOrEqual(40);
    const skus = shop.products.flatMap((product) => product.variants.map((variant) => variant.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of shop.products) {
      expect(product.variants.length).toBeGreaterThan(0);
      expect(product.lowPrice).toBeLessThanOrEqual(product.highPrice);
      for (const variant of product.variants) {
        const digits = [...variant.gtin12].map(Number);
        const sum = digits
          .slice(0, 11)
          .reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
        expect((10 - (sum % 10)) % 10, variant.gtin12).toBe(digits[11]);
        expect(variant.url.startsWith(`${product.url}?variant=`)).toBe(true);
      }
    }
    expect(
      shop.products.some((product) =>
        product.variants.some((variant) => variant.options.length === 3),
      ),
    ).toBe(true);
    expect(
      shop.products.some((product) =>
        product.variants.some((variant) => variant.listPrice !== null),
      ),
    ).toBe(true);
    const productPage = manifest.pages.find((page) => page.url === shop.products[0]?.url);
    expect(productPage?.schemaTypes).toEqual(
      expect.arrayContaining(['Offer', 'Product', 'ProductGroup']),
    );
    const statuses = shop.brokenProductUrls.map(
      (url) => manifest.pages.find((page) => page.url === url)?.status,
    );
    expect(statuses.sort()).toEqual([404, 410]);
  });

  it('writes manifest.json into a directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-manifest-'));
    try {
      const file = await writeManifest(path.join(dir, 'sandbox'), manifest);
      expect(file).toBe(path.join(dir, 'sandbox', 'manifest.json'));
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(manifest);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
