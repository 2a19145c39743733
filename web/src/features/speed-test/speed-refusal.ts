import { rateLimitResponseSchema } from '@core/schemas/quota';
import type { ApiError } from '../../api/api-client';

/** Why a speed test may not run: the month (429), the sample size (400), or a visitor's address. */
export interface SpeedRefusal {
  limit: 'monthly' | 'sampleSize' | 'visitor';
  /** The plan's sample limit, as the rate check gave it. */
  maxSampleSize: number | null;
}

/** The speed-test rate check's refusals: 429 is the monthly, 400 the sample limit. */
export function speedRefusal(error: ApiError): SpeedRefusal | null {
  if (error.status !== 429 && error.status !== 400) return null;
  const answer = rateLimitResponseSchema.partial().safeParse(error.body);
  return {
    limit: error.status === 429 ? 'monthly' : 'sampleSize',
    maxSampleSize: answer.data?.maxSampleSize ?? null,
  };
}
