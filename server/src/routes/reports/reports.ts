import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_ENDPOINTS as REPORTS } from '@core/endpoints/reports';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

const docs = {
  tags: ['reports'],
  errors: { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
};

/**
 * A workspace's weekly report (the last seven days, read from what its checks stored), and
 * the signed-in member's choice of getting it by email on Mondays.
 */
export const reportRoutes = routesUsing(['reports'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = services;

  api.route({
    ...endpointRoute(REPORTS.weekly, docs),
    handler: (request) => reports.build(request.workspace.id),
  });

  api.route({
    ...endpointRoute(REPORTS.subscription, docs),
    handler: async (request) => ({
      weekly: await reports.subscribed(request.workspace.id, request.signedIn.user.id),
    }),
  });

  api.route({
    ...endpointRoute(REPORTS.subscribe, docs),
    handler: async (request) => ({
      weekly: await reports.subscribe(
        request.workspace.id,
        request.signedIn.user.id,
        request.body.weekly,
      ),
    }),
  });
});
