import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { SERP_ENDPOINTS as SERP } from '@core/endpoints/serp';
import type { rankCheckBodySchema, rankCheckResponseSchema } from '@core/schemas/serp';
import { callEndpoint } from './api-client';

export type RankCheckBody = z.input<typeof rankCheckBodySchema>;
export type RankCheckResponse = z.infer<typeof rankCheckResponseSchema>;

/** Where a site ranks in the top 100 for a search. */
export const checkRank = (token: string | null, body: RankCheckBody) =>
  callEndpoint(SERP.checkRank, { token, body });

export const rankCheckKeys = {
  all: ['rank-check'] as const,
};

type RankCheckOptions = Omit<
  UseMutationOptions<RankCheckResponse, Error, RankCheckBody>,
  'mutationKey' | 'mutationFn'
>;

/** The rank check as a mutation: each lookup costs a search, so none is cached. */
export function useRankCheck(token: string | null, options: RankCheckOptions = {}) {
  return useMutation({
    ...options,
    mutationKey: rankCheckKeys.all,
    mutationFn: (body: RankCheckBody) => checkRank(token, body),
  });
}
