import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { emailSubscribeBodySchema, statusResponseSchema } from '@core/schemas/auth';
import type { Services } from '../../services';
import { refuseIfThrottled, throttleRules } from '../auth/throttle-rules';

/**
 * The email subscription the web page posts after registration. The address arrives
 * lower-cased (emailSchema), so a repeat in any case updates the one row.
 */
export const emailSubscriberRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const rules = throttleRules(services.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/email-subscribers',
    {
      schema: {
        tags: ['accounts'],
        body: emailSubscribeBodySchema,
        response: { 200: statusResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const limit = await services.throttle.hit(rules.emailSubscriptions(request.ip));
      if (await refuseIfThrottled(reply, limit)) return;
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
