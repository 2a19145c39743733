import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_CONFIG_SCRIPT_ID } from '@core/embedded';
import { PAGE_META } from '@core/page-meta';
import { PAGE_PATHS, ROUTES } from '@core/routes';
import type { SiteConfig } from '@core/schemas/site-config';
import { decodeEntities } from '@core/visible-text';
import { prerenderEntry } from './prerendered-screens';
import { registerWebApp } from './serve-web-app';

const API = '/backend-service/v1';
const SCRIPT = '/assets/index-B0wpPeWq.js';
const scriptSource = `console.log(${JSON.stringify('speed '.repeat(400))});\n`;
const indexSource = `<!doctype html><html><head><meta\n  name="description"\n  content="The build's own"\n/><title>SpeedRank</title><script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div>${'<p>SpeedRank</p>'.repeat(100)}</body></html>`;

const siteConfig: SiteConfig = {
  company: {
    name: 'Acme $& "Co" </script><script>alert(1)</script>',
    supportEmail: 'help@acme.example',
    postalAddress: '1 Road',
    aboutUrl: 'https://acme.example/about',
    contactUrl: 'https://acme.example/contact',
    socialUrl: 'https://social.example/acme',
    socialLabel: 'Follow us',
    privacyUrl: 'https://acme.example/privacy',
  },
  googleClientId: null,
  keywordSources: {
    suggestions: 'wordnet',
    model: null,
    moderation: 'word-list',
    volumes: 'none',
    search: 'sandbox',
  },
};

/** The installation's data as the page embeds it, read back as a browser would. */
function embeddedConfig(html: string): unknown {
  const match = new RegExp(
    `<script id="${SITE_CONFIG_SCRIPT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** A build output as `vite build` leaves it: text files with their .br and .gz beside them. */
function writeDist(dir: string): void {
  const write = (name: string, content: string, compressed: boolean) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    if (!compressed) return;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  };
  write('index.html', indexSource, true);
  write(SCRIPT.slice(1), scriptSource, true);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  write('flags/fr.svg', `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`, true);
}

/**
 * The prerender `vite build --ssr` writes beside the web app: here each page's "screen" names
 * its path and the company it was given.
 */
function writePrerender(distDir: string, body: string): void {
  const entry = prerenderEntry(distDir);
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  fs.writeFileSync(entry, body);
}

const FAKE_PRERENDER = `export async function prerenderPages(paths, config) {
  return new Map(paths.map((p) => [p, '<h1>screen of ' + p + ' for ' + config.company.supportEmail + '</h1>']));
}`;

/** The root element of a page, with what is inside it. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/.exec(html)?.[1];

describe('serving the built web app', () => {
  let build: string;
  let dir: string;
  let app: FastifyInstance;
  beforeEach(async () => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-dist-'));
    dir = path.join(build, 'web');
    writeDist(dir);
    app = Fastify();
    await registerWebApp(app, { distDir: dir, apiPrefix: API, siteConfig });
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(build, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each([
    ['br, gzip', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
  ])(
    'sends a hashed asset for accept-encoding %s as %s, cached for good',
    async (accept, encoding, decompress) => {
      const res = await get(SCRIPT, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decompress(res.rawPayload).toString()).toBe(scriptSource);
    },
  );

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get(SCRIPT);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(scriptSource);
  });

  it('never serves the compressed copies by their own names', async () => {
    expect((await get(`${SCRIPT}.br`)).statusCode).toBe(404);
  });

  it('sends index.html for a page route compressed, revalidated on each visit', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const res = await get('/pricing', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(`<script type="module" src="${SCRIPT}">`);
    expect(embeddedConfig(html)).toEqual(siteConfig);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();

    const byTag = await get('/pricing', { ...headers, 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers['cache-control']).toBe('no-cache');
    const gzip = await get('/pricing', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const otherTag = await get('/pricing', { ...headers, 'if-none-match': 'W/"other"' });
    expect(otherTag.statusCode).toBe(200);
  });

  it('answers an unknown path 404 with the page in full, even when asked to revalidate', async () => {
    const first = await get('/pricing');
    const res = await get('/no-such-page', { 'if-none-match': first.headers.etag as string });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeUndefined();
    expect(embeddedConfig(res.body)).toEqual(siteConfig);
  });

  it('embeds the site config so that no string in it can end its script element', async () => {
    const { body } = await get('/');
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    expect(embeddedConfig(body)).toEqual(siteConfig);
  });

  it('keeps redirecting near misses and answering JSON 404s under the API', async () => {
    const near = await get('/pricing/?a=1');
    expect(near.statusCode).toBe(301);
    expect(near.headers.location).toBe('/pricing?a=1');
    const api = await get(`${API}/nothing`);
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('No such endpoint');
  });

  it('leaves the root element empty when the build has no prerender', async () => {
    expect(rootOf((await get('/pricing')).body)).toBe('');
  });

  it.each(['/favicon.svg', '/flags/fr.svg'])(
    'lets browsers keep %s, whose name outlives a build, for a day',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    },
  );
});

describe("each page's first screen, prerendered", () => {
  let build: string;
  let dir: string;
  let app: FastifyInstance;
  const logged: string[] = [];
  const start = async (prerender: string) => {
    writePrerender(dir, prerender);
    app = Fastify({ logger: { level: 'error', stream: { write: (line) => logged.push(line) } } });
    await registerWebApp(app, { distDir: dir, apiPrefix: API, siteConfig });
  };
  beforeEach(() => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-dist-'));
    dir = path.join(build, 'web');
    writeDist(dir);
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(build, { recursive: true, force: true });
  });
  const page = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })).body;

  it("sits in every route's root element, rendered with this installation's config", async () => {
    await start(FAKE_PRERENDER);
    for (const route of PAGE_PATHS) {
      expect(rootOf(await page(route))).toBe(`<h1>screen of ${route} for help@acme.example</h1>`);
    }
    expect(rootOf(await page('/no-such-page'))).toBe('');
  });

  it('leaves the pages to their script when the prerender fails, and says so', async () => {
    await start('export async function prerenderPages() { throw new Error("no window"); }');
    expect(rootOf(await page('/pricing'))).toBe('');
    expect(logged.join('')).toMatch(
      /could not be prerendered.*no window|no window.*could not be prerendered/,
    );
  });
});

/** A page's head as a browser reads it: title, meta elements by name or property, canonical. */
function headOf(html: string) {
  const head = /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((m) => decodeEntities(m[1]!));
  const meta = (key: string) =>
    all(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'));
  return {
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: meta('description'),
    robots: meta('robots'),
    og: (key: string) => meta(`og:${key}`),
    canonicals: all(/<link rel="canonical" href="([^"]*)"/g),
    rawTitle: /<title>([^<]*)<\/title>/.exec(head)?.[1],
  };
}

describe("each page's head", () => {
  let build: string;
  let dir: string;
  let app: FastifyInstance;
  const start = async (publicUrl?: string) => {
    app = Fastify();
    await registerWebApp(app, { distDir: dir, apiPrefix: API, siteConfig, publicUrl });
  };
  beforeEach(() => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-dist-'));
    dir = path.join(build, 'web');
    writeDist(dir);
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(build, { recursive: true, force: true });
  });
  const page = async (url: string, host?: string) =>
    (await app.inject({ method: 'GET', url, headers: host ? { host } : {} })).body;
  const site = siteConfig.company.name;

  it('names every route, says what it does and points to its address at the public URL', async () => {
    await start('https://ranks.example/');
    const titles = new Set<string>();
    for (const route of PAGE_PATHS) {
      const head = headOf(await page(route));
      const meta = PAGE_META[route as keyof typeof PAGE_META];
      const url = `https://ranks.example${meta.canonical ?? route}`;
      titles.add(head.titles[0]!);
      expect(head.titles, route).toEqual([`${meta.title} – ${site}`]);
      expect(head.descriptions, route).toEqual([meta.description]);
      expect(head.canonicals, route).toEqual([url]);
      expect(head.og('title'), route).toEqual([meta.title]);
      expect(head.og('description'), route).toEqual([meta.description]);
      expect(head.og('url'), route).toEqual([url]);
      expect(head.og('type'), route).toEqual(['website']);
      expect(head.og('site_name'), route).toEqual([site]);
      expect(head.robots, route).toEqual(meta.noindex ? ['noindex'] : []);
    }
    // The comparison route serves the SERP analysis page, under its title and address.
    expect(titles.size).toBe(PAGE_PATHS.length - 1);
    expect(headOf(await page(ROUTES.siteSpeedComparison)).canonicals).toEqual([
      'https://ranks.example/serp-analysis-tool',
    ]);
  });

  it('keeps signed-in and token pages out of search results, and the tools in', async () => {
    await start();
    for (const route of [ROUTES.payment, ROUTES.account, ROUTES.resetPassword, ROUTES.secureLink]) {
      expect(headOf(await page(route)).robots, route).toEqual(['noindex']);
    }
    for (const route of [ROUTES.home, ROUTES.speedTest, ROUTES.serpAnalysis]) {
      expect(headOf(await page(route)).robots, route).toEqual([]);
    }
  });

  it("points to the request's own address when no public URL is configured", async () => {
    await start();
    expect(headOf(await page('/pricing', 'speed.example:8080')).canonicals).toEqual([
      'http://speed.example:8080/pricing',
    ]);
    expect(headOf(await page('/pricing', 'other.example')).og('url')).toEqual([
      'http://other.example/pricing',
    ]);
    expect(headOf(await page('/pricing', 'speed.example:8080')).canonicals).toEqual([
      'http://speed.example:8080/pricing',
    ]);
  });

  it('escapes the configured site name, and takes no text in it for a pattern', async () => {
    await start();
    const head = headOf(await page('/'));
    expect(head.rawTitle).toBe(
      'SEO and Site-Speed Tools – Acme $&amp; &quot;Co&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(head.og('site_name')).toEqual([site]);
  });

  it('names the not-found page, keeps it out of search results and gives it no address', async () => {
    await start('https://ranks.example');
    const head = headOf(await page('/no-such-page'));
    expect(head.titles).toEqual([`Page not found – ${site}`]);
    expect(head.descriptions).toHaveLength(1);
    expect(head.robots).toEqual(['noindex']);
    expect(head.canonicals).toEqual([]);
    expect(head.og('url')).toEqual([]);
  });
});
