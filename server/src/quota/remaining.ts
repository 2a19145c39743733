import type { User } from '../auth/users';
import { monthlyLimit, planOf, subjectOf } from './plan-limits';
import type { Quotas, QuotaTool } from './quotas';

/** What is left this month; never negative (spec: null is never sent, 0 instead). */
export async function remaining(
  quotas: Quotas,
  user: User | null,
  ip: string,
  tool: QuotaTool,
): Promise<number> {
  const limit = monthlyLimit(planOf(user), tool);
  return Math.max(0, limit - (await quotas.used(subjectOf(user, ip), tool)));
}
