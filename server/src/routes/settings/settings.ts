import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { saveSettingsBodySchema, userSettingsSchema } from '@core/schemas/settings';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** A signed-in user's search settings, read and saved. */
export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser();

  api.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        response: { 200: userSettingsSchema, 401: errorResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const auth = signedIn(request);
      return services.userSettings.read(auth.user.id);
    },
  );

  api.post(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: saveSettingsBodySchema,
        response: { 200: userSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const auth = signedIn(request);
      // Some calls send only a few fields: they are stored over what is stored.
      return services.userSettings.save(auth.user.id, request.body);
    },
  );
};
