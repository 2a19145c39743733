import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRACKING_ENDPOINTS } from '@core/endpoints/tracking';
import { useSession } from '../app/session/session-context';
import { callEndpoint } from './api-client';

/** Every query of site speed tracking lives under this key, per signed-in token. */
export const trackingRootKey = (token: string) => ['tracking', token] as const;

export const trackingStorageKey = (token: string) =>
  [...trackingRootKey(token), 'storage'] as const;

/** How much the signed-in user's tracking stores. */
export const trackingStorageQuery = (token: string) =>
  queryOptions({
    queryKey: trackingStorageKey(token),
    queryFn: () => callEndpoint(TRACKING_ENDPOINTS.storage, { token }),
  });

/** What the signed-in user's tracking stores, for the account page. */
export function useTrackingStorage() {
  const { session, ready } = useSession();
  const token = session.token;
  return useQuery({ ...trackingStorageQuery(token), enabled: ready && Boolean(token) });
}
