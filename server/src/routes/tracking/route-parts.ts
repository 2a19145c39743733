import type { z } from 'zod';

/** What the tracking routes' documentation shares, beside each route's refusals: their tag. */
export const trackingDocs = <const Errors extends Partial<Record<number, z.ZodType>>>(
  errors: Errors,
) => ({ tags: ['tracking'], errors });
