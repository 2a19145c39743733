import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SPEED_ENDPOINTS as SPEED } from '@core/endpoints/speed';
import { SPEED_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { SPEED_ERROR_CODES } from '@core/speed';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { SpeedTestHistoryStore } from '../../speed/speed-test-history';
import { linkKey } from '../../speed/speed-tests';

const docs = {
  tags: ['pagespeed'],
  errors: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
};

/**
 * A workspace's last speed tests of a URL, and two of them side by side.
 * Another workspace's test is a 404, as one that does not exist.
 */
export const speedTestHistoryRoutes = routesUsing(['db'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const history = new SpeedTestHistoryStore(services.db);

  api.route({
    ...endpointRoute(SPEED.listTests, docs),
    // The URL as the start route stores it.
    handler: async (request) => history.list(request.workspace.id, linkKey(request.query.url)),
  });

  api.route({
    ...endpointRoute(SPEED.compareTests, docs),
    handler: async (request, reply) => {
      if (request.query.a === request.query.b)
        return reply
          .status(400)
          .send({ message: SPEED_MESSAGES.sameTest, code: SPEED_ERROR_CODES.sameTest });
      const comparison = await history.compare(request.workspace.id, request.query);
      if (comparison === 'not-found')
        return reply
          .status(404)
          .send({ message: SPEED_MESSAGES.testNotFound, code: SPEED_ERROR_CODES.testNotFound });
      if (comparison === 'other-url')
        return reply
          .status(400)
          .send({ message: SPEED_MESSAGES.otherUrl, code: SPEED_ERROR_CODES.otherUrl });
      return comparison;
    },
  });
});
