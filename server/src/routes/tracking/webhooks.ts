import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import {
  WEBHOOK_ERROR_CODES,
  WEBHOOKS_PER_USER,
  createWebhookBodySchema,
  createdWebhookSchema,
  deliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
} from '@core/schemas/webhooks';
import { emailLinkBase, requestOrigin } from '../../emails/app-links';
import { refusingUrls } from '../../domain/url-refusals';
import type { RouteHook } from '../../plugins/authenticate';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { webhookLink } from '../../tracking/alerts';
import { toWebhook } from '../../tracking/webhooks';
import { trackingSchema as schema } from './route-parts';

const PREFIX = '/tracking/webhooks';
const NOT_FOUND = { message: WEBHOOK_MESSAGES.notFound, code: WEBHOOK_ERROR_CODES.notFound };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * A signed-in user's webhooks: add, list, remove, send a test event, read the
 * delivery log. Another user's webhook is a 404, as one that does not exist.
 */
export const trackingWebhookRoutes: FastifyPluginAsync<{
  services: Services;
  preHandler: RouteHook;
}> = async (app, { services, preHandler }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks, deliveries } = services.tracking;

  api.get(
    PREFIX,
    {
      schema: schema({ response: { 200: webhookListSchema, 401: errorResponseSchema } }),
      preHandler,
    },
    async (request) => {
      const { user } = signedIn(request);
      const rows = await webhooks.list(user.id);
      return { webhooks: rows.map(toWebhook), limit: WEBHOOKS_PER_USER };
    },
  );

  api.post(
    PREFIX,
    {
      schema: schema({
        body: createWebhookBodySchema,
        response: {
          201: createdWebhookSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      // A private, malformed or plain-http target is refused before it is stored.
      const created = await refusingUrls('webhook', () =>
        webhooks.create(user.id, request.body.url),
      );
      if ('refused' in created) {
        return created.refused === 'duplicate'
          ? reply
              .status(409)
              .send({ message: WEBHOOK_MESSAGES.duplicate, code: WEBHOOK_ERROR_CODES.duplicate })
          : reply.status(403).send({
              message: WEBHOOK_MESSAGES.limit(WEBHOOKS_PER_USER),
              code: WEBHOOK_ERROR_CODES.limit,
            });
      }
      const { webhook } = created;
      return reply
        .status(201)
        .send({ id: webhook.id, webhook: toWebhook(webhook), secret: webhook.secret });
    },
  );

  api.delete(
    `${PREFIX}/:id`,
    {
      schema: schema({
        params: webhookParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!(await webhooks.delete(user.id, request.params.id)))
        return reply.status(404).send(NOT_FOUND);
      return { deleted: true as const };
    },
  );

  api.post(
    `${PREFIX}/:id/test`,
    {
      schema: schema({
        params: webhookParamsSchema,
        response: { 200: webhookDeliverySchema, ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const webhook = await webhooks.get(user.id, request.params.id);
      if (!webhook) return reply.status(404).send(NOT_FOUND);
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
  );

  api.get(
    `${PREFIX}/:id/deliveries`,
    {
      schema: schema({
        params: webhookParamsSchema,
        response: { 200: deliveryListSchema, ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const webhook = await webhooks.get(user.id, request.params.id);
      if (!webhook) return reply.status(404).send(NOT_FOUND);
      return { deliveries: await deliveries.list(webhook.id) };
    },
  );
};
