import { z } from 'zod';
import { RESOURCE_TYPES, type ResourceType } from './resources';

/** SpeedRank's budget format alone: what tracked pages' schemas need, without the judging. */

const ms = z.number().positive().max(120_000);
const kib = z.number().nonnegative().max(1_000_000);
const requests = z.number().int().nonnegative().max(100_000);
const byType = <T extends z.ZodType>(value: T) =>
  z
    .object(
      Object.fromEntries(RESOURCE_TYPES.map((type) => [type, value])) as Record<ResourceType, T>,
    )
    .partial()
    .strict();

const score = z.number().int().min(1).max(100);

/**
 * SpeedRank's budget, every limit optional: the performance score and the other Lighthouse
 * categories' scores (1–100, at least; a category named is measured with each run), lab
 * timings in ms and CLS unitless (at most), field INP and LCP p75 in ms (at most), and
 * transfer sizes in KiB and request counts by resource type (at most), as Lighthouse's
 * budget file counts them.
 */
export const budgetSchema = z
  .object({
    performance: score,
    accessibility: score,
    bestPractices: score,
    seo: score,
    agenticBrowsing: score,
    fcp: ms,
    lcp: ms,
    si: ms,
    tbt: ms,
    tti: ms,
    cls: z.number().positive().max(10),
    inp: ms,
    fieldLcp: ms,
    resourceSizes: byType(kib),
    resourceCounts: byType(requests),
  })
  .partial()
  .strict();
export type Budget = z.infer<typeof budgetSchema>;
