import {
  createWebhookBodySchema,
  createdWebhookSchema,
  deliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
} from '../schemas/webhooks';
import { deletedSchema } from '../schemas/common';
import { endpoint } from './endpoint';

/** A signed-in user's tracking webhooks: add, list, remove, test, and their delivery log. */
export const WEBHOOK_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/tracking/webhooks',
    status: 200,
    response: webhookListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/tracking/webhooks',
    body: createWebhookBodySchema,
    status: 201,
    response: createdWebhookSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/tracking/webhooks/:id',
    params: webhookParamsSchema,
    status: 200,
    response: deletedSchema,
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/tracking/webhooks/:id/test',
    params: webhookParamsSchema,
    status: 200,
    response: webhookDeliverySchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/tracking/webhooks/:id/deliveries',
    params: webhookParamsSchema,
    status: 200,
    response: deliveryListSchema,
  }),
};
