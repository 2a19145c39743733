import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '@core/endpoints/accounts';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

/** A signed-in user's search settings, read and saved. */
export const settingsRoutes = routesUsing(['userSettings'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...endpointRoute(ACCOUNTS.getSettings, {
      tags: ['settings'],
      errors: { 401: errorResponseSchema },
    }),
    handler: async (request) => services.userSettings.read(request.signedIn.user.id),
  });

  api.route({
    ...endpointRoute(ACCOUNTS.saveSettings, {
      tags: ['settings'],
      errors: { 400: errorResponseSchema, 401: errorResponseSchema },
    }),
    // Some calls send only a few fields: they are stored over what is stored.
    handler: async (request) => services.userSettings.save(request.signedIn.user.id, request.body),
  });
});
