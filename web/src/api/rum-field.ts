import { useQuery } from '@tanstack/react-query';
import { rumFieldSchema } from '@core/schemas/rum';
import { apiRequest } from './api-client';
import { useSession } from '../app/session/session-context';

/**
 * A page's own visitors' figures, for a signed-in user (RUM sites are an account's);
 * nothing is asked for a visitor.
 */
export function useRumField(url: string | null, device: 'mobile' | 'desktop') {
  const { session, ready } = useSession();
  const token = session.token;
  return useQuery({
    queryKey: ['rum-field', token, url, device],
    queryFn: () =>
      apiRequest(`/rum/field?url=${encodeURIComponent(url!)}&device=${device}`, rumFieldSchema, {
        token,
      }),
    enabled: ready && Boolean(token) && Boolean(url),
    staleTime: 60_000,
  });
}
