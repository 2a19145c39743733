import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { canonicalPagePath, isPagePath } from '@core/routes';

interface WebAppOptions {
  distDir: string;
  apiPrefix: string;
}

/**
 * Serves the built single-page app. Spec routes answer 200 with index.html; a near miss
 * (trailing slash, other letter case) is redirected to its route; any other path outside
 * the API answers 404 with the same page, which shows its not-found screen.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      maxAge: '1h',
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith(options.apiPrefix) || request.method !== 'GET') {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    if (!hasBuild) {
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
    const status = isPagePath(pathname) ? 200 : 404;
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(fs.readFileSync(indexFile));
  });
}
