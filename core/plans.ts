/**
 * The plans: prices, monthly limits and features. The one source for the pricing page, the
 * locks and gates of every tool, the account page and the server's checks.
 */

export type PlanName = 'free' | 'lite' | 'guru' | 'pro';
export type PlanId = 1 | 2 | 3 | 4;

/** 0 or 1 mean monthly, 2 annual. */
export type BillingCycle = 0 | 1 | 2;
export const BILLING_MONTHLY = 1;
export const BILLING_ANNUAL = 2;

/**
 * What a plan may use besides its monthly counts, in the order the pricing page lists them.
 * Every plan has every tool; paid plans add the features marked paid-only here.
 */
export const PLAN_FEATURES = [
  { id: 'schemaTypes', label: 'schema types' },
  { id: 'wordCount', label: 'word count' },
  { id: 'contentData', label: 'content data' },
  { id: 'coreWebVitals', label: 'core web vitals' },
  { id: 'mobileAndDesktop', label: 'mobile and desktop' },
  { id: 'internationalSettings', label: 'international settings' },
  { id: 'moreSerpResults', label: 'multiple SERP pages' },
  { id: 'serpCsvExport', label: 'CSV export' },
  { id: 'hourlyTracking', label: 'hourly speed tracking' },
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number]['id'];
export type PlanFeatures = Readonly<Record<PlanFeature, boolean>>;

const EVERY_PLAN = {
  schemaTypes: true,
  wordCount: true,
  contentData: true,
  coreWebVitals: true,
  mobileAndDesktop: true,
  internationalSettings: true,
} as const;
const FREE_FEATURES: PlanFeatures = {
  ...EVERY_PLAN,
  moreSerpResults: false,
  serpCsvExport: false,
  hourlyTracking: false,
};
const PAID_FEATURES: PlanFeatures = {
  ...EVERY_PLAN,
  moreSerpResults: true,
  serpCsvExport: true,
  hourlyTracking: true,
};

export interface Plan {
  plan: PlanName;
  planId: PlanId;
  title: string;
  monthlyPrice: number;
  yearlyPrice: number;
  searchLimit: number;
  speedTestLimit: number;
  speedTestSampleLimit: number;
  /** Keywords a month: each keyword a list asks for counts, so a list of 30 uses 30. */
  keywordSearchLimit: number;
  keywordsPerMin: number | null;
  keywordsPerHour: number | null;
  /** Site speed tracking: pages watched on a schedule. */
  trackedPageLimit: number;
  /** Sites whose visitors' field data (real-user monitoring) the plan collects. */
  rumSiteLimit: number;
  /** Keywords whose rank is checked daily. */
  rankKeywordLimit: number;
  /** User flows (journeys measured step by step) a workspace may keep. */
  flowLimit: number;
  /**
   * Scheduled checks a month (one device's samples at one time), apart from the manual
   * speed-test quota: a page on both devices checked daily uses about 62.
   */
  scheduledCheckLimit: number;
  /** Days a tracked page's checks and alerts are kept. */
  trackingRetentionDays: number;
  /** People who may belong to one of the owner's shared workspaces, the owner included. */
  seatLimit: number;
  features: PlanFeatures;
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
    rumSiteLimit: 1,
    rankKeywordLimit: 10,
    flowLimit: 1,
    scheduledCheckLimit: 100,
    trackingRetentionDays: 30,
    seatLimit: 1,
    features: FREE_FEATURES,
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
    rumSiteLimit: 3,
    rankKeywordLimit: 100,
    flowLimit: 5,
    scheduledCheckLimit: 3_000,
    trackingRetentionDays: 90,
    seatLimit: 3,
    features: PAID_FEATURES,
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
    rumSiteLimit: 10,
    rankKeywordLimit: 500,
    flowLimit: 20,
    scheduledCheckLimit: 8_000,
    trackingRetentionDays: 180,
    seatLimit: 10,
    features: PAID_FEATURES,
  },
  {
    plan: 'pro',
    planId: 4,
    title: 'Pro',
    // The original data also has a price field of 29 for pro; its table says 49 / 470, used here.
    monthlyPrice: 49,
    yearlyPrice: 470,
    searchLimit: 500,
    speedTestLimit: 250,
    speedTestSampleLimit: 10,
    keywordSearchLimit: 14000,
    keywordsPerMin: 30,
    keywordsPerHour: 150,
    trackedPageLimit: 100,
    rumSiteLimit: 50,
    rankKeywordLimit: 2_000,
    flowLimit: 100,
    scheduledCheckLimit: 30_000,
    trackingRetentionDays: 365,
    seatLimit: 50,
    features: PAID_FEATURES,
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

/** A plan id above 1 is paid. */
export function isPaidPlan(planId: number | null | undefined): boolean {
  return (planId ?? FREE_PLAN_ID) > FREE_PLAN_ID;
}
