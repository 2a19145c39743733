import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonScriptTag, SITE_CONFIG_SCRIPT_ID } from '@core/embedded';
import { pageHead, siteName } from '@core/page-meta';
import { canonicalPagePath, isPagePath, PAGE_PATHS } from '@core/routes';
import { siteConfigSchema, type SiteConfig } from '@core/schemas/site-config';
import { publicBaseUrl } from '../http/public-base-url';
import { pageHeadHtml } from './page-head-html';
import { prerenderedScreens } from './prerendered-screens';
import { NotFound } from '../domain/errors';

const INDEX_FILE = 'index.html';
/** Where index.html mounts the app (web/index.html); the prerendered screen goes inside. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Vite names every file under assets/ after its content: a new build brings new names, so
 * browsers may keep these for good. index.html names them, so it is checked on every visit
 * (its ETag makes that a 304); other files (favicon, flags) keep their names across builds.
 */
function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (relativePath.replace(/\.(?:br|gz)$/, '') === INDEX_FILE) return 'no-cache';
  return 'public, max-age=86400';
}

interface WebAppOptions {
  distDir: string;
  apiPrefix: string;
  /** Embedded in the page so that its footer and sign-in need no request (core/embedded.ts). */
  siteConfig: SiteConfig;
  /** Where canonical links point; the address each request was made to when unset. */
  publicUrl?: string | undefined;
  /** The install's own real-user beacon (a script tag), carried by every page. */
  beacon?: string | undefined;
}

type Encoding = 'br' | 'gzip' | 'identity';

interface CompiledPage {
  bodies: Record<Encoding, Buffer>;
  etag: string;
}

function compilePage(html: string): CompiledPage {
  const bytes = Buffer.from(html);
  return {
    bodies: {
      br: zlib.brotliCompressSync(bytes),
      gzip: zlib.gzipSync(bytes, { level: 9 }),
      identity: bytes,
    },
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** The build's own title and description (web/index.html): each page's head takes their place. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

/**
 * Without a configured public URL, a page's canonical link starts with the address it was
 * requested at, so its HTML differs per address. Pages are kept for a few addresses (the
 * server's name, localhost): made-up Host headers then cost one page's compression each
 * but cannot grow the memory kept.
 */
const REQUEST_ORIGINS_KEPT = 4;

function originOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/**
 * index.html with this installation's data and, per route, its head (title, description,
 * canonical link) and prerendered first screen; compiled once and kept compressed.
 */
function buildIndexPages(
  distDir: string,
  siteConfig: SiteConfig,
  screens: Map<string, string>,
  publicUrl: string | undefined,
  beacon = '',
) {
  const template = fs
    .readFileSync(path.join(distDir, INDEX_FILE), 'utf8')
    .replace(TEMPLATE_DESCRIPTION, '');
  if (!TEMPLATE_TITLE.test(template)) {
    throw new Error(`${INDEX_FILE} has no <title> for each page's head to take the place of`);
  }
  const config = jsonScriptTag(SITE_CONFIG_SCRIPT_ID, siteConfigSchema.parse(siteConfig));
  const site = siteName(siteConfig);
  // Replaced by functions: configured text such as '$&' must not read as a pattern.
  const page = (route: string | null, origin: string | null) => {
    const head = pageHeadHtml(pageHead(route, site, origin));
    const screen = route === null ? '' : (screens.get(route) ?? '');
    return template
      .replace(TEMPLATE_TITLE, () => head)
      .replace('</head>', () => `${config}${beacon}</head>`)
      .replace(ROOT_ELEMENT, () => ROOT_ELEMENT.replace('></', `>${screen}</`));
  };
  const notFound = compilePage(page(null, null));
  const kept = new Map<string, CompiledPage>();
  const routePage = (route: string, origin: string | null) => {
    const key = `${origin} ${route}`;
    let compiled = kept.get(key);
    if (!compiled) {
      compiled = compilePage(page(route, origin));
      if (kept.size >= REQUEST_ORIGINS_KEPT * PAGE_PATHS.length) {
        kept.delete(kept.keys().next().value!);
      }
      kept.set(key, compiled);
    }
    return compiled;
  };
  // A configured public URL is every page's origin: all are compiled at start.
  if (publicUrl) for (const route of PAGE_PATHS) routePage(route, originOf(publicUrl));

  return (request: FastifyRequest, reply: FastifyReply, pathname: string, status: 200 | 404) => {
    const page =
      status === 200 ? routePage(pathname, originOf(publicBaseUrl(publicUrl, request))) : notFound;
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted && negotiate(accepted, ['br', 'gzip'])) || 'identity';
    reply.status(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    reply.header('cache-control', 'no-cache');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // No validator on a 404: a browser keeps none, so it never gets a 304 for a missing page.
    if (status === 200) {
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    }
    return reply.send(page.bodies[encoding as Encoding]);
  };
}

/**
 * Serves the built single-page app. Page routes answer 200 with index.html; a near miss
 * (trailing slash, other letter case) is redirected to its route; any other path outside
 * the API answers 404 with the same page, which shows its not-found screen.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const hasBuild = fs.existsSync(path.join(options.distDir, INDEX_FILE));
  const sendIndexPage = hasBuild
    ? buildIndexPages(
        options.distDir,
        options.siteConfig,
        await prerenderedScreens(options.distDir, options.siteConfig, app.log),
        options.publicUrl,
        options.beacon,
      )
    : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside its text files (build/precompress.ts); they are
      // sent in place of the file, never asked for by name.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(path.relative(options.distDir, file)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith(options.apiPrefix) || request.method !== 'GET') {
      throw new NotFound(`No such endpoint: ${request.method} ${pathname}`);
    }
    if (!sendIndexPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const canonical = canonicalPagePath(pathname);
    if (canonical) {
      const query = request.url.slice(pathname.length);
      return reply.redirect(`${canonical}${query}`, 301);
    }
    return sendIndexPage(request, reply, pathname, isPagePath(pathname) ? 200 : 404);
  });
}
