import type { z } from 'zod';
import { rankCheckBodySchema, rankCheckResponseSchema } from '@core/schemas/serp';
import { rateLimitResponseSchema } from '@core/schemas/quota';
import { apiRequest } from '../../app/api-client';

export type RankCheckBody = z.input<typeof rankCheckBodySchema>;
export type RankCheckResponse = z.infer<typeof rankCheckResponseSchema>;

/** Spec 001 §7 items 2 and 5, as the SERP checker makes them. */
export const rankApi = {
  rateLimit: (token: string, searchString: string) =>
    apiRequest('/rate-limit', rateLimitResponseSchema, {
      method: 'POST',
      token,
      body: { searchString, limitType: 'serpSearch' },
    }),
  check: (token: string | null, body: RankCheckBody) =>
    apiRequest('/rank-check', rankCheckResponseSchema, { method: 'POST', token, body }),
};
