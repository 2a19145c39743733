import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSubscribeBodySchema, statusResponseSchema } from '@core/schemas/auth';
import type { Services } from '../../services';

/** Spec 000 §7 'email-subscribe endpoint', posted after registration. */
export const emailSubscriberRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/email-subscribers',
    {
      schema: {
        tags: ['accounts'],
        body: emailSubscribeBodySchema,
        response: { 200: statusResponseSchema },
      },
    },
    async (request) => {
      const { emailAddress, firstName, searchTerm } = request.body;
      const row = {
        id: crypto.randomUUID(),
        email: emailAddress,
        first_name: firstName ?? '',
        search_term: searchTerm ?? '',
        created_at: services.clock.now().toISOString(),
      };
      await services.db.kysely
        .insertInto('email_subscribers')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('email')
            .doUpdateSet({ first_name: row.first_name, search_term: row.search_term }),
        )
        .execute();
      return { status: 'SUCCESS' };
    },
  );
};
