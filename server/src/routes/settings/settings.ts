import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import {
  saveSettingsBodySchema,
  userSettingsSchema,
  type UserSettings,
} from '@core/schemas/settings';
import {
  DEFAULT_COUNTRY,
  DEFAULT_GOOGLE_DOMAIN,
  DEFAULT_LANGUAGE,
  DEVICE_AUTO,
} from '@core/limits';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';

const DEFAULTS: UserSettings = {
  deviceType: DEVICE_AUTO,
  googleDomain: DEFAULT_GOOGLE_DOMAIN,
  country: DEFAULT_COUNTRY,
  language: DEFAULT_LANGUAGE,
  searchKeyword: '',
  originUrl: '',
};

/** A signed-in user's settings (spec 000 §3 'User settings (server)'). */
export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const preHandler = app.requireUser();

  const read = async (userId: string): Promise<UserSettings> => {
    const row = await db.kysely
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULTS;
    return userSettingsSchema.parse({
      deviceType: row.device_type,
      googleDomain: row.google_domain,
      country: row.country,
      language: row.language,
      searchKeyword: row.search_keyword,
      originUrl: row.origin_url,
    });
  };

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
      return read(auth.user.id);
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
      // Some calls send only a few fields (spec 000 §7): merge them over what is stored.
      const next = { ...(await read(auth.user.id)), ...request.body };
      const row = {
        user_id: auth.user.id,
        device_type: next.deviceType,
        google_domain: next.googleDomain,
        country: next.country,
        language: next.language,
        search_keyword: next.searchKeyword,
        origin_url: next.originUrl,
        updated_at: services.clock.now().toISOString(),
      };
      await db.kysely
        .insertInto('user_settings')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return next;
    },
  );
};
