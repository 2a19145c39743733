import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SPEED_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import {
  speedTestCompareQuerySchema,
  speedTestComparisonSchema,
  speedTestHistoryQuerySchema,
  speedTestHistorySchema,
} from '@core/schemas/speed-tests';
import { SPEED_ERROR_CODES } from '@core/speed';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { SpeedTestHistoryStore } from '../../speed/speed-test-history';
import { linkKey } from '../../speed/speed-tests';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * A signed-in user's last speed tests of a URL, and two of them side by side.
 * Another user's test is a 404, as one that does not exist.
 */
export const speedTestHistoryRoutes = routesUsing(['db'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const history = new SpeedTestHistoryStore(services.db);

  api.get(
    '/pagespeed/tests',
    {
      schema: {
        tags: ['pagespeed'],
        querystring: speedTestHistoryQuerySchema,
        response: { 200: speedTestHistorySchema, ...errors },
      },
    },
    // The URL as the start route stores it.
    async (request) => history.list(request.signedIn.user.id, linkKey(request.query.url)),
  );

  api.get(
    '/pagespeed/tests/compare',
    {
      schema: {
        tags: ['pagespeed'],
        querystring: speedTestCompareQuerySchema,
        response: { 200: speedTestComparisonSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.a === request.query.b)
        return reply
          .status(400)
          .send({ message: SPEED_MESSAGES.sameTest, code: SPEED_ERROR_CODES.sameTest });
      const comparison = await history.compare(request.signedIn.user.id, request.query);
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
  );
});
