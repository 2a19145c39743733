import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRACKING_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import {
  TRACKING_ERROR_CODES,
  compareQuerySchema,
  comparisonSchema,
  trackedPageParamsSchema,
  trackingStorageSchema,
} from '@core/schemas/tracking';
import type { RouteHook } from '../../plugins/authenticate';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { compareChecks } from '../../tracking/compare';
import { trackingStorage } from '../../tracking/storage';
import { PAGE_NOT_FOUND, TRACKING_PREFIX as PREFIX, trackingSchema as schema } from './route-parts';

const CHECK_NOT_FOUND = {
  message: TRACKING_MESSAGES.checkNotFound,
  code: TRACKING_ERROR_CODES.checkNotFound,
};

/** Two checks of a page side by side, and the storage a user's tracking takes. */
export const trackingCompareRoutes: FastifyPluginAsync<{
  services: Services;
  preHandler: RouteHook;
}> = async (app, { services, preHandler }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tracking } = services;

  api.get(
    `${PREFIX}/:id/compare`,
    {
      schema: schema({
        params: trackedPageParamsSchema,
        querystring: compareQuerySchema,
        response: {
          200: comparisonSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      }),
      preHandler,
    },
    async (request, reply) => {
      const row = await tracking.pages.get(signedIn(request).user.id, request.params.id);
      if (!row) return reply.status(404).send(PAGE_NOT_FOUND);
      const { a, b } = request.query;
      if (a === b) {
        return reply
          .status(400)
          .send({ message: TRACKING_MESSAGES.sameCheck, code: TRACKING_ERROR_CODES.sameCheck });
      }
      // Another page's check is no check of this one.
      const [first, second] = await Promise.all([
        tracking.checks.detail(row.id, a),
        tracking.checks.detail(row.id, b),
      ]);
      if (!first || !second) return reply.status(404).send(CHECK_NOT_FOUND);
      return compareChecks(first, second);
    },
  );

  api.get(
    '/tracking/storage',
    {
      schema: schema({
        response: { 200: trackingStorageSchema, 401: errorResponseSchema },
      }),
      preHandler,
    },
    async (request) => trackingStorage(services.db, signedIn(request).user.id),
  );
};
