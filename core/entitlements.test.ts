import { describe, expect, it } from 'vitest';
import { entitlementsOf } from './entitlements';
import { FREE_PLAN_ID, PLANS, PRO_PLAN_ID } from './plans';

describe('entitlementsOf', () => {
  it('gives a visitor and an unknown plan id the free plan', () => {
    expect(entitlementsOf(null).plan.planId).toBe(FREE_PLAN_ID);
    expect(entitlementsOf(undefined).plan.planId).toBe(FREE_PLAN_ID);
    expect(entitlementsOf(99).plan.planId).toBe(FREE_PLAN_ID);
  });

  it('allows samples up to the plan limit and not one more', () => {
    const free = entitlementsOf(FREE_PLAN_ID);
    expect(free.sampleLimit).toBe(3);
    expect(free.allowsSamples(3)).toBe(true);
    expect(free.allowsSamples(4)).toBe(false);
    const pro = entitlementsOf(PRO_PLAN_ID);
    expect(pro.allowsSamples(10)).toBe(true);
    expect(pro.allowsSamples(11)).toBe(false);
  });

  it('allows hourly checks on paid plans only, and checks a free hourly page daily', () => {
    const free = entitlementsOf(FREE_PLAN_ID);
    expect(free.allowsSchedule('daily')).toBe(true);
    expect(free.allowsSchedule('hourly')).toBe(false);
    expect(free.effectiveSchedule('hourly')).toBe('daily');
    const paid = entitlementsOf(2);
    expect(paid.allowsSchedule('hourly')).toBe(true);
    expect(paid.effectiveSchedule('hourly')).toBe('hourly');
    expect(paid.effectiveSchedule('daily')).toBe('daily');
  });

  it("reads every plan's page, check and monthly limits from the plan table", () => {
    for (const plan of PLANS) {
      const rules = entitlementsOf(plan.planId);
      expect(rules.trackedPageLimit).toBe(plan.trackedPageLimit);
      expect(rules.scheduledCheckLimit).toBe(plan.scheduledCheckLimit);
      expect(rules.monthlyLimit('serp')).toBe(plan.searchLimit);
      expect(rules.monthlyLimit('speed')).toBe(plan.speedTestLimit);
      expect(rules.monthlyLimit('keywords')).toBe(plan.keywordSearchLimit);
      expect(rules.has('serpCsvExport')).toBe(plan.features.serpCsvExport);
    }
  });
});
