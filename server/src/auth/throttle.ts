import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { fitKey } from '../db/fit-key';
import type { Clock } from '../shared/clock';

/** rate_counters.bucket is a varchar(300). */
const BUCKET_MAX = 300;

/** A rule's bucket as its row stores it. */
export function storedBucket(bucket: string): string {
  return fitKey(bucket, BUCKET_MAX);
}

export interface ThrottleRule {
  /** What is counted, e.g. `login-fail:email:a@b.c`. */
  bucket: string;
  limit: number;
  windowMinutes: number;
}

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so limits hold across processes. Each hit is
 * one atomic upsert that returns the new count.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private window(rule: ThrottleRule): { start: Date; end: Date } {
    const size = rule.windowMinutes * 60_000;
    const startMs = Math.floor(this.clock.now().getTime() / size) * size;
    return { start: new Date(startMs), end: new Date(startMs + size) };
  }

  private retryAfter(end: Date): number {
    return Math.max(1, Math.ceil((end.getTime() - this.clock.now().getTime()) / 1000));
  }

  /** Counts one event and says whether it is within the limit. */
  async hit(rule: ThrottleRule): Promise<ThrottleResult> {
    const { start, end } = this.window(rule);
    const row = await this.db.kysely
      .insertInto('rate_counters')
      .values({
        bucket: storedBucket(rule.bucket),
        window_start: start.toISOString(),
        count: 1,
      })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return { allowed: row.count <= rule.limit, retryAfterSeconds: this.retryAfter(end) };
  }

  /** Whether the limit is already reached, without counting. */
  async check(rule: ThrottleRule): Promise<ThrottleResult> {
    const { start, end } = this.window(rule);
    const row = await this.db.kysely
      .selectFrom('rate_counters')
      .select('count')
      .where('bucket', '=', storedBucket(rule.bucket))
      .where('window_start', '=', start.toISOString())
      .executeTakeFirst();
    return { allowed: (row?.count ?? 0) < rule.limit, retryAfterSeconds: this.retryAfter(end) };
  }
}

export function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
