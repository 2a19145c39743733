import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '@core/endpoints/accounts';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

const docs = {
  tags: ['settings'],
  errors: { 400: errorResponseSchema, 401: errorResponseSchema },
};

/** The keyword tool's settings of a signed-in user, so they follow the user between browsers. */
export const keywordSettingsRoutes = routesUsing(['keywordSettings'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { keywordSettings } = services;

  api.route({
    ...endpointRoute(ACCOUNTS.getKeywordSettings, docs),
    handler: async (request) => keywordSettings.read(request.workspace.id),
  });

  api.route({
    ...endpointRoute(ACCOUNTS.saveKeywordSettings, docs),
    handler: async (request) => keywordSettings.save(request.workspace.id, request.body),
  });
});
