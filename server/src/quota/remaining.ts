import type { User } from '../db/schema';
import { entitlementsFor, subjectOf } from './plan-limits';
import type { Quotas, QuotaTool } from './quotas';

/** What is left this month; never negative (spec: null is never sent, 0 instead). */
export async function remaining(
  quotas: Quotas,
  user: User | null,
  ip: string,
  tool: QuotaTool,
): Promise<number> {
  return remainingOf(user, tool, await quotas.used(subjectOf(user, ip), tool));
}

/** What is left this month of `tool` once `used` is known; never negative. */
export function remainingOf(user: User | null, tool: QuotaTool, used: number): number {
  return Math.max(0, entitlementsFor(user).monthlyLimit(tool) - used);
}
