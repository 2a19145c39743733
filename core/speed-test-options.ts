import { FREE_PLAN_ID, planById } from './plans';

/** Spec 002 §9: default samples 3. */
export const DEFAULT_SAMPLES = 3;
/** Spec 002 §4: averages show 750 ms after the last sample completes. */
export const AVERAGE_DELAY_MS = 750;

/**
 * Test Samples choices (spec 002 §6): free users and visitors 3, 2, 1; paid plans from
 * the plan's sample limit down to 1.
 */
export function sampleChoices(planId: number | null | undefined): number[] {
  const plan = planById(planId ?? FREE_PLAN_ID);
  const max = plan.planId === FREE_PLAN_ID ? 3 : plan.speedTestSampleLimit;
  return Array.from({ length: max }, (_, i) => max - i);
}

/** Spec 002 §5: a URL without http:// or https:// gets http:// prefixed. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
