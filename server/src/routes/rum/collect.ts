import type { FastifyPluginAsync } from 'fastify';
import { RUM_BEACON_MAX_BYTES, rumBeaconSchema } from '@core/schemas/rum';
import type { BeaconOutcome } from '../../rum/rum-collector';
import type { Services } from '../../services';

/** The public path beacons go to, outside the API's prefix so a proxy can route it apart. */
export const RUM_COLLECT_PATH = '/rum/v1/collect';

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
export const rumCollectRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    RUM_COLLECT_PATH,
    { bodyLimit: RUM_BEACON_MAX_BYTES, schema: { tags: ['rum'], hide: true } },
    async (request, reply) => {
      let body: unknown = request.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          return reply.status(400).send({ message: 'The beacon is not JSON.' });
        }
      }
      const beacon = rumBeaconSchema.safeParse(body);
      if (!beacon.success)
        return reply.status(400).send({ message: 'The beacon is not one of rum.js.' });
      const outcome = await services.rumCollector.collect(beacon.data, {
        origin: request.headers.origin,
        userAgent: request.headers['user-agent'],
        gpc: request.headers['sec-gpc'] === '1',
        client: request.ip,
      });
      return reply.status(STATUS[outcome]).send();
    },
  );
};
