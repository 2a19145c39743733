import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonScriptTag, SITE_CONFIG_SCRIPT_ID } from '@core/embedded';
import { canonicalPagePath, isPagePath, PAGE_PATHS } from '@core/routes';
import { siteConfigSchema, type SiteConfig } from '@core/schemas/site-config';
import { prerenderedScreens } from './prerendered-screens';

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

/**
 * index.html with this installation's data and, per route, its prerendered first screen;
 * built once at start and kept compressed.
 */
function buildIndexPages(distDir: string, siteConfig: SiteConfig, screens: Map<string, string>) {
  const template = fs.readFileSync(path.join(distDir, INDEX_FILE), 'utf8');
  const config = jsonScriptTag(SITE_CONFIG_SCRIPT_ID, siteConfigSchema.parse(siteConfig));
  const page = (screen = '') =>
    template
      .replace('</head>', `${config}</head>`)
      .replace(ROOT_ELEMENT, ROOT_ELEMENT.replace('></', `>${screen}</`));
  const plain = compilePage(page());
  const byRoute = new Map<string, CompiledPage>();
  for (const route of PAGE_PATHS) byRoute.set(route, compilePage(page(screens.get(route))));

  return (request: FastifyRequest, reply: FastifyReply, pathname: string, status: 200 | 404) => {
    const page = (status === 200 && byRoute.get(pathname)) || plain;
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
 * Serves the built single-page app. Spec routes answer 200 with index.html; a near miss
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
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
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
