import { rateLimitResponseSchema } from '@core/schemas/quota';
import { apiRequest } from './api-client';

/** Asks whether a signed-in user may run one more SERP search this month. */
export const checkSerpRateLimit = (token: string, searchString: string) =>
  apiRequest('/rate-limit', rateLimitResponseSchema, {
    method: 'POST',
    token,
    body: { searchString, limitType: 'serpSearch' },
  });
