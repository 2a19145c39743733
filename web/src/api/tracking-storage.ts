import { useQuery } from '@tanstack/react-query';
import { trackingStorageSchema } from '@core/schemas/tracking';
import { useSession } from '../app/session/session-context';
import { apiRequest } from './api-client';

/** Every query of site speed tracking lives under this key, per signed-in token. */
export const trackingRootKey = (token: string) => ['tracking', token] as const;

export const trackingStorageKey = (token: string) =>
  [...trackingRootKey(token), 'storage'] as const;

/** How much the signed-in user's tracking stores. */
export const fetchTrackingStorage = (token: string) =>
  apiRequest('/tracking/storage', trackingStorageSchema, { token });

/** What the signed-in user's tracking stores, for the account page. */
export function useTrackingStorage() {
  const { session, ready } = useSession();
  const token = session.token;
  return useQuery({
    queryKey: trackingStorageKey(token),
    queryFn: () => fetchTrackingStorage(token),
    enabled: ready && Boolean(token),
  });
}
