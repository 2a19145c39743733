import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createdWebhookSchema,
  deliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  type CreateWebhookBody,
} from '@core/schemas/webhooks';
import { apiRequest } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { trackingKeys } from './tracking-api';

const WEBHOOKS = '/tracking/webhooks';

const webhookKeys = {
  all: (token: string) => [...trackingKeys.all(token), 'webhooks'] as const,
  deliveries: (token: string, id: string) => [...webhookKeys.all(token), id, 'deliveries'] as const,
};

/** While a delivery is being retried, its log asks again this often. */
const RETRYING_POLL_MS = 5000;

export function useWebhooks() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: webhookKeys.all(token),
    queryFn: () => apiRequest(WEBHOOKS, webhookListSchema, { token }),
    enabled,
  });
}

export function useDeliveries(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: webhookKeys.deliveries(token, id),
    queryFn: () => apiRequest(`${WEBHOOKS}/${id}/deliveries`, deliveryListSchema, { token }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'retrying') ? RETRYING_POLL_MS : false,
  });
}

export function useWebhookMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: webhookKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookBody) =>
        apiRequest(WEBHOOKS, createdWebhookSchema, { method: 'POST', token, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${WEBHOOKS}/${id}`, z.object({ deleted: z.literal(true) }), {
          method: 'DELETE',
          token,
        }),
      onSettled,
    }),
    sendTest: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${WEBHOOKS}/${id}/test`, webhookDeliverySchema, { method: 'POST', token }),
      onSettled,
    }),
  };
}
