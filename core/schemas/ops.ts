import { z } from 'zod';
import { SERP_SOURCES } from './serp';

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

/** One search provider of the chain this calendar month (UTC), for operators. */
export const providerUsageSchema = z.object({
  source: z.enum(SERP_SOURCES),
  /** How the UI names it ('Google via SerpApi'). */
  label: z.string(),
  /** Its place in the failover chain, 1 first. */
  position: z.number().int().min(1),
  /** `2026-11`: the month the counts are of. */
  month: z.string(),
  calls: z.number().int(),
  failures: z.number().int(),
  /** Organic results returned by the calls that answered. */
  results: z.number().int(),
  /** The month's latest failure, null when none. */
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
  /** The vendor's published price per 1,000 searches, 0 for the local sandbox index. */
  pricePerThousandUsd: z.number(),
  /** An estimate: the calls that answered at the published price, not an invoice. */
  estimatedCostUsd: z.number(),
});
export type ProviderUsage = z.infer<typeof providerUsageSchema>;

/** `GET /ops/providers`: every provider of the SERP chain in failover order (OPS_TOKEN). */
export const providersResponseSchema = z.object({
  providers: z.array(providerUsageSchema),
  /** When the figures were read. */
  at: z.string(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;
