import crypto from 'node:crypto';
import { z } from 'zod';
import {
  QUEUED_RUN,
  RUN_ERROR_KINDS,
  runResultSchema,
  type RunErrorKind,
  type RunResult,
  type RunStatus,
} from '@core/speed';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { Queue } from '../jobs/queue';
import type { Strategy } from '../providers/lab-speed/port';
import { signInSchema } from '@core/flows/sign-in';
import { optionalCategorySchema, type OptionalCategory } from '@core/lighthouse-categories';
import { TtlCache } from '../shared/ttl-cache';

const strategySchema = z.enum(['mobile', 'desktop']);

/** What a sample's job carries: a speed test's run (stored), or a tracked check's fresh run. */
const sampleJobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('test'),
    runId: z.string().uuid(),
    url: z.string(),
    strategy: strategySchema,
    sample: z.number().int().positive(),
    /** A SERP card may show a result measured shortly before; a speed test never. */
    reuse: z.boolean(),
    /** When it was queued (epoch ms), for the time it waited; absent from older jobs. */
    queuedAt: z.number().optional(),
    /** Lighthouse categories beside performance; none when absent. */
    categories: z.array(optionalCategorySchema).optional(),
  }),
  z.object({
    kind: z.literal('fresh'),
    url: z.string(),
    strategy: strategySchema,
    withField: z.boolean(),
    priority: z.enum(['interactive', 'background']),
    queuedAt: z.number().optional(),
    categories: z.array(optionalCategorySchema).optional(),
    /** Measured signed in: the workspace whose flow and secrets make the session (by name). */
    signIn: z.object({ workspaceId: z.string(), signIn: signInSchema }).optional(),
  }),
]);
export type SampleJob = z.infer<typeof sampleJobSchema>;

/**
 * A fresh run's outcome as its job returns it: a page that fails is an answer too. A lab's
 * result may lack what the engine adds (field data, the time of measuring).
 */
const freshOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    result: runResultSchema.partial({ field: true, insights: true, measuredAt: true }),
  }),
  z.object({ ok: z.literal(false), kind: z.enum(RUN_ERROR_KINDS), message: z.string() }),
]);
export type FreshOutcome = z.infer<typeof freshOutcomeSchema>;

/**
 * Speed samples, served by this process or by `npm run worker` processes; a test's run
 * ends with its outcome stored (null), a fresh run with its outcome.
 */
export const speedSamplesQueue: Queue<SampleJob, FreshOutcome | null> = {
  name: 'speed-samples',
  data: sampleJobSchema,
  result: freshOutcomeSchema.nullable(),
  // Samples wait their turn in the queue (interactive first), not in the lab's pool.
  concurrency: (config) => config.SPEED_CONCURRENCY,
  priority: 'interactive',
};

/** A sample crashed (a browser died, PSI failed) is tried once more before it fails. */
export const SAMPLE_ATTEMPTS = 2;
export const RETRY_DELAY_MS = 2000;
/** Failures worth another attempt: the lab broke, not the page. */
export const TRANSIENT: readonly RunErrorKind[] = ['crashed', 'provider'];

/**
 * Results per URL, device, lab source and sample number (so the samples of one test stay
 * separate runs), each with its filmstrip; capped in count.
 */
export class SampleCache {
  private readonly cache: TtlCache<RunResult>;

  constructor(
    db: Db,
    clock: Clock,
    private readonly source: RunResult['source'],
    ttlMinutes: number,
    maxEntries?: number,
  ) {
    this.cache = new TtlCache(db, clock, {
      table: 'speed_cache',
      ttlMinutes,
      maxEntries,
      // Entries written before a schema change (e.g. field data without its source, a
      // result without its time of measurement) are misses.
      read: (json) => {
        const result = runResultSchema.safeParse(json).data;
        return result?.measuredAt ? result : null;
      },
    });
  }

  get table() {
    return this.cache.table;
  }

  /** Deletes what has expired (the retention sweep). */
  prune(): Promise<number> {
    return this.cache.prune();
  }

  /** A result with other categories than asked answers another question: its own key. */
  private key(
    url: string,
    strategy: Strategy,
    sample: number,
    categories: readonly OptionalCategory[],
  ): string {
    const parts: unknown[] = [url, strategy, this.source, sample];
    if (categories.length > 0) parts.push([...categories].sort());
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  get(
    url: string,
    strategy: Strategy,
    sample: number,
    categories: readonly OptionalCategory[] = [],
  ): Promise<RunResult | null> {
    return this.cache.get(this.key(url, strategy, sample, categories));
  }

  set(
    url: string,
    strategy: Strategy,
    sample: number,
    result: RunResult,
    categories: readonly OptionalCategory[] = [],
  ): Promise<void> {
    return this.cache.set(this.key(url, strategy, sample, categories), result);
  }
}

/** A run that ended cancelled, with why. */
export const cancelledRun = (message: string): RunStatus => ({
  ...QUEUED_RUN,
  status: 'cancelled',
  stage: 'cancelled',
  error: message,
  errorKind: 'cancelled',
});

/** `run` ended in failure, with why, the kind and the lab that was to measure it. */
export const failedRun = (
  run: RunStatus,
  message: string,
  source: RunResult['source'],
  kind: RunErrorKind = 'other',
): RunStatus => ({
  ...run,
  status: 'error',
  stage: 'error',
  error: message,
  errorKind: kind,
  errorSource: source,
});

/** A run that ended with its result (measured now, or shown from the cache). */
export const doneRun = (result: RunResult, cached: boolean): RunStatus => ({
  ...QUEUED_RUN,
  status: 'done',
  stage: 'done',
  result,
  cached,
});

/**
 * This process's runs not yet ended, each with its cancel: a drain of a process that runs
 * its own queue cancels what it will not run (nobody else would).
 */
export class LocalRuns {
  private readonly cancels = new Map<string, () => Promise<unknown>>();

  add(id: string, cancel: () => Promise<unknown>): void {
    this.cancels.set(id, cancel);
  }

  end(id: string): void {
    this.cancels.delete(id);
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.cancels.values()].map((cancel) => cancel()));
  }
}
