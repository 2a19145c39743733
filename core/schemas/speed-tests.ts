import { z } from 'zod';
import {
  TRACKING_DEVICES,
  comparisonSchemaOf,
  filmstripFrameSchema,
  trackingSampleSchema,
} from './tracking';

/** A signed-in user's last speed tests kept to compare; older ones go. */
export const SPEED_TEST_HISTORY = 10;

export const speedTestHistoryQuerySchema = z.object({ url: z.string().url().max(2048) });

/** One device's side of a kept speed test. */
export const speedTestDeviceSummarySchema = z.object({
  device: z.enum(TRACKING_DEVICES),
  /** Samples that finished with a result, and those that failed or were cancelled. */
  measured: z.number().int(),
  failed: z.number().int(),
  /** Median score of the measured samples; null when none was. */
  medianScore: z.number().nullable(),
});

export const speedTestSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Samples asked for on each device. */
  samples: z.number().int(),
  /** The devices the test ran on, in the order mobile, desktop. */
  devices: z.array(speedTestDeviceSummarySchema),
});
export type SpeedTestSummary = z.infer<typeof speedTestSummarySchema>;

export const speedTestHistorySchema = z.object({
  url: z.string(),
  /** Newest first, at most SPEED_TEST_HISTORY. */
  tests: z.array(speedTestSummarySchema),
});
export type SpeedTestHistory = z.infer<typeof speedTestHistorySchema>;

/** Two speed tests of one URL on one device: `a` the earlier, `b` the later. */
export const speedTestCompareQuerySchema = z.object({
  a: z.string().uuid(),
  b: z.string().uuid(),
  device: z.enum(TRACKING_DEVICES),
});

/** One side of a comparison: the test's samples on the device and its representative frames. */
export const speedTestRunsSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  samples: z.array(trackingSampleSchema),
  /** The representative sample's frames; empty once the sweep dropped them or none had times. */
  filmstrip: z.array(filmstripFrameSchema),
});
export type SpeedTestRuns = z.infer<typeof speedTestRunsSchema>;

export const speedTestComparisonSchema = comparisonSchemaOf(speedTestRunsSchema);
export type SpeedTestComparison = z.infer<typeof speedTestComparisonSchema>;
