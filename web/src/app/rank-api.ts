import type { z } from 'zod';
import { rankCheckBodySchema, rankCheckResponseSchema } from '@core/schemas/serp';
import { apiRequest } from './api-client';

export type RankCheckBody = z.input<typeof rankCheckBodySchema>;
export type RankCheckResponse = z.infer<typeof rankCheckResponseSchema>;

/** Where a site ranks in the top 100 for a search. */
export const rankApi = {
  check: (token: string | null, body: RankCheckBody) =>
    apiRequest('/rank-check', rankCheckResponseSchema, { method: 'POST', token, body }),
};
