import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPS_ENDPOINTS } from '@core/endpoints/ops';
import { callEndpoint, retryUnlessRefused } from '../../api/api-client';

export const opsKeys = {
  providers: (token: string) => ['ops', 'providers', token] as const,
};

/** The search providers' month, asked with the operators' token. */
export const opsProvidersQuery = (token: string) =>
  queryOptions({
    queryKey: opsKeys.providers(token),
    queryFn: () => callEndpoint(OPS_ENDPOINTS.providers, { token }),
    retry: retryUnlessRefused,
  });

/** The providers' month once there is an operators' token; none: nothing asked. */
export function useOpsProviders(token: string | null) {
  return useQuery({ ...opsProvidersQuery(token ?? ''), enabled: token !== null });
}
