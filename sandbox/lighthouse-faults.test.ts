import helmet from '@fastify/helmet';
import { load, type CheerioAPI } from 'cheerio';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, type SandboxPage } from './manifest';
import { LIGHTHOUSE_FAULT_AUDITS, type LighthouseFaultAudit } from './model';
import { sandboxSites } from './serve';

const manifest = buildManifest({ port: 8080 });
const lab = manifest.lighthouseLab;
const pageAt = (url: string): SandboxPage => {
  const page = manifest.pages.find((candidate) => candidate.url === url);
  if (!page) throw new Error(`No manifest page at ${url}`);
  return page;
};
const faulty = lab.faultyUrls.map(pageAt);
const clean = pageAt(lab.cleanUrl);

let app: FastifyInstance;

beforeAll(async () => {
  // As serve.test.ts: the app's own security headers, then the sandbox's hook.
  app = Fastify();
  await app.register(helmet);
  await app.register(sandboxSites, { enabled: true, assetDelayFactor: 0 });
  await app.ready();
});
afterAll(() => app.close());

function get(url: string) {
  const parsed = new URL(url);
  return app.inject({
    method: 'GET',
    url: `${parsed.pathname}${parsed.search}`,
    headers: { host: parsed.host },
  });
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (digit) => digit + digit) : hex;
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = parseInt(full.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two `#rgb` or `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What each planted audit would flag in a served page, found the way the audit looks: the
 * elements (as `tag#id`, or `meta[name="robots"]`) or messages, or `true` for something
 * missing. An audit absent from the result finds nothing. Text colours are inline styles
 * here, on the site's white page.
 */
function findFaults(
  $: CheerioAPI,
  headers: Record<string, unknown>,
): Partial<Record<LighthouseFaultAudit, string[]>> {
  const found: Partial<Record<LighthouseFaultAudit, string[]>> = {};
  const idOf = (node: ReturnType<CheerioAPI>): string =>
    `${node.prop('tagName')?.toLowerCase()}#${node.attr('id') ?? '?'}`;
  const add = (audit: LighthouseFaultAudit, what: string): void => {
    (found[audit] ??= []).push(what);
  };
  $('img:not([alt])').each((_, img) => add('image-alt', idOf($(img))));
  $('[style]').each((_, element) => {
    const color = /(?:^|;)\s*color\s*:\s*(#[0-9a-f]{3,6})\b/i.exec($(element).attr('style') ?? '');
    if (color && contrast(color[1] as string, '#ffffff') < 4.5)
      add('color-contrast', idOf($(element)));
  });
  if (($('meta[name="description"]').attr('content') ?? '').trim() === '')
    add('meta-description', 'missing');
  if (/noindex/i.test($('meta[name="robots"]').attr('content') ?? ''))
    add('is-crawlable', 'meta[name="robots"]');
  if (/noindex/i.test(String(headers['x-robots-tag'] ?? ''))) add('is-crawlable', 'x-robots-tag');
  $('script:not([src])').each((_, script) => {
    for (const call of $(script)
      .text()
      .matchAll(/console\.error\(("(?:[^"\\]|\\.)*")\)/g))
      add('errors-in-console', JSON.parse(call[1] as string) as string);
  });
  return found;
}

/** The faults the manifest plants on `page`, in `findFaults`' form. */
function planted(page: SandboxPage): Partial<Record<LighthouseFaultAudit, string[]>> {
  const expected: Partial<Record<LighthouseFaultAudit, string[]>> = {};
  for (const fault of page.lighthouseFaults)
    (expected[fault.audit] ??= []).push(fault.selector ?? fault.message ?? 'missing');
  return expected;
}

describe('the Lighthouse lab in the manifest', () => {
  it('plants every fault audit on its light, direct pages, and none on the clean page', () => {
    expect(faulty.length).toBeGreaterThan(0);
    expect(clean.lighthouseFaults).toEqual([]);
    expect(lab.faultyUrls).not.toContain(lab.cleanUrl);
    const audits = new Set(faulty.flatMap((page) => page.lighthouseFaults.map((f) => f.audit)));
    expect([...audits].sort()).toEqual([...LIGHTHOUSE_FAULT_AUDITS].sort());
    for (const page of [...faulty, clean]) {
      expect(page.site, page.url).toBe(lab.site);
      expect(page.speedProfile, page.url).toBe('light');
      expect(page.status, page.url).toBe(200);
      expect(page.redirects, page.url).toEqual([]);
      expect(page.schedule, page.url).toBeNull();
      expect(page.searchable, page.url).toBe(false);
    }
    const elsewhere = manifest.pages.filter((page) => page.lighthouseFaults.length > 0);
    expect(elsewhere.map((page) => page.url).sort()).toEqual([...lab.faultyUrls].sort());
  });

  it('names the one site with llms.txt and the one served without X-Robots-Tag', () => {
    const withLlms = manifest.sites.filter((site) => site.llmsTxtUrl !== null);
    expect(withLlms.map((site) => site.id)).toEqual([lab.site]);
    expect(withLlms[0]?.llmsTxtUrl).toBe(lab.llmsTxtUrl);
    for (const site of manifest.sites)
      expect(site.robotsHeader, site.id).toBe(site.id === lab.site ? null : 'noindex');
  });
});

describe('the Lighthouse lab as served', () => {
  it('serves each planted fault on its page, and no other of the planted kinds', async () => {
    for (const page of faulty) {
      const res = await get(page.url);
      expect(res.statusCode, page.url).toBe(200);
      expect(findFaults(load(res.body), res.headers), page.url).toEqual(planted(page));
    }
  });

  it('serves the clean page without any of them', async () => {
    const res = await get(clean.url);
    expect(res.statusCode).toBe(200);
    const $ = load(res.body);
    expect(findFaults($, res.headers)).toEqual({});
    // It has what the faults lack, in their correct form: a described image and a description.
    expect($('img[alt]').length).toBeGreaterThan(0);
    expect(clean.description).not.toBeNull();
  });

  it('answers with X-Robots-Tag on other sites, so a page there fails is-crawlable', async () => {
    const other = manifest.pages.find(
      (page) => page.site !== lab.site && page.status === 200 && page.redirects.length === 0,
    );
    const res = await get(other!.url);
    expect(findFaults(load(res.body), res.headers)['is-crawlable']).toEqual(['x-robots-tag']);
  });

  it('serves llms.txt on the lab’s site as Lighthouse’s llms-txt audit wants it', async () => {
    const res = await get(lab.llmsTxtUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.body;
    // The audit's own checks (lighthouse/core/audits/agentic/llms-txt.js).
    expect(text).toMatch(/^\s*#\s+.+/m);
    expect(text).toMatch(/\[.+\]\(.+\)/);
    expect(text.length).toBeGreaterThanOrEqual(50);
    // llmstxt.org's layout: the site's name as H1, a summary as a quote, then H2 sections.
    const site = manifest.sites.find((candidate) => candidate.id === lab.site)!;
    expect(text.startsWith(`# ${site.name}\n\n> `)).toBe(true);
    expect(text).toMatch(/^## Guides$/m);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): \S/gm)].map((m) => m[1] as string);
    expect(links).toContain(lab.cleanUrl);
    for (const url of links) {
      expect(pageAt(url).status, url).toBe(200);
      expect((await get(url)).statusCode, url).toBe(200);
    }
    // The draft kept from indexing is neither listed there nor in the sitemap.
    const draft = faulty.find((page) =>
      page.lighthouseFaults.some((f) => f.audit === 'is-crawlable'),
    );
    expect(links).not.toContain(draft!.url);
    const sitemap = await get(`${site.origin}/sitemap.xml`);
    expect(sitemap.body).toContain(`<loc>${lab.cleanUrl}</loc>`);
    expect(sitemap.body).not.toContain(draft!.url);
  });

  it('answers 404 for llms.txt on every other site, as for any unknown path', async () => {
    for (const site of manifest.sites.filter((candidate) => candidate.id !== lab.site)) {
      const res = await get(`${site.origin}/llms.txt`);
      expect(res.statusCode, site.id).toBe(404);
      expect(res.body, site.id).toContain('<h1>');
    }
  });
});
