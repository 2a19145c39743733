import { useQuery } from '@tanstack/react-query';
import { trackingStorageSchema } from '@core/schemas/tracking';
import { apiRequest } from './api-client';
import { useSession } from './session/session-context';

/** Every query of site speed tracking lives under this key, per signed-in token. */
export const trackingRootKey = (token: string) => ['tracking', token] as const;

/** What the signed-in user's tracking stores, for the account page. */
export function useTrackingStorage() {
  const { session, ready } = useSession();
  const token = session.token;
  return useQuery({
    queryKey: [...trackingRootKey(token), 'storage'] as const,
    queryFn: () => apiRequest('/tracking/storage', trackingStorageSchema, { token }),
    enabled: ready && Boolean(token),
  });
}
