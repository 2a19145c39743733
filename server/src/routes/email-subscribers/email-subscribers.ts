import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { emailSubscribeBodySchema, statusResponseSchema } from '@core/schemas/auth';
import { saveSubscriber } from '../../leads/leads';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled, throttleRules } from '../auth/throttle-rules';

/**
 * The email subscription the web page posts after registration. The address arrives
 * lower-cased (emailSchema), so a repeat in any case updates the one row.
 */
export const emailSubscriberRoutes = routesUsing(
  ['clock', 'config', 'db', 'throttle'],
  async (app, { services }) => {
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
      async (request) => {
        const limit = await services.throttle.hit(rules.emailSubscriptions(request.ip));
        requireUnthrottled(limit);
        const { emailAddress, firstName, searchTerm } = request.body;
        await saveSubscriber(services.db, services.clock.now().toISOString(), {
          email: emailAddress,
          firstName,
          searchTerm,
        });
        return { status: 'SUCCESS' };
      },
    );
  },
);
