import { useQuery } from '@tanstack/react-query';
import { providersResponseSchema } from '@core/schemas/ops';
import { ApiError, apiRequest } from '../../api/api-client';

export const opsKeys = {
  providers: (token: string) => ['ops', 'providers', token] as const,
};

export const fetchOpsProviders = (token: string) =>
  apiRequest('/ops/providers', providersResponseSchema, { token });

/** The search providers' month, asked with the operators' token (none: nothing asked). */
export function useOpsProviders(token: string | null) {
  return useQuery({
    queryKey: opsKeys.providers(token ?? ''),
    queryFn: () => fetchOpsProviders(token!),
    enabled: token !== null,
    // A refused token stays refused: asking again only delays saying so.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
