import { useQuery } from '@tanstack/react-query';
import { rumFieldSchema } from '@core/schemas/rum';
import { apiRequest } from './api-client';
import { useSignedInToken } from './signed-in-token';

/**
 * A page's own visitors' figures, for a signed-in user (RUM sites are an account's);
 * nothing is asked for a visitor.
 */
export function useRumField(url: string | null, device: 'mobile' | 'desktop') {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: ['rum-field', token, url, device],
    queryFn: () =>
      apiRequest(`/rum/field?url=${encodeURIComponent(url!)}&device=${device}`, rumFieldSchema, {
        token,
      }),
    enabled: enabled && Boolean(url),
    staleTime: 60_000,
  });
}
