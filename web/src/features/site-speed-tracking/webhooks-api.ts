import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_ENDPOINTS as WEBHOOKS } from '@core/endpoints/webhooks';
import type { CreateWebhookBody } from '@core/schemas/webhooks';
import { callEndpoint } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { trackingKeys } from './tracking-api';

const webhookKeys = {
  all: (token: string) => [...trackingKeys.all(token), 'webhooks'] as const,
  deliveries: (token: string, id: string) => [...webhookKeys.all(token), id, 'deliveries'] as const,
};

/** While a delivery is being retried, its log asks again this often. */
const RETRYING_POLL_MS = 5000;

/** The user's webhooks and how many one may add. */
export const webhooksQuery = (token: string) =>
  queryOptions({
    queryKey: webhookKeys.all(token),
    queryFn: () => callEndpoint(WEBHOOKS.list, { token }),
  });

/** A webhook's delivery log. */
export const deliveriesQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(token, id),
    queryFn: () => callEndpoint(WEBHOOKS.deliveries, { token, params: { id } }),
  });

export function useWebhooks() {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...webhooksQuery(token), enabled });
}

export function useDeliveries(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...deliveriesQuery(token, id),
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
      mutationFn: (body: CreateWebhookBody) => callEndpoint(WEBHOOKS.create, { token, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(WEBHOOKS.remove, { token, params: { id } }),
      onSettled,
    }),
    sendTest: useMutation({
      mutationFn: (id: string) => callEndpoint(WEBHOOKS.sendTest, { token, params: { id } }),
      onSettled,
    }),
  };
}
