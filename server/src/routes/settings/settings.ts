import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { saveSettingsBodySchema, userSettingsSchema } from '@core/schemas/settings';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

/** A signed-in user's search settings, read and saved. */
export const settingsRoutes = routesUsing(['userSettings'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        response: { 200: userSettingsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => services.userSettings.read(request.signedIn.user.id),
  );

  api.post(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        body: saveSettingsBodySchema,
        response: { 200: userSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    // Some calls send only a few fields: they are stored over what is stored.
    async (request) => services.userSettings.save(request.signedIn.user.id, request.body),
  );
});
