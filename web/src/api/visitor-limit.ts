import { USAGE_ENDPOINTS } from '@core/endpoints/usage';
import type { LimitType } from '@core/schemas/quota';
import { callEndpoint } from './api-client';

/**
 * Whether the visitor's address has used up this month's allowance of a tool, asked before
 * a visitor's test or search so that a used-up allowance ends on the free-trial page
 * without a request the server would refuse. A check that fails lets the use go on: the
 * tool's own endpoint still enforces the allowance.
 */
export async function visitorLimitReached(limitType: LimitType): Promise<boolean> {
  try {
    const answer = await callEndpoint(USAGE_ENDPOINTS.checkVisitorLimit, { query: { limitType } });
    return answer.status === 'FAILURE';
  } catch (error) {
    console.error('IP limit check failed', error);
    return false;
  }
}
