/** Plan table of spec 000 §9, the one source for prices and limits on both sides. */

export type PlanName = 'free' | 'lite' | 'guru' | 'pro';
export type PlanId = 1 | 2 | 3 | 4;

/** 0 or 1 mean monthly, 2 annual (spec 000 §3). */
export type BillingCycle = 0 | 1 | 2;
export const BILLING_MONTHLY = 1;
export const BILLING_ANNUAL = 2;

export interface Plan {
  plan: PlanName;
  planId: PlanId;
  title: string;
  monthlyPrice: number;
  yearlyPrice: number;
  searchLimit: number;
  speedTestLimit: number;
  speedTestSampleLimit: number;
  keywordSearchLimit: number;
  keywordsPerMin: number | null;
  keywordsPerHour: number | null;
  /** Site speed tracking (issue 15): pages watched on a schedule. */
  trackedPageLimit: number;
  /** Whether a tracked page may be checked every hour; otherwise daily only. */
  hourlyTracking: boolean;
  /**
   * Scheduled checks a month (one device's samples at one time), apart from the manual
   * speed-test quota: a page on both devices checked daily uses about 62.
   */
  scheduledCheckLimit: number;
  /** Days a tracked page's checks and alerts are kept. */
  trackingRetentionDays: number;
}

export const PLANS: readonly Plan[] = [
  {
    plan: 'free',
    planId: 1,
    title: 'Free',
    monthlyPrice: 0,
    yearlyPrice: 0,
    searchLimit: 10,
    speedTestLimit: 10,
    speedTestSampleLimit: 3,
    keywordSearchLimit: 200,
    keywordsPerMin: null,
    keywordsPerHour: null,
    trackedPageLimit: 1,
    hourlyTracking: false,
    scheduledCheckLimit: 100,
    trackingRetentionDays: 30,
  },
  {
    plan: 'lite',
    planId: 2,
    title: 'Lite',
    monthlyPrice: 19,
    yearlyPrice: 182,
    searchLimit: 50,
    speedTestLimit: 50,
    speedTestSampleLimit: 5,
    keywordSearchLimit: 2000,
    keywordsPerMin: 30,
    keywordsPerHour: 150,
    trackedPageLimit: 10,
    hourlyTracking: true,
    scheduledCheckLimit: 3_000,
    trackingRetentionDays: 90,
  },
  {
    plan: 'guru',
    planId: 3,
    title: 'Guru',
    monthlyPrice: 29,
    yearlyPrice: 278,
    searchLimit: 100,
    speedTestLimit: 100,
    speedTestSampleLimit: 5,
    keywordSearchLimit: 6000,
    keywordsPerMin: 30,
    keywordsPerHour: 150,
    trackedPageLimit: 25,
    hourlyTracking: true,
    scheduledCheckLimit: 8_000,
    trackingRetentionDays: 180,
  },
  {
    plan: 'pro',
    planId: 4,
    title: 'Pro',
    // The spec also records a price field of 29 for pro; its table says 49 / 470, which we use.
    monthlyPrice: 49,
    yearlyPrice: 470,
    searchLimit: 500,
    speedTestLimit: 250,
    speedTestSampleLimit: 10,
    keywordSearchLimit: 14000,
    keywordsPerMin: 30,
    keywordsPerHour: 150,
    trackedPageLimit: 100,
    hourlyTracking: true,
    scheduledCheckLimit: 30_000,
    trackingRetentionDays: 365,
  },
];

/** The currency of every price above. */
export const PLAN_CURRENCY = 'USD';

/** What one period of `plan` costs on `billingCycle`. */
export function planPrice(plan: Plan, billingCycle: number): number {
  return billingCycle === BILLING_ANNUAL ? plan.yearlyPrice : plan.monthlyPrice;
}

export const FREE_PLAN_ID: PlanId = 1;
export const PRO_PLAN_ID: PlanId = 4;

export function planById(planId: number): Plan {
  return PLANS.find((p) => p.planId === planId) ?? PLANS[0]!;
}

/** Spec: a plan id above 1 is paid. */
export function isPaidPlan(planId: number | null | undefined): boolean {
  return (planId ?? FREE_PLAN_ID) > FREE_PLAN_ID;
}
