import { QUOTA_MESSAGES } from './quota';

/** The speed test's rate-limit alert types. */
export type SpeedAlertType = 'increaseSampleSize' | 'rateLimit' | 'sampleSizeRateLimit';

export function speedAlertText(type: SpeedAlertType, maxSampleSize = 3): string {
  if (type === 'increaseSampleSize') return QUOTA_MESSAGES.upgradeForSamples(maxSampleSize);
  if (type === 'sampleSizeRateLimit') return QUOTA_MESSAGES.sampleSizeLimit;
  return QUOTA_MESSAGES.monthlyTestLimit;
}
