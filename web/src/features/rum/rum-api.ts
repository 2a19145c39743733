import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  rumSiteListSchema,
  rumSiteSchema,
  rumSummarySchema,
  type CreateRumSiteBody,
} from '@core/schemas/rum';
import { ApiError, apiRequest } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { summaryQuery, type RumFilters } from './rum-filters';

const SITES = '/rum/sites';

/** Everything of real-user monitoring under one key, per signed-in token. */
export const rumKeys = {
  all: (token: string) => ['rum', token] as const,
  sites: (token: string) => [...rumKeys.all(token), 'sites'] as const,
  summary: (token: string, id: string, filters: RumFilters) =>
    [...rumKeys.all(token), 'summary', id, summaryQuery(filters)] as const,
};

export const fetchRumSites = (token: string) => apiRequest(SITES, rumSiteListSchema, { token });

export const fetchRumSummary = (token: string, id: string, filters: RumFilters) =>
  apiRequest(`${SITES}/${id}/summary?${summaryQuery(filters)}`, rumSummarySchema, { token });

/** The user's sites and how many the plan collects for. */
export function useRumSites() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: rumKeys.sites(token),
    queryFn: () => fetchRumSites(token),
    enabled,
  });
}

/**
 * A site's figures for a window and filters; the previous figures stay on screen while
 * the next load, so a filter change does not blank the dashboard.
 */
export function useRumSummary(id: string, filters: RumFilters) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: rumKeys.summary(token, id, filters),
    queryFn: () => fetchRumSummary(token, id, filters),
    enabled,
    placeholderData: keepPreviousData,
    // A refusal (a site that is not the user's) stays one: asking again only delays it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

/** Adding, changing and removing sites; each refreshes everything RUM shows. */
export function useRumSiteMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: rumKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateRumSiteBody) =>
        apiRequest(SITES, rumSiteSchema, { method: 'POST', token, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<CreateRumSiteBody> }) =>
        apiRequest(`${SITES}/${id}`, rumSiteSchema, { method: 'PATCH', token, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${SITES}/${id}`, z.null(), { method: 'DELETE', token }),
      onSettled,
    }),
  };
}
