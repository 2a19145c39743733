import type { Config } from '../../config';

/** A provider's id for one paid plan on one billing cycle (1 monthly, 2 yearly). */
export interface PlanCycleId {
  planId: number;
  billingCycle: 1 | 2;
  id: string;
}

const PLANS = [
  [2, 'LITE'],
  [3, 'GURU'],
  [4, 'PRO'],
] as const;
const CYCLES = [
  [1, 'MONTHLY'],
  [2, 'YEARLY'],
] as const;

/**
 * The ids configured as `<prefix>_<PLAN>_<CYCLE>` (Stripe prices, PayPal plans), one per
 * paid plan and cycle; a plan and cycle left unset is not offered through that provider.
 */
export function configuredPlanIds(
  config: Config,
  prefix: 'STRIPE_PRICE' | 'PAYPAL_PLAN',
): PlanCycleId[] {
  return PLANS.flatMap(([planId, plan]) =>
    CYCLES.flatMap(([billingCycle, cycle]) => {
      const id = config[`${prefix}_${plan}_${cycle}`];
      return id ? [{ planId, billingCycle, id }] : [];
    }),
  );
}
