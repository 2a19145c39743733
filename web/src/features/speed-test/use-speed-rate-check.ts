import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { rateLimitBodySchema, rateLimitResponseSchema } from '@core/schemas/quota';
import { ApiError, apiRequest } from '../../api/api-client';

/** The speed-test rate check: 200 goes on; 429 is the monthly, 400 the sample limit. */
export type RateCheckOutcome =
  { ok: true } | { ok: false; limit: 'monthly' | 'sampleSize'; maxSampleSize: number | null };

/** The signed-in user's rate check before a test, as a mutation. */
export function useSpeedRateCheck(token: string | null) {
  return useMutation({
    mutationFn: async (body: z.input<typeof rateLimitBodySchema>): Promise<RateCheckOutcome> => {
      try {
        await apiRequest('/rate-limit', rateLimitResponseSchema, { method: 'POST', token, body });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 400))
          throw error;
        const answer = rateLimitResponseSchema.partial().safeParse(error.body);
        return {
          ok: false,
          limit: error.status === 429 ? 'monthly' : 'sampleSize',
          maxSampleSize: answer.data?.maxSampleSize ?? null,
        };
      }
    },
  });
}
