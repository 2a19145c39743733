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
import { Invalid } from '../../domain/errors';
import { routesUsing } from '../../plugins/routes-using';
import { compareChecks } from '../../shared/run-comparison/compare';
import { trackingStorage } from '../../tracking/storage';
import { checkNotFound } from '../../tracking/tracked-pages';
import { TRACKING_PREFIX as PREFIX, trackingSchema as schema } from './route-parts';

/** Two checks of a page side by side, and the storage a user's tracking takes. */
export const trackingCompareRoutes = routesUsing(
  ['db', 'trackedPages', 'tracking'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { tracking, trackedPages } = services;

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
      },
      async (request) => {
        const row = await trackedPages.own(request.signedIn.user.id, request.params.id);
        const { a, b } = request.query;
        if (a === b) throw new Invalid(TRACKING_MESSAGES.sameCheck, TRACKING_ERROR_CODES.sameCheck);
        // Another page's check is no check of this one.
        const [first, second] = await Promise.all([
          tracking.checks.detail(row.id, a),
          tracking.checks.detail(row.id, b),
        ]);
        if (!first || !second) throw checkNotFound();
        return compareChecks(first, second);
      },
    );

    api.get(
      '/tracking/storage',
      {
        schema: schema({
          response: { 200: trackingStorageSchema, 401: errorResponseSchema },
        }),
      },
      async (request) => trackingStorage(services.db, request.signedIn.user.id),
    );
  },
);
