import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { WEBHOOK_ENDPOINTS as WEBHOOKS } from '@core/endpoints/webhooks';
import { WEBHOOKS_PER_USER } from '@core/schemas/webhooks';
import { emailLinkBase, requestOrigin } from '../../emails/app-links';
import { endpointRoute } from '../../http/endpoint-route';
import { routesUsing } from '../../plugins/routes-using';
import { webhookLink } from '../../tracking/alerts';
import { toWebhook } from '../../shared/webhooks/webhooks';
import { trackingDocs } from './route-parts';

const docs = trackingDocs({
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
});

/**
 * A signed-in user's webhooks: add, list, remove, send a test event, read the
 * delivery log. Another user's webhook is a 404, as one that does not exist.
 */
export const trackingWebhookRoutes = routesUsing(
  ['clock', 'config', 'tracking', 'webhookEndpoints'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { webhooks, deliveries } = services.tracking;
    const { webhookEndpoints } = services;

    api.route({
      ...endpointRoute(WEBHOOKS.list, trackingDocs({ 401: errorResponseSchema })),
      handler: async (request) => {
        const rows = await webhooks.list(request.workspace.id);
        return { webhooks: rows.map(toWebhook), limit: WEBHOOKS_PER_USER };
      },
    });

    api.route({
      ...endpointRoute(
        WEBHOOKS.create,
        trackingDocs({
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        }),
      ),
      handler: async (request, reply) => {
        const webhook = await webhookEndpoints.create(request.workspace.id, request.body.url);
        return reply
          .status(201)
          .send({ id: webhook.id, webhook: toWebhook(webhook), secret: webhook.secret });
      },
    });

    api.route({
      ...endpointRoute(WEBHOOKS.remove, docs),
      handler: async (request) => {
        await webhookEndpoints.delete(request.workspace.id, request.params.id);
        return { deleted: true as const };
      },
    });

    api.route({
      ...endpointRoute(WEBHOOKS.sendTest, docs),
      handler: async (request) => {
        const { user } = request.signedIn;
        const webhook = await webhookEndpoints.own(request.workspace.id, request.params.id);
        // Whatever the endpoint answers, the delivery is logged and retried like an alert's.
        return deliveries.send(webhook, {
          event: 'test',
          page: null,
          device: null,
          checkId: null,
          at: services.clock.now().toISOString(),
          reasons: [],
          link: webhookLink(
            emailLinkBase(services.config, user.sign_in_origin) ?? requestOrigin(request),
          ),
        });
      },
    });

    api.route({
      ...endpointRoute(WEBHOOKS.deliveries, docs),
      handler: async (request) => {
        const webhook = await webhookEndpoints.own(request.workspace.id, request.params.id);
        return { deliveries: await deliveries.list(webhook.id) };
      },
    });
  },
);
