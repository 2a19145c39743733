import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { keywordSettingsSchema } from '@core/schemas/keywords';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

const saveBodySchema = keywordSettingsSchema.partial().strict();

/** The keyword tool's settings of a signed-in user, so they follow the user between browsers. */
export const keywordSettingsRoutes = routesUsing(['keywordSettings'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { keywordSettings } = services;
  const response = {
    200: keywordSettingsSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
  };

  api.get('/settings/keywords', { schema: { tags: ['settings'], response } }, async (request) =>
    keywordSettings.read(request.signedIn.user.id),
  );

  api.post(
    '/settings/keywords',
    { schema: { tags: ['settings'], body: saveBodySchema, response } },
    async (request) => keywordSettings.save(request.signedIn.user.id, request.body),
  );
});
