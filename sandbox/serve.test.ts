import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildManifest, statusOnDay } from './manifest';
import { sandboxDay } from './schedule';
import { sandboxSites, type SandboxSitesOptions } from './serve';
import { countWords, htmlToVisibleText } from '@core/visible-text';

const manifest = buildManifest({ port: 8080 });

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app with its own route, not-found handler and security headers, then the sandbox. */
async function serve(options: Partial<SandboxSitesOptions> = {}): Promise<FastifyInstance> {
  app = Fastify();
  await app.register(helmet);
  app.get('/', async () => ({ app: true }));
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ app: 'not found' }));
  await app.register(sandboxSites, { enabled: true, assetDelayFactor: 0, ...options });
  await app.ready();
  return app;
}

function get(server: FastifyInstance, url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') {
  const parsed = new URL(url);
  return server.inject({
    method,
    url: `${parsed.pathname}${parsed.search}`,
    headers: { host: parsed.host },
  });
}

describe('sandboxSites', () => {
  it('serves a site by Host header and passes other hosts to the app', async () => {
    const server = await serve();
    const site = await get(server, 'http://scoops.sandbox.localhost:8080/');
    expect(site.statusCode).toBe(200);
    expect(site.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(site.body).toContain('<title>Scoops Ice Cream Parlor');
    const appRoot = await get(server, 'http://localhost:8080/');
    expect(appRoot.json()).toEqual({ app: true });
    expect((await get(server, 'http://localhost/nowhere')).json()).toEqual({ app: 'not found' });
    const missing = await get(server, 'http://scoops.sandbox.localhost:8080/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');
    expect((await get(server, 'http://nosuchsite.sandbox.localhost:8080/')).statusCode).toBe(404);
    const failing = await get(server, 'http://gelato-lab.sandbox.localhost:8080/live-menu');
    expect(failing.statusCode).toBe(500);
    expect(failing.body).toContain('<h1>Something went wrong</h1>');
  });

  it('sets its own security headers instead of the app’s', async () => {
    const server = await serve();
    const site = await get(server, 'http://scoops.sandbox.localhost:8080/');
    expect(site.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(site.headers['x-content-type-options']).toBe('nosniff');
    expect(site.headers['cross-origin-opener-policy']).toBeUndefined();
    const appRoot = await get(server, 'http://localhost:8080/');
    expect(appRoot.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves every redirect chain exactly as the manifest says', async () => {
    const server = await serve();
    const chains = manifest.pages.filter((page) => page.redirects.length > 0);
    expect(chains.length).toBeGreaterThan(10);
    for (const page of chains) {
      for (const hop of page.redirects) {
        const res = await get(server, hop.url);
        expect(res.statusCode, hop.url).toBe(hop.status);
        expect(res.headers.location, hop.url).toBe(hop.redirectUrl);
      }
      expect((await get(server, page.finalUrl)).statusCode, page.finalUrl).toBe(page.status);
    }
  });

  it('builds absolute Location headers on the port that was asked for', async () => {
    const server = await serve();
    const res = await get(server, 'http://www.scoops.sandbox.localhost:9999/about');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('http://scoops.sandbox.localhost:9999/about');
  });

  it('serves HTML whose visible word count and facts match the manifest', async () => {
    // The day the clock says: a page published later in the season answers 404 before then.
    const today = sandboxDay(new Date());
    const server = await serve({ day: () => today });
    // Every fifth URL, plus every redirect target and error page: a few hundred pages.
    const sample = manifest.pages.filter(
      (page, i) =>
        (i % 5 === 0 || page.redirects.length > 0 || page.status !== 200) &&
        statusOnDay(page, today) === page.status,
    );
    for (const page of sample) {
      const res = await get(server, page.finalUrl);
      expect(res.statusCode, page.finalUrl).toBe(page.status);
      expect(countWords(htmlToVisibleText(res.body)), page.finalUrl).toBe(page.wordCount);
      const lang = /<html lang="([^"]+)">/.exec(res.body)?.[1] ?? null;
      expect(lang, page.finalUrl).toBe(page.lang);
    }
  });

  it('serves images, stylesheets, scripts, robots.txt and a sitemap', async () => {
    const server = await serve();
    const photo = await get(server, 'http://gelato-lab.sandbox.localhost:8080/images/photo-1.png');
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.length).toBeGreaterThan(3_000_000);
    expect(
      (await get(server, 'http://gelato-lab.sandbox.localhost:8080/images/nope.png')).statusCode,
    ).toBe(404);
    const css = await get(server, 'http://gelato-lab.sandbox.localhost:8080/assets/site.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('--accent:#6bb38f');
    const js = await get(server, 'http://gelato-lab.sandbox.localhost:8080/assets/blocking-800.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(
      (await get(server, 'http://gelato-lab.sandbox.localhost:8080/assets/blocking-5.js'))
        .statusCode,
    ).toBe(404);
    const robots = await get(server, 'http://petshop.sandbox.localhost:8080/robots.txt');
    expect(robots.body).toContain('Disallow: /cart');
    expect(robots.body).toContain('Sitemap: http://petshop.sandbox.localhost:8080/sitemap.xml');
    const sitemap = await get(server, 'http://petshop.sandbox.localhost:8080/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>${manifest.shop.products[0]?.url}</loc>`);
  });

  it('delays render-blocking assets by the configured factor', async () => {
    const server = await serve({ assetDelayFactor: 0.1 });
    const started = performance.now();
    const res = await get(
      server,
      'http://city-sounds.sandbox.localhost:8080/assets/blocking-1600.css',
    );
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('answers HEAD, refuses other methods and lists the sites at sandbox.localhost', async () => {
    const server = await serve();
    const head = await get(server, 'http://scoops.sandbox.localhost:8080/', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const post = await get(server, 'http://scoops.sandbox.localhost:8080/', 'POST');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const directory = await get(server, 'http://sandbox.localhost:8080/');
    expect(directory.body).toContain('href="http://petshop.sandbox.localhost:8080/"');
  });

  it('puts the beacons registered for a site in its pages, and lets them run and send', async () => {
    const asked: [string, number | null][] = [];
    const tag = '<script src="http://localhost:8080/rum.js" data-site="k1" async></script>';
    const server = await serve({
      beacons: async (origin, port) => {
        asked.push([origin, port]);
        return origin.startsWith('http://scoops.') ? [tag] : [];
      },
    });
    const page = await get(server, 'http://scoops.sandbox.localhost:8080/');
    expect(page.body).toContain(`${tag}</head>`);
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self' 'unsafe-inline' http://localhost:8080;");
    expect(policy).toContain("connect-src 'self' http://localhost:8080;");
    expect(asked).toEqual([['http://scoops.sandbox.localhost:8080', 8080]]);
    // Another site without a beacon, and a stylesheet, are served as ever.
    const other = await get(server, 'http://petshop.sandbox.localhost:8080/');
    expect(other.body).not.toContain('rum.js');
    expect(other.headers['content-security-policy']).not.toContain('localhost:8080');
    expect(
      (await get(server, 'http://scoops.sandbox.localhost:8080/robots.txt')).body,
    ).not.toContain('rum.js');
  });

  it('registers nothing when disabled', async () => {
    const server = await serve({ enabled: false });
    expect((await get(server, 'http://scoops.sandbox.localhost:8080/')).json()).toEqual({
      app: true,
    });
  });
});
