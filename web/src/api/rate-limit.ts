import type { z } from 'zod';
import { USAGE_ENDPOINTS } from '@core/endpoints/usage';
import type { rateLimitBodySchema } from '@core/schemas/quota';
import { ApiError, callEndpoint } from './api-client';

export type RateLimitBody = z.input<typeof rateLimitBodySchema>;

/** Asks whether a signed-in user may use a tool once more this month (POST /rate-limit). */
export const checkRateLimit = (token: string | null, body: RateLimitBody) =>
  callEndpoint(USAGE_ENDPOINTS.checkLimit, { token, body });

/** Asks whether a signed-in user may run one more SERP search this month. */
export const checkSerpRateLimit = (token: string, searchString: string) =>
  checkRateLimit(token, { searchString, limitType: 'serpSearch' });

/**
 * A rate check's answer as a refusal, or null to go on. `refuse` names the answers that
 * refuse (a 429, say); any other failure of the check lets the use go on, since the tool's
 * own endpoint still enforces the allowance, after `onFailed` (a log) if given.
 */
export async function refusalOf<R>(
  ask: () => Promise<unknown>,
  refuse: (error: ApiError) => R | null,
  onFailed?: (error: unknown) => void,
): Promise<R | null> {
  try {
    await ask();
    return null;
  } catch (error) {
    const refusal = error instanceof ApiError ? refuse(error) : null;
    if (refusal === null) onFailed?.(error);
    return refusal;
  }
}

/** The refusal of the usual rate checks: a 429 says the month's allowance is used up. */
export const refusedWhenLimited = (error: ApiError): ApiError | null =>
  error.status === 429 ? error : null;
