import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_KEYWORD_SETTINGS, clampTemperature } from '@core/keywords/settings';
import { errorResponseSchema } from '@core/schemas/common';
import { keywordSettingsSchema, type KeywordSettings } from '@core/schemas/keywords';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';

const saveBodySchema = keywordSettingsSchema.partial().strict();

/** The keyword tool's settings of a signed-in user, so they follow the user between browsers. */
export const keywordSettingsRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const preHandler = app.requireUser();

  const read = async (userId: string): Promise<KeywordSettings> => {
    const row = await db.kysely
      .selectFrom('keyword_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULT_KEYWORD_SETTINGS;
    const parsed = keywordSettingsSchema.safeParse({
      country: row.country,
      country_code: row.country_code,
      language: row.language,
      // The column is a `real`: 0.7 comes back as 0.699999988.
      temperature: clampTemperature(Number(row.temperature)),
      algorithm: row.algorithm,
    });
    return parsed.success ? parsed.data : DEFAULT_KEYWORD_SETTINGS;
  };

  const response = {
    200: keywordSettingsSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
  };

  api.get(
    '/settings/keywords',
    { schema: { tags: ['settings'], security: [{ bearer: [] }], response }, preHandler },
    async (request) => {
      const auth = signedIn(request);
      return read(auth.user.id);
    },
  );

  api.post(
    '/settings/keywords',
    {
      schema: { tags: ['settings'], security: [{ bearer: [] }], body: saveBodySchema, response },
      preHandler,
    },
    async (request) => {
      const auth = signedIn(request);
      const next = { ...(await read(auth.user.id)), ...request.body };
      // Two decimals, as the settings box rounds: a `real` column cannot hold 4e-323.
      next.temperature = clampTemperature(next.temperature);
      const row = {
        user_id: auth.user.id,
        ...next,
        updated_at: services.clock.now().toISOString(),
      };
      await db.kysely
        .insertInto('keyword_settings')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return next;
    },
  );
};
