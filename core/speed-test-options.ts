import { FREE_PLAN_ID, planById } from './plans';

/** Samples a speed test runs unless the user picks another count. */
export const DEFAULT_SAMPLES = 3;
/** Averages show 750 ms after the last sample completes. */
export const AVERAGE_DELAY_MS = 750;

/**
 * Test Samples choices: free users and visitors 3, 2, 1; paid plans from
 * the plan's sample limit down to 1.
 */
export function sampleChoices(planId: number | null | undefined): number[] {
  const plan = planById(planId ?? FREE_PLAN_ID);
  const max = plan.planId === FREE_PLAN_ID ? 3 : plan.speedTestSampleLimit;
  return Array.from({ length: max }, (_, i) => max - i);
}

/** A URL without http:// or https:// gets http:// prefixed. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
