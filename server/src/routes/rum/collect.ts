import fs from 'node:fs/promises';
import path from 'node:path';
import { RUM_BEACON_MAX_BYTES, rumBeaconSchema } from '@core/schemas/rum';
import { holdsNul, NUL_REFUSED } from '../../plugins/refuse-nul';
import type { BeaconOutcome } from '../../rum/rum-collector';
import { routesUsing } from '../../plugins/routes-using';
import { Invalid, MethodNotAllowed, NotFound } from '../../domain/errors';

/** The public path beacons go to, outside the API's prefix so a proxy can route it apart. */
export const RUM_COLLECT_PATH = '/rum/v1/collect';
/** Where the built beacon script lies beside the built web app (`scripts/build-rum.ts`). */
export const rumScriptPath = (webDistDir: string) =>
  path.join(path.dirname(webDistDir), 'rum', 'rum.js');
/**
 * Sites' pages load the script at a fixed address: it is cached for a day and used while a
 * new one is fetched for a week, so an update reaches every page within a day.
 */
const SCRIPT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * A refusal's status. A page view the site does not keep (a bot, GPC, outside the sample
 * rate) is answered as stored: the sender learns nothing from it.
 */
const STATUS: Record<BeaconOutcome, number> = {
  stored: 204,
  'not-kept': 204,
  'unknown-site': 403,
  'wrong-origin': 403,
  'too-many': 429,
};

/**
 * `POST /rum/v1/collect`: a visitor's beacon, as text/plain JSON (what sendBeacon posts) or
 * JSON, at most RUM_BEACON_MAX_BYTES. Malformed input is a 400, never a server error.
 */
export const rumCollectRoutes = routesUsing(
  ['config', 'rumCollector'],
  async (app, { services }) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.get('/rum.js', { schema: { hide: true } }, async (_request, reply) => {
      const script = await fs.readFile(rumScriptPath(services.config.webDistDir)).catch(() => null);
      if (!script) throw new NotFound('The beacon script is not built: run npm run build.');
      return (
        reply
          .header('cache-control', SCRIPT_CACHE)
          // Other sites' pages load it: the app's own same-origin policy would block it there.
          .header('cross-origin-resource-policy', 'cross-origin')
          .type('text/javascript; charset=utf-8')
          .send(script)
      );
    });

    // Not a page: another method gets a 405 here rather than the web app's not-found page.
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: RUM_COLLECT_PATH,
      schema: { hide: true },
      handler: async () => {
        throw new MethodNotAllowed('Beacons are sent with POST.').withHeaders({ allow: 'POST' });
      },
    });
    app.post(
      RUM_COLLECT_PATH,
      { bodyLimit: RUM_BEACON_MAX_BYTES, schema: { tags: ['rum'], hide: true } },
      async (request, reply) => {
        let body: unknown = request.body;
        if (typeof body === 'string') {
          try {
            body = JSON.parse(body);
          } catch {
            throw new Invalid('The beacon is not JSON.');
          }
        }
        // PostgreSQL text cannot hold NUL: one in a key or a path must not reach a query.
        if (holdsNul(body)) throw new Invalid(NUL_REFUSED);
        const beacon = rumBeaconSchema.safeParse(body);
        if (!beacon.success) throw new Invalid('The beacon is not one of rum.js.');
        const outcome = await services.rumCollector.collect(beacon.data, {
          origin: request.headers.origin,
          userAgent: request.headers['user-agent'],
          gpc: request.headers['sec-gpc'] === '1',
          client: request.ip,
          host: request.host,
        });
        // The answer goes to other sites' pages, which read nothing of it but would log a block.
        return reply
          .status(STATUS[outcome])
          .header('cross-origin-resource-policy', 'cross-origin')
          .send();
      },
    );
  },
);
