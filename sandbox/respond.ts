/** Answers one sandbox request without I/O: status, headers, body and an optional delay. */
import { pageOnDay } from './dated-page';
import { BLOCKING_DELAYS_MS } from './generate';
import { sandboxOrigin, type SandboxHost } from './host';
import type { ImageCache } from './images';
import { LANGUAGE_PACKS } from './language-packs';
import type { ImageSpec, PageModel, SandboxModel, SiteModel } from './model';
import { renderDirectory, renderPage } from './render-page';
import { indexSandbox, resolveLocation } from './routing';
import {
  ADD_TO_CART_MS_TOKEN,
  addToCartLongTaskMsOn,
  createShopAccount,
  type ShopRequest,
} from './shop-account';
import { blockingCss, blockingJs, llmsTxt, robotsTxt, siteCss, sitemapXml } from './site-files';
import { topicById } from './topics/all-topics';

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** How long the server waits before answering (render-blocking assets). */
  delayMs: number;
}

const HTML = 'text/html; charset=utf-8';

function reply(
  status: number,
  type: string,
  body: string | Buffer,
  cache: string,
  delayMs = 0,
  extra: Record<string, string> = {},
): SandboxResponse {
  return {
    status,
    headers: { 'content-type': type, 'cache-control': cache, ...extra },
    body,
    delayMs,
  };
}

const notFound = (): SandboxResponse =>
  reply(404, 'text/plain; charset=utf-8', 'Not found\n', 'no-cache');

/** The HTML the sandbox serves for `page` of `site` on sandbox day `day` (schedule.ts). */
export function pageHtml(
  page: PageModel,
  site: SiteModel,
  port: number,
  images: ReadonlyMap<string, ImageSpec>,
  day: number,
): string {
  const pack = LANGUAGE_PACKS[topicById(site.topic).lang];
  return renderPage(pageOnDay(page, day), {
    port,
    images,
    lateBannerText: pack.ui.newsletterText,
  }).replaceAll(ADD_TO_CART_MS_TOKEN, String(addToCartLongTaskMsOn(day)));
}

/**
 * Answers a request for `url` on a sandbox host, on sandbox day `day` (schedule.ts); its
 * cookies and form body matter to the pet shop's sign-in, account and cart only.
 */
export type Responder = (
  host: SandboxHost,
  method: string,
  url: string,
  day: number,
  request?: ShopRequest,
) => SandboxResponse;

export function createResponder(sandbox: SandboxModel, images: ImageCache): Responder {
  const index = indexSandbox(sandbox);
  const sitePages = new Map<string, SandboxModel['pages']>();
  for (const page of sandbox.pages) {
    const list = sitePages.get(page.site);
    if (list) list.push(page);
    else sitePages.set(page.site, [page]);
  }

  const shopAccount = createShopAccount(sandbox, index.images);

  const respond: Responder = (host, method, url, day, request = {}) => {
    const port = host.port ?? 80;
    let path: string;
    try {
      path = decodeURI(url.split('?')[0] ?? '/');
    } catch {
      return reply(400, 'text/plain; charset=utf-8', 'Bad request\n', 'no-cache');
    }
    const site = index.sites.get(host.site);
    const account = site && !host.www ? shopAccount(site, port, method, path, request) : null;
    if (account) return account;
    if (method !== 'GET' && method !== 'HEAD') {
      return reply(405, 'text/plain; charset=utf-8', 'Method not allowed\n', 'no-cache', 0, {
        allow: 'GET, HEAD',
      });
    }
    if (site && !host.www) {
      const origin = sandboxOrigin(site.id, port);
      if (path === '/robots.txt')
        return reply(
          200,
          'text/plain; charset=utf-8',
          robotsTxt(site, origin),
          'public, max-age=3600',
        );
      if (path === '/sitemap.xml')
        return reply(
          200,
          'application/xml; charset=utf-8',
          sitemapXml(sitePages.get(site.id) ?? [], origin, day),
          'public, max-age=3600',
        );
      const llms = path === '/llms.txt' ? llmsTxt(site, origin) : null;
      if (llms !== null)
        return reply(200, 'text/plain; charset=utf-8', llms, 'public, max-age=3600');
      if (path === '/assets/site.css')
        return reply(200, 'text/css; charset=utf-8', siteCss(site), 'public, max-age=3600');
      const blocking = /^\/assets\/blocking-(\d+)\.(css|js)$/.exec(path);
      if (blocking) {
        const delay = Number(blocking[1]);
        if (!(BLOCKING_DELAYS_MS as readonly number[]).includes(delay)) return notFound();
        return blocking[2] === 'css'
          ? reply(200, 'text/css; charset=utf-8', blockingCss(delay), 'no-store', delay)
          : reply(200, 'text/javascript; charset=utf-8', blockingJs(delay), 'no-store', delay);
      }
      const image = /^\/images\/([a-z0-9-]+)\.png$/.exec(path);
      if (image) {
        const bytes = images.get(image[1] as string);
        return bytes ? reply(200, 'image/png', bytes, 'public, max-age=86400') : notFound();
      }
    }
    const resolution = resolveLocation(index, host, path, day);
    switch (resolution.kind) {
      case 'directory':
        return path === '/'
          ? reply(200, HTML, renderDirectory(sandbox.sites, port), 'no-cache')
          : notFound();
      case 'unknown-site':
        return reply(
          404,
          'text/plain; charset=utf-8',
          `No sandbox site is called "${host.site}".\n`,
          'no-cache',
        );
      case 'redirect':
        return reply(resolution.status, 'text/plain; charset=utf-8', '', 'no-store', 0, {
          location: `${sandboxOrigin(resolution.to.site, port)}${resolution.to.path}`,
        });
      case 'page': {
        const { page } = resolution;
        // A page only resolves on a known site, which is the host's own.
        const html = pageHtml(page, site as SiteModel, port, index.images, day);
        return reply(page.status, HTML, html, 'no-cache');
      }
    }
  };
  return respond;
}
