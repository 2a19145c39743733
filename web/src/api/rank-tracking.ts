import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RANK_TRACKING_ENDPOINTS as RANK } from '@core/endpoints/rank-tracking';
import {
  RANK_ERROR_CODES,
  type CreateRankKeywordInput,
  type RankAlerts,
} from '@core/schemas/rank-tracking';
import { ApiError, callEndpoint, retryUnlessRefused } from './api-client';
import { useSignedInQuery, useSignedInToken } from './signed-in-token';
import { usageKey } from './usage';

/** What an edit may change of a tracked keyword. */
export interface RankKeywordPatch {
  depth?: number;
  competitors?: string[];
  tags?: string[];
  alerts?: RankAlerts;
}

/** Everything of rank tracking under one key, per signed-in token. */
export const rankTrackingKeys = {
  all: (token: string) => ['rank-tracking', token] as const,
  list: (token: string) => [...rankTrackingKeys.all(token), 'list'] as const,
  history: (token: string, id: string, days: number) =>
    [...rankTrackingKeys.all(token), 'history', id, days] as const,
  visibility: (token: string, days: number, tag: string | undefined) =>
    [...rankTrackingKeys.all(token), 'visibility', days, tag ?? null] as const,
  competitorsFound: (token: string, tag: string | undefined) =>
    [...rankTrackingKeys.all(token), 'competitors-found', tag ?? null] as const,
};

/** The user's tracked keywords with their latest checks, and how many the plan tracks. */
export const rankKeywordsQuery = (token: string) =>
  queryOptions({
    queryKey: rankTrackingKeys.list(token),
    queryFn: () => callEndpoint(RANK.listKeywords, { token }),
    retry: retryUnlessRefused,
  });

/** One keyword's checks over `days`, oldest first as the API gives them; kept while the next loads. */
export const rankHistoryQuery = (token: string, id: string, days: number) =>
  queryOptions({
    queryKey: rankTrackingKeys.history(token, id, days),
    queryFn: () => callEndpoint(RANK.history, { token, params: { id }, query: { days } }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const useRankKeywords = () => useSignedInQuery(rankKeywordsQuery);

/** Visibility and share of voice over `days`, of the keywords tagged `tag` or all. */
export const useRankVisibility = (days: number, tag: string | undefined) =>
  useSignedInQuery((token) =>
    queryOptions({
      queryKey: rankTrackingKeys.visibility(token, days, tag),
      queryFn: () =>
        callEndpoint(RANK.visibility, { token, query: { days, ...(tag ? { tag } : {}) } }),
      placeholderData: keepPreviousData,
      retry: retryUnlessRefused,
    }),
  );

/** The domains most often in the keywords' top ten. */
export const useCompetitorsFound = (tag: string | undefined) =>
  useSignedInQuery((token) =>
    queryOptions({
      queryKey: rankTrackingKeys.competitorsFound(token, tag),
      queryFn: () => callEndpoint(RANK.competitorsFound, { token, query: tag ? { tag } : {} }),
      retry: retryUnlessRefused,
    }),
  );

export const useRankHistory = (id: string, days: number) =>
  useSignedInQuery((token) => rankHistoryQuery(token, id, days));

/** Whether a refusal is the plan's keyword limit (shown as the plan's lock, not an error). */
export const isKeywordLimit = (error: Error | null) =>
  error instanceof ApiError &&
  error.status === 403 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'code' in error.body &&
  error.body.code === RANK_ERROR_CODES.keywordLimit;

/**
 * Adding, changing, checking and removing keywords; each refreshes everything shown, as
 * what the page shows comes from the list fetched again after each change.
 */
export function useRankKeywordMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: rankTrackingKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateRankKeywordInput) =>
        callEndpoint(RANK.createKeyword, { token, body }),
      onSettled,
    }),
    bulk: useMutation({
      mutationFn: (keywords: CreateRankKeywordInput[]) =>
        callEndpoint(RANK.createKeywords, { token, body: { keywords } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RankKeywordPatch }) =>
        callEndpoint(RANK.updateKeyword, { token, params: { id }, body }),
      onSettled,
    }),
    /** Run now: metered as one search of the month's quota. */
    check: useMutation({
      mutationFn: (id: string) => callEndpoint(RANK.checkKeyword, { token, params: { id } }),
      onSettled: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: rankTrackingKeys.all(token) }),
          client.invalidateQueries({ queryKey: usageKey('serp', token) }),
        ]),
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(RANK.removeKeyword, { token, params: { id } }),
      onSettled,
    }),
    /** Follows a domain as a competitor on every keyword of the set with room for it. */
    addCompetitor: useMutation({
      mutationFn: (body: { domain: string; tag?: string }) =>
        callEndpoint(RANK.addCompetitor, { token, body }),
      onSettled,
    }),
  };
}
