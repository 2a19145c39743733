import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  RANK_ERROR_CODES,
  rankHistorySchema,
  rankKeywordListSchema,
  type CreateRankKeywordInput,
  type RankAlerts,
} from '@core/schemas/rank-tracking';
import { ApiError, apiRequest } from './api-client';
import { useSignedInToken } from './signed-in-token';
import { usageKey } from './usage';

const KEYWORDS = '/rank-tracking/keywords';

/** What an edit may change of a tracked keyword. */
export interface RankKeywordPatch {
  depth?: number;
  competitors?: string[];
  tags?: string[];
  alerts?: RankAlerts;
}

/**
 * Every answer but the list and the history is read only for its status: what the page
 * shows comes from the list fetched again after each change.
 */
const anyAnswer = z.unknown();

/** Everything of rank tracking under one key, per signed-in token. */
export const rankTrackingKeys = {
  all: (token: string) => ['rank-tracking', token] as const,
  list: (token: string) => [...rankTrackingKeys.all(token), 'list'] as const,
  history: (token: string, id: string, days: number) =>
    [...rankTrackingKeys.all(token), 'history', id, days] as const,
};

export const fetchRankKeywords = (token: string) =>
  apiRequest(KEYWORDS, rankKeywordListSchema, { token });

export const fetchRankHistory = (token: string, id: string, days: number) =>
  apiRequest(`${KEYWORDS}/${id}/history?days=${days}`, rankHistorySchema, { token });

/** A refusal that keeps being one: asking again only delays it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

/** The user's tracked keywords with their latest checks, and how many the plan tracks. */
export function useRankKeywords() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: rankTrackingKeys.list(token),
    queryFn: () => fetchRankKeywords(token),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** One keyword's checks over `days`, oldest first as the API gives them; kept while the next loads. */
export function useRankHistory(id: string, days: number) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: rankTrackingKeys.history(token, id, days),
    queryFn: () => fetchRankHistory(token, id, days),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** Whether a refusal is the plan's keyword limit (shown as the plan's lock, not an error). */
export const isKeywordLimit = (error: Error | null) =>
  error instanceof ApiError &&
  error.status === 403 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'code' in error.body &&
  error.body.code === RANK_ERROR_CODES.keywordLimit;

/** Adding, changing, checking and removing keywords; each refreshes everything shown. */
export function useRankKeywordMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: rankTrackingKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateRankKeywordInput) =>
        apiRequest(KEYWORDS, anyAnswer, { method: 'POST', token, body }),
      onSettled,
    }),
    bulk: useMutation({
      mutationFn: (keywords: CreateRankKeywordInput[]) =>
        apiRequest(`${KEYWORDS}/bulk`, anyAnswer, { method: 'POST', token, body: { keywords } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RankKeywordPatch }) =>
        apiRequest(`${KEYWORDS}/${id}`, anyAnswer, { method: 'PATCH', token, body }),
      onSettled,
    }),
    /** Run now: metered as one search of the month's quota. */
    check: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${KEYWORDS}/${id}/check`, anyAnswer, { method: 'POST', token }),
      onSettled: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: rankTrackingKeys.all(token) }),
          client.invalidateQueries({ queryKey: usageKey('serp', token) }),
        ]),
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${KEYWORDS}/${id}`, anyAnswer, { method: 'DELETE', token }),
      onSettled,
    }),
  };
}
