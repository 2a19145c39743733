import type { Entitlements } from '@core/entitlements';
import { TRACKING_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { TRACKING_ERROR_CODES, type TrackingSchedule } from '@core/schemas/tracking';
import { SPEED_ERROR_CODES } from '@core/speed';
import { Invalid, PlanLimit, type DomainError } from './errors';

/**
 * How a feature refuses more samples than the plan runs: a speed test's 400, a tracked
 * page's 403, each with the upgrade message and the feature's code.
 */
const SAMPLE_REFUSALS = {
  speed: (limit: number) =>
    new Invalid(QUOTA_MESSAGES.upgradeForSamples(limit), SPEED_ERROR_CODES.sampleLimit),
  tracking: (limit: number) =>
    new PlanLimit(QUOTA_MESSAGES.upgradeForSamples(limit), TRACKING_ERROR_CODES.sampleLimit),
} as const satisfies Record<string, (limit: number) => DomainError>;

/** Throws the feature's refusal when the plan does not run `samples` samples. */
export function requireSamples(
  entitlements: Entitlements,
  samples: number,
  feature: keyof typeof SAMPLE_REFUSALS,
): void {
  if (!entitlements.allowsSamples(samples)) {
    throw SAMPLE_REFUSALS[feature](entitlements.sampleLimit);
  }
}

/** Throws the 403 of a schedule the plan does not check on (hourly on the free plan). */
export function requireSchedule(entitlements: Entitlements, schedule: TrackingSchedule): void {
  if (!entitlements.allowsSchedule(schedule)) {
    throw new PlanLimit(
      TRACKING_MESSAGES.upgradeForHourly,
      TRACKING_ERROR_CODES.hourlyNeedsUpgrade,
    );
  }
}
