import { sql } from 'kysely';
import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';
import { fitKey } from '../db/fit-key';

/** usage_counters.subject is a varchar(80); an IP address from a proxy header may be longer. */
const SUBJECT_MAX = 80;

export type QuotaTool = 'serp' | 'speed' | 'keywords';

/** The calendar month in UTC, e.g. `2026-11`: quotas reset on the first of the month. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * Usage counters with one atomic check-and-increment statement: the upsert adds only
 * while the sum stays within the limit, so concurrent requests cannot overshoot.
 */
export class Quotas {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Adds `amount` if that stays within `limit`; false when it would not. */
  async consume(
    subject: string,
    tool: string,
    limit: number,
    amount = 1,
    period = monthKey(this.clock.now()),
  ): Promise<boolean> {
    if (amount > limit) return false;
    const row = await this.db.kysely
      .insertInto('usage_counters')
      .values({ subject: fitKey(subject, SUBJECT_MAX), tool, period, count: amount })
      .onConflict((oc) =>
        oc
          .columns(['subject', 'tool', 'period'])
          .doUpdateSet({ count: sql`usage_counters.count + ${amount}` })
          .where(sql<number>`usage_counters.count + ${amount}`, '<=', limit),
      )
      .returning('count')
      .executeTakeFirst();
    return row !== undefined;
  }

  async used(subject: string, tool: string, period = monthKey(this.clock.now())): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', fitKey(subject, SUBJECT_MAX))
      .where('tool', '=', tool)
      .where('period', '=', period)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /**
   * Gives back what a failed tool call consumed, so a provider failure costs nothing; a
   * counter back at zero goes, so that the failed call leaves no row behind.
   */
  async refund(
    subject: string,
    tool: string,
    amount = 1,
    period = monthKey(this.clock.now()),
  ): Promise<void> {
    const key = fitKey(subject, SUBJECT_MAX);
    await this.db.kysely
      .updateTable('usage_counters')
      .set({ count: sql`case when count >= ${amount} then count - ${amount} else 0 end` })
      .where('subject', '=', key)
      .where('tool', '=', tool)
      .where('period', '=', period)
      .execute();
    await this.db.kysely
      .deleteFrom('usage_counters')
      .where('subject', '=', key)
      .where('tool', '=', tool)
      .where('period', '=', period)
      .where('count', '=', 0)
      .execute();
  }
}
