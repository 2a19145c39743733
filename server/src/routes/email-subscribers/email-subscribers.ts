import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
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
    app.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(SITE_ENDPOINTS.subscribeEmail, {
        tags: ['accounts'],
        errors: { 429: errorResponseSchema },
      }),
      handler: async (request) => {
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
    });
  },
);
