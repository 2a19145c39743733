import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIXLAB_PASSWORD_HEADER, type ScrapedProduct } from '@core/schemas/scrape';
import { buildManifest, type SandboxManifest } from '@sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { signUp } from '../../../test/users';

const API = '/backend-service/v1';
const PASSWORD = 'kibble and bits';

/** The app listening for real, so the pet shop answers on the port the manifest names. */
let t: TestApp;
let manifest: SandboxManifest;
let auth: Record<string, string>;
beforeAll(async () => {
  const port = await freePort();
  // No politeness delay: the crawler's pacing has its own unit tests.
  t = await buildTestApp({
    env: { PORT: String(port), MIXLAB_PASSWORD: PASSWORD, SCRAPE_DELAY_MS: '0' },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  manifest = buildManifest({ port });
  auth = (await signUp(t.app)).headers;
}, 60_000);
afterAll(async () => t?.close());

const post = (
  url: string,
  headers: Record<string, string>,
  payload?: object,
  remoteAddress = '127.0.0.1',
) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload, remoteAddress });
const withPassword = (password = PASSWORD) => ({ ...auth, [MIXLAB_PASSWORD_HEADER]: password });

describe('scraping the sandbox pet shop (ground truth)', () => {
  it('finds every product and variant the shop has, and its dead links as error pages', async () => {
    const plps = await post('/scrapePLPs', withPassword());
    expect(plps.statusCode).toBe(200);
    expect(plps.json()).toEqual({
      totalPages: manifest.shop.listingUrls.length,
      listingUrl: manifest.shop.listingUrls[0],
    });

    const products: ScrapedProduct[] = [];
    const errors: string[] = [];
    let totalPdps = 0;
    for (let page = 1; page <= plps.json().totalPages; page += 1) {
      const res = await post('/scrapePage', withPassword(), { page });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.api_response).toEqual({ url: manifest.shop.listingUrls[page - 1], status: 200 });
      expect(body.totalErrors).toBe(body.errorPages.length);
      totalPdps += body.totalPdps;
      products.push(...body.pdps.map((p: { all_variants: ScrapedProduct }) => p.all_variants));
      errors.push(
        ...body.errorPages.map((url: string, i: number) => `${url} ${body.errorReasons[i]}`),
      );
    }

    const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
    const truth = manifest.shop.products.map((p) => {
      const first = p.variants[0]!;
      return {
        item_number: p.itemNumber,
        url: p.url,
        name: p.name,
        brand: p.brand,
        image: p.image,
        sku: first.sku,
        gtin12: first.gtin12,
        offerCount: p.variants.length,
        lowPrice: p.lowPrice,
        highPrice: p.highPrice,
        compound: p.variants.length > 1,
        availability: first.inStock ? 'InStock' : 'OutOfStock',
        extractedFrom: 'json-ld',
        variants: p.variants.map((v) => ({
          sku: v.sku,
          url: v.url,
          name: v.name,
          price: v.price,
          listPrice: v.listPrice,
          variant_types: v.options.map((o) => ({ type: o.name, value: o.value })),
        })),
      };
    });
    expect(products.sort(byUrl)).toEqual(truth.sort(byUrl));
    const statusOf = (url: string) => manifest.pages.find((p) => p.url === url)!.status;
    expect(errors.sort()).toEqual(
      manifest.shop.brokenProductUrls.map((url) => `${url} HTTP ${statusOf(url)}`).sort(),
    );
    expect(totalPdps).toBe(truth.length + manifest.shop.brokenProductUrls.length);
  }, 60_000);

  it('answers 400 for a page past the listing or past the cap', async () => {
    const past = await post('/scrapePage', withPassword(), {
      page: manifest.shop.listingUrls.length + 1,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/no page/);
    const capped = await post('/scrapePage', withPassword(), { page: 201 });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().message).toMatch(/At most 200/);
  });
});

describe('who may scrape', () => {
  it('needs a signed-in user on both endpoints, before anything else', async () => {
    const header = { [MIXLAB_PASSWORD_HEADER]: PASSWORD };
    for (const res of [
      await post('/scrapePLPs', header),
      await post('/scrapePage', header, { page: 1 }),
      await post('/scrapePage', {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in/);
    }
  });

  it('needs the password on both endpoints', async () => {
    for (const res of [
      await post('/scrapePLPs', withPassword('kibble'), undefined, '10.1.0.1'),
      await post('/scrapePage', withPassword('kibble'), { page: 1 }, '10.1.0.1'),
      await post('/scrapePage', auth, { page: 1 }, '10.1.0.1'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/password/);
    }
  });

  it('unlocks the page with the right password only, signed in or not', async () => {
    const right = await post('/mixlab/unlock', { [MIXLAB_PASSWORD_HEADER]: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ status: 'SUCCESS' });
    const wrong = await post('/mixlab/unlock', { [MIXLAB_PASSWORD_HEADER]: 'Kibble and bits' });
    expect(wrong.statusCode).toBe(403);
    expect((await post('/mixlab/unlock', {})).statusCode).toBe(403);
  });

  it('throttles wrong tries per IP across the endpoints, then refuses even the right one', async () => {
    const ip = '10.1.0.2';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/mixlab/unlock', { [MIXLAB_PASSWORD_HEADER]: `x${i}` }, undefined, ip))
          .statusCode,
      ).toBe(403);
      expect((await post('/scrapePLPs', withPassword(`y${i}`), undefined, ip)).statusCode).toBe(
        403,
      );
    }
    const limited = await post(
      '/mixlab/unlock',
      { [MIXLAB_PASSWORD_HEADER]: PASSWORD },
      undefined,
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/scrapePLPs', withPassword(), undefined, ip)).statusCode).toBe(429);
    // Another IP is not affected.
    expect(
      (await post('/mixlab/unlock', { [MIXLAB_PASSWORD_HEADER]: PASSWORD }, undefined, '10.1.0.3'))
        .statusCode,
    ).toBe(200);
  });
});
