import { z } from 'zod';

/** The tool whose allowance a limit check asks about. */
export const limitTypeSchema = z.enum(['serpSearch', 'speedTest', 'keywordSearch']);
export type LimitType = z.infer<typeof limitTypeSchema>;

/** POST /rate-limit; limitType names the tool. */
export const rateLimitBodySchema = z.object({
  searchString: z.string().max(2048).optional(),
  pagination: z.union([z.boolean(), z.number()]).optional(),
  ignoreLimit: z.boolean().optional(),
  limitType: limitTypeSchema.default('serpSearch'),
  speedTestSampleSize: z.number().int().min(1).max(50).optional(),
  speedTestUrl: z.string().max(2048).optional(),
});

/** POST /kwt-rate-limit: the keyword tool's rate check. */
export const kwtRateLimitBodySchema = z.object({
  keywordString: z.string().max(2048),
  keywordsUsed: z.number().int().min(1).max(500),
});

export const rateLimitResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  message: z.string().optional(),
  /** The plan's largest sample size, for the alert 'Upgrade to run more than {max} samples.' */
  maxSampleSize: z.number().int().optional(),
});

/**
 * The IP check's tool. A call that names none came from the original product's keyword tool,
 * so it keeps meaning the keyword allowance; a visitor's speed test or SERP search names its own.
 */
export const ipLimitQuerySchema = z.object({
  limitType: limitTypeSchema.default('keywordSearch'),
});

export const ipLimitResponseSchema = z.object({ status: z.enum(['SUCCESS', 'FAILURE']) });

export const QUOTA_MESSAGES = {
  monthlySearchLimit: 'You have hit your monthly search limit. Upgrade here.',
  monthlyTestLimit: 'You have hit your monthly test limit. Upgrade here.',
  sampleSizeLimit: 'You have hit your sample size limit. Upgrade here.',
  upgradeForSamples: (max: number) => `Upgrade to run more than ${max} samples.`,
  upgradeForMoreResults: 'Please upgrade to view more results',
  upgradeToExport: 'Please upgrade to export results',
  keywordsPerMinute:
    'You have used your keywords for this minute. Please wait a minute and try again.',
  keywordsPerHour: 'You have used your keywords for this hour. Please try again later.',
} as const;
