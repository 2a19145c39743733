import { planById, type Plan } from '@core/plans';
import type { User } from '../auth/users';
import type { QuotaTool } from './quotas';

export function monthlyLimit(plan: Plan, tool: QuotaTool): number {
  if (tool === 'serp') return plan.searchLimit;
  if (tool === 'speed') return plan.speedTestLimit;
  return plan.keywordSearchLimit;
}

/** Quota subject: the user, or the visitor's IP address for anonymous use. */
export function subjectOf(user: User | null, ip: string): string {
  return user ? user.id : `ip:${ip}`;
}

/** Visitors get the free plan's allowance per IP address. */
export function planOf(user: User | null): Plan {
  return planById(user?.plan_id ?? 1);
}
