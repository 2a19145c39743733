import { useQuery } from '@tanstack/react-query';
import { siteConfigSchema } from '@core/schemas/site-config';
import { apiRequest } from './api-client';

/** This installation's public configuration, fetched once per page load. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: () => apiRequest('/site-config', siteConfigSchema),
    staleTime: Infinity,
  });
}
