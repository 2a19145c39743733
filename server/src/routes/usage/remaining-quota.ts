import { planById } from '@core/plans';
import type { User } from '../../auth/users';

export type QuotaTool = 'serp' | 'speed' | 'keywords';

/**
 * What a user has left this month per tool. No tool consumes quota yet, so this is the
 * plan's full allowance; usage counting replaces it when the quota work lands.
 */
export function remainingQuota(user: User, tool: QuotaTool): number {
  const plan = planById(user.plan_id);
  if (tool === 'serp') return plan.searchLimit;
  if (tool === 'speed') return plan.speedTestLimit;
  return plan.keywordSearchLimit;
}
