import { entitlementsOf } from './entitlements';

/** Samples a speed test runs unless the user picks another count. */
export const DEFAULT_SAMPLES = 3;
/** Averages show 750 ms after the last sample completes. */
export const AVERAGE_DELAY_MS = 750;

/** Test Samples choices: the plan's sample limit down to 1 (3, 2, 1 for visitors). */
export function sampleChoices(planId: number | null | undefined): number[] {
  const max = entitlementsOf(planId).sampleLimit;
  return Array.from({ length: max }, (_, i) => max - i);
}

/** A URL without http:// or https:// gets http:// prefixed. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
