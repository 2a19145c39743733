import { queryOptions, useQuery } from '@tanstack/react-query';
import { RUM_ENDPOINTS } from '@core/endpoints/rum';
import { callEndpoint } from './api-client';
import { useSignedInToken } from './signed-in-token';

/** A page's own visitors' figures over the last days, as its RUM site counted them. */
export const rumFieldQuery = (token: string, url: string, device: 'mobile' | 'desktop') =>
  queryOptions({
    queryKey: ['rum-field', token, url, device],
    queryFn: () => callEndpoint(RUM_ENDPOINTS.field, { token, query: { url, device } }),
    staleTime: 60_000,
  });

/**
 * A page's own visitors' figures, for a signed-in user (RUM sites are an account's);
 * nothing is asked for a visitor.
 */
export function useRumField(url: string | null, device: 'mobile' | 'desktop') {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...rumFieldQuery(token, url ?? '', device), enabled: enabled && Boolean(url) });
}
