import type { Holder } from '../domain/workspace-access';
import { entitlementsFor, subjectOf } from './plan-limits';
import type { Quotas, QuotaTool } from './quotas';

/** What is left this month; never negative (spec: null is never sent, 0 instead). */
export async function remaining(
  quotas: Quotas,
  holder: Holder | null,
  ip: string,
  tool: QuotaTool,
): Promise<number> {
  return remainingOf(holder, tool, await quotas.used(subjectOf(holder, ip), tool));
}

/** What is left this month of `tool` once `used` is known; never negative. */
export function remainingOf(holder: Holder | null, tool: QuotaTool, used: number): number {
  return Math.max(0, entitlementsFor(holder).monthlyLimit(tool) - used);
}
