import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TYPES, type Resources, type ResourceType } from '@core/budgets/resources';
import { buildManifest, type SandboxPage } from './manifest';
import type { PageWeight } from './page-weight';
import { PETSHOP_ID } from './petshop';
import { sandboxDay, SEASON_DAYS, seasonDay } from './schedule';
import { sandboxSites } from './serve';

const manifest = buildManifest({ port: 8080 });
// The season's last day, when every scheduled page is published; its dates are this
// year's, not the ones the weights were worked out with.
const today = sandboxDay(new Date());
const day = today - seasonDay(today) + SEASON_DAYS - 1;

let server: FastifyInstance;
beforeAll(async () => {
  server = Fastify();
  await server.register(sandboxSites, { enabled: true, assetDelayFactor: 0, day: () => day });
  await server.ready();
});
afterAll(() => server.close());

function get(url: string) {
  const parsed = new URL(url);
  return server.inject({
    url: `${parsed.pathname}${parsed.search}`,
    headers: { host: parsed.host },
  });
}

type Fetched = { type: Extract<ResourceType, 'stylesheet' | 'script' | 'image'>; path: string };

/**
 * The files a served page's markup makes a browser fetch, read back from the HTML rather
 * than the model: stylesheets, scripts, images and video posters, lazy images apart. It
 * checks too that nothing else in the markup fetches.
 */
function linkedFiles(html: string): { eager: Fetched[]; lazy: Fetched[] } {
  const all = (pattern: RegExp) => [...html.matchAll(pattern)];
  const stylesheets = all(/<link rel="stylesheet" href="([^"]+)">/g);
  const scripts = all(/<script src="([^"]+)"><\/script>/g);
  const images = all(/<img src="([^"]+)"[^>]*>/g);
  const posters = all(/<video controls preload="none"[^>]* poster="([^"]+)">/g);
  // Every other src is a video's source, which preload=none leaves unfetched; every other
  // link is canonical, prev, next or the data: icon.
  expect(all(/ src="/g).length).toBe(scripts.length + images.length + posters.length);
  expect(all(/<source /g).length).toBe(posters.length);
  expect(all(/<link rel="/g).length - stylesheets.length).toBe(
    all(/<link rel="(canonical|prev|next)"|<link rel="icon" href="data:,">/g).length,
  );
  const file = (type: Fetched['type']) => (match: RegExpMatchArray) => ({
    type,
    path: match[1] as string,
  });
  const eager = [
    ...stylesheets.map(file('stylesheet')),
    ...scripts.map(file('script')),
    ...images.filter((img) => !img[0].includes(' loading="lazy"')).map(file('image')),
    ...posters.map(file('image')),
  ];
  const lazy = images.filter((img) => img[0].includes(' loading="lazy"')).map(file('image'));
  // A URL is fetched once per load: a lazy image also shown eagerly costs nothing more.
  const once = (files: Fetched[], seen: Set<string>) =>
    files.filter((f) => !seen.has(f.path) && seen.add(f.path));
  const seen = new Set<string>();
  return { eager: once(eager, seen), lazy: once(lazy, seen) };
}

/**
 * Body bytes of each file served, by URL: most pages load the same few files. Images are
 * served by name alone, the same on every site, and photos weigh megabytes: they count by
 * path.
 */
const served = new Map<string, number>();
async function bytesOf(url: string): Promise<number> {
  const { pathname } = new URL(url);
  const key = pathname.startsWith('/images/') ? pathname : url;
  let bytes = served.get(key);
  if (bytes === undefined) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    // A stylesheet that fetched fonts or images would weigh more than itself.
    if (url.endsWith('.css')) expect(res.body, url).not.toContain('url(');
    bytes = res.rawPayload.length;
    served.set(key, bytes);
  }
  return bytes;
}

/** What loading `page` fetches, measured on the server. */
async function measure(page: SandboxPage): Promise<PageWeight> {
  const res = await get(page.finalUrl);
  expect(res.statusCode, page.finalUrl).toBe(page.status);
  const eager = Object.fromEntries(
    RESOURCE_TYPES.map((type) => [type, { requests: 0, bytes: 0 }]),
  ) as Resources;
  const add = (type: ResourceType, bytes: number) => {
    for (const row of [eager[type], eager.total]) {
      row.requests += 1;
      row.bytes += bytes;
    }
  };
  add('document', res.rawPayload.length);
  const files = linkedFiles(res.body);
  const url = (file: Fetched) => new URL(file.path, page.finalUrl).href;
  for (const file of files.eager) add(file.type, await bytesOf(url(file)));
  const lazyImages = { requests: files.lazy.length, bytes: 0 };
  for (const file of files.lazy) lazyImages.bytes += await bytesOf(url(file));
  return { eager, lazyImages };
}

describe('page weights in the manifest', () => {
  it('are what the server serves: every page and each file its markup loads, once per URL', async () => {
    const measured = new Map<string, PageWeight>();
    for (const page of manifest.pages) {
      let weight = measured.get(page.finalUrl);
      if (!weight) {
        weight = await measure(page);
        measured.set(page.finalUrl, weight);
      }
      expect(page.weight, page.url).toEqual(weight);
    }
    // The pages cover what a weight can hold: blocking files, heavy, lazy and poster images.
    const weights = manifest.pages.map((page) => page.weight);
    expect(weights.some((w) => w.eager.script.requests === 1)).toBe(true);
    expect(weights.some((w) => w.eager.image.bytes > 3_000_000)).toBe(true);
    expect(weights.some((w) => w.lazyImages.requests > 1)).toBe(true);
    expect(manifest.pages.some((page) => page.schedule && page.weight.eager.image.requests)).toBe(
      true,
    );
  }, 60_000);

  it('weigh by profile as the pages are built: blocking files, megabytes of photos, never lazily', () => {
    const direct = manifest.pages.filter((page) => page.status === 200);
    for (const page of direct) {
      const { eager, lazyImages } = page.weight;
      const blocking = page.speedProfile === 'render-blocking';
      expect(eager.document.requests, page.url).toBe(1);
      expect(eager.stylesheet.requests, page.url).toBe(blocking ? 2 : 1);
      expect(eager.script.requests, page.url).toBe(blocking ? 1 : 0);
      expect(eager['third-party'], page.url).toEqual({ requests: 0, bytes: 0 });
      // The pet shop's pages show their products' pictures, whatever their profile.
      if (page.speedProfile === 'heavy-images' && page.site !== PETSHOP_ID) {
        expect(eager.image.bytes, page.url).toBeGreaterThan(3_000_000);
        expect(lazyImages.requests, page.url).toBe(0);
      } else if (page.speedProfile !== 'heavy-images') {
        expect(eager.image.bytes + lazyImages.bytes, page.url).toBeLessThan(50_000);
      }
    }
  });
});
