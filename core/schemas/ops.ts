import { z } from 'zod';

/** A job that used up its attempts on transient failures or timeouts. */
export const deadLetterSchema = z.object({
  id: z.string(),
  attemptsMade: z.number().int(),
  attempts: z.number().int(),
  /** The last attempt's failure, as users and operators read it. */
  failedReason: z.string().nullable(),
});

/** One queue at a glance: what waits, what runs, what failed for good. */
export const queueStatsSchema = z.object({
  queue: z.string(),
  /** Workers serving it now, in every process; 0 means nothing runs its jobs. */
  workers: z.number().int(),
  /** Waiting their turn, a retry's backoff or a deferral's delay. */
  waiting: z.number().int(),
  active: z.number().int(),
  /** Failed jobs still kept (a week at most): permanent failures and dead letters. */
  failed: z.number().int(),
  /** The latest dead letters among the last 100 failures, newest first (20 at most). */
  deadLetters: z.array(deadLetterSchema),
});

/** `GET /ops/queues`: every job queue of the app, for operators (OPS_TOKEN). */
export const queuesResponseSchema = z.object({ queues: z.array(queueStatsSchema) });
export type QueuesResponse = z.infer<typeof queuesResponseSchema>;
