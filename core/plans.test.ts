import { describe, expect, it } from 'vitest';
import { isPaidPlan, PLANS, planById } from './plans';

describe('tracking limits of the plans', () => {
  it('tracks 1, 10, 25 and 100 pages on free, lite, guru and pro', () => {
    expect(PLANS.map((p) => [p.plan, p.trackedPageLimit])).toEqual([
      ['free', 1],
      ['lite', 10],
      ['guru', 25],
      ['pro', 100],
    ]);
  });

  it('checks hourly on paid plans only', () => {
    for (const plan of PLANS) expect(plan.features.hourlyTracking).toBe(isPaidPlan(plan.planId));
  });

  it('allows every tracked page a daily check on both devices for a whole month', () => {
    for (const plan of PLANS)
      expect(plan.scheduledCheckLimit, plan.plan).toBeGreaterThanOrEqual(
        plan.trackedPageLimit * 2 * 31,
      );
  });

  it('keeps history longer on larger plans, and at least the 90-day range on paid ones', () => {
    const days = PLANS.map((p) => p.trackingRetentionDays);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    for (const plan of PLANS.filter((p) => isPaidPlan(p.planId)))
      expect(plan.trackingRetentionDays).toBeGreaterThanOrEqual(90);
  });

  it('falls back to the free plan for an unknown id', () => {
    expect(planById(99).trackedPageLimit).toBe(1);
  });
});
