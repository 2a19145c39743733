import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRACKING_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import { TRACKING_ERROR_CODES } from '@core/schemas/tracking';
import { Invalid } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { routesUsing } from '../../plugins/routes-using';
import { compareChecks } from '../../shared/run-comparison/compare';
import { trackingStorage } from '../../tracking/storage';
import { checkNotFound } from '../../tracking/tracked-pages';
import { trackingDocs } from './route-parts';

/** Two checks of a page side by side, and the storage a user's tracking takes. */
export const trackingCompareRoutes = routesUsing(
  ['db', 'trackedPages', 'tracking'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { tracking, trackedPages } = services;

    api.route({
      ...endpointRoute(
        TRACKING.compare,
        trackingDocs({
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        }),
      ),
      handler: async (request) => {
        const row = await trackedPages.own(request.workspace.id, request.params.id);
        const { a, b } = request.query;
        if (a === b) throw new Invalid(TRACKING_MESSAGES.sameCheck, TRACKING_ERROR_CODES.sameCheck);
        // Another page's check is no check of this one.
        const [first, second, auditsA, auditsB] = await Promise.all([
          tracking.checks.detail(row.id, a),
          tracking.checks.detail(row.id, b),
          tracking.checks.auditSide(row.id, a),
          tracking.checks.auditSide(row.id, b),
        ]);
        if (!first || !second) throw checkNotFound();
        return compareChecks({ ...first, audits: auditsA }, { ...second, audits: auditsB });
      },
    });

    api.route({
      ...endpointRoute(TRACKING.storage, trackingDocs({ 401: errorResponseSchema })),
      handler: async (request) => trackingStorage(services.db, request.workspace.id),
    });
  },
);
