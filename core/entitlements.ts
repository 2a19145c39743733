import { FREE_PLAN_ID, planById, type Plan, type PlanFeature } from './plans';
import type { TrackingSchedule } from './schemas/tracking';

/** A tool with a monthly allowance: SERP searches, speed tests, keywords. */
export type AllowanceTool = 'serp' | 'speed' | 'keywords';

/**
 * What a plan may do, read from the plan table: the one set of rules the server's checks
 * and the web's gates both ask, so a gate and its refusal cannot disagree.
 */
export interface Entitlements {
  readonly plan: Plan;
  /** Samples one speed test, or one tracked page's check per device, may run. */
  readonly sampleLimit: number;
  readonly trackedPageLimit: number;
  /** Sites the plan collects real-user field data for. */
  readonly rumSiteLimit: number;
  /** Keywords whose rank is checked daily. */
  readonly rankKeywordLimit: number;
  /** User flows a workspace may keep. */
  readonly flowLimit: number;
  /** Scheduled checks a month, apart from the speed-test allowance. */
  readonly scheduledCheckLimit: number;
  allowsSamples(samples: number): boolean;
  allowsSchedule(schedule: TrackingSchedule): boolean;
  /** The schedule a page is checked on: a plan without hourly checks checks it daily. */
  effectiveSchedule(schedule: TrackingSchedule): TrackingSchedule;
  has(feature: PlanFeature): boolean;
  monthlyLimit(tool: AllowanceTool): number;
}

/** The entitlements of `planId`; a visitor (or an unknown id) has the free plan's. */
export function entitlementsOf(planId: number | null | undefined): Entitlements {
  const plan = planById(planId ?? FREE_PLAN_ID);
  const has = (feature: PlanFeature) => plan.features[feature];
  const allowsSchedule = (schedule: TrackingSchedule) =>
    schedule !== 'hourly' || has('hourlyTracking');
  return {
    plan,
    sampleLimit: plan.speedTestSampleLimit,
    trackedPageLimit: plan.trackedPageLimit,
    rumSiteLimit: plan.rumSiteLimit,
    rankKeywordLimit: plan.rankKeywordLimit,
    flowLimit: plan.flowLimit,
    scheduledCheckLimit: plan.scheduledCheckLimit,
    allowsSamples: (samples) => samples <= plan.speedTestSampleLimit,
    allowsSchedule,
    effectiveSchedule: (schedule) => (allowsSchedule(schedule) ? schedule : 'daily'),
    has,
    monthlyLimit: (tool) =>
      tool === 'serp'
        ? plan.searchLimit
        : tool === 'speed'
          ? plan.speedTestLimit
          : plan.keywordSearchLimit,
  };
}
