import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { saveDemoRequest } from '../../leads/leads';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled, throttleRules } from '../auth/throttle-rules';

/**
 * Pro demo requests: keeps the address of someone asking for a demo. 201 for a new
 * address, 200 when it is already on the list (the row is kept as it was).
 */
export const proDemoRoutes = routesUsing(
  ['clock', 'config', 'db', 'throttle'],
  async (app, { services }) => {
    const rules = throttleRules(services.config);
    app.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(SITE_ENDPOINTS.requestDemo, {
        tags: ['pro'],
        errors: { 400: errorResponseSchema, 429: errorResponseSchema },
      }),
      handler: async (request, reply) => {
        const limit = await services.throttle.hit(rules.demoRequests(request.ip));
        requireUnthrottled(limit);
        const added = await saveDemoRequest(
          services.db,
          services.clock.now().toISOString(),
          request.body.emailAddress,
        );
        return reply.status(added ? 201 : 200).send({ status: 'SUCCESS' });
      },
    });
  },
);
