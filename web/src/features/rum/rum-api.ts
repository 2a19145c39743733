import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RUM_ENDPOINTS as RUM } from '@core/endpoints/rum';
import type { CreateRumSiteBody } from '@core/schemas/rum';
import { callEndpoint, retryUnlessRefused } from '../../api/api-client';
import { useSignedInQuery, useSignedInToken } from '../../api/signed-in-token';
import { summaryQuery, type RumFilters } from './rum-filters';

/** Everything of real-user monitoring under one key, per signed-in token. */
export const rumKeys = {
  all: (token: string) => ['rum', token] as const,
  sites: (token: string) => [...rumKeys.all(token), 'sites'] as const,
  summary: (token: string, id: string, filters: RumFilters) =>
    [...rumKeys.all(token), 'summary', id, summaryQuery(filters)] as const,
};

/** The user's sites and how many the plan collects for. */
export const rumSitesQuery = (token: string) =>
  queryOptions({
    queryKey: rumKeys.sites(token),
    queryFn: () => callEndpoint(RUM.listSites, { token }),
  });

/**
 * A site's figures for a window and filters; the previous figures stay on screen while
 * the next load, so a filter change does not blank the dashboard.
 */
export const rumSummaryQuery = (token: string, id: string, filters: RumFilters) =>
  queryOptions({
    queryKey: rumKeys.summary(token, id, filters),
    queryFn: () => callEndpoint(RUM.summary, { token, params: { id }, query: filters }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const useRumSites = () => useSignedInQuery(rumSitesQuery);

export const useRumSummary = (id: string, filters: RumFilters) =>
  useSignedInQuery((token) => rumSummaryQuery(token, id, filters));

/** Adding, changing and removing sites; each refreshes everything RUM shows. */
export function useRumSiteMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: rumKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateRumSiteBody) => callEndpoint(RUM.createSite, { token, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<CreateRumSiteBody> }) =>
        callEndpoint(RUM.updateSite, { token, params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(RUM.removeSite, { token, params: { id } }),
      onSettled,
    }),
  };
}
