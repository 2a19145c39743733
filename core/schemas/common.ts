import { z } from 'zod';
import { speedReadinessSchema } from '../speed';

/** Error body of every API failure: one human-readable message. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** What a removal answers. */
export const deletedSchema = z.object({ deleted: z.literal(true) });

/**
 * `{ status: 'ok' }` when all is well; 'degraded' while the app is up but a tool is not
 * (speed tests without a browser), with the reason.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  speed: speedReadinessSchema.optional(),
});
