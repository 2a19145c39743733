import { sql, type Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { fitKey } from '../db/fit-key';
import { preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';

/** usage_counters.subject is a varchar(80); an IP address from a proxy header may be longer. */
const SUBJECT_MAX = 80;

export type QuotaTool = 'serp' | 'speed' | 'keywords';

/** The calendar month in UTC, e.g. `2026-11`: quotas reset on the first of the month. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A usage counter's key: who, which tool, which period. */
export interface CounterKey {
  subject: string;
  tool: string;
  period: string;
}

/** One use taken from a quota: the counter it was added to, and how to give it back. */
export interface Charge {
  subject: string;
  counter: CounterKey;
  /** Gives the use back, so a provider failure costs nothing. */
  refund(): Promise<void>;
}

/** The count of one usage counter (no row: nothing used); also read with a session. */
export const counterOf = (kysely: Kysely<Database>, key: CounterKey) =>
  kysely
    .selectFrom('usage_counters')
    .select('usage_counters.count')
    .where('usage_counters.subject', '=', key.subject)
    .where('usage_counters.tool', '=', key.tool)
    .where('usage_counters.period', '=', key.period);

/**
 * Usage counters with one atomic check-and-increment statement: the upsert adds only
 * while the sum stays within the limit, so concurrent requests cannot overshoot.
 */
export class Quotas {
  /** The check-and-increment upsert; a row back when it added, none when over the limit. */
  private readonly add;
  private readonly count;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.add = preparedQuery(
      db,
      (kysely, subject: string, tool: string, period: string, amount: number, limit: number) =>
        kysely
          .insertInto('usage_counters')
          .values({ subject, tool, period, count: amount })
          .onConflict((oc) =>
            oc
              .columns(['subject', 'tool', 'period'])
              .doUpdateSet({ count: sql`usage_counters.count + ${amount}` })
              .where(sql<number>`usage_counters.count + ${amount}`, '<=', limit),
          )
          .returning('count'),
    );
    this.count = preparedQuery(db, (kysely, subject: string, tool: string, period: string) =>
      counterOf(kysely, { subject, tool, period }),
    );
  }

  /** Adds `amount` if that stays within `limit`; false when it would not. */
  async consume(
    subject: string,
    tool: string,
    limit: number,
    amount = 1,
    period = monthKey(this.clock.now()),
  ): Promise<boolean> {
    if (amount > limit) return false;
    const [row] = await this.add(fitKey(subject, SUBJECT_MAX), tool, period, amount, limit);
    return row !== undefined;
  }

  /** The key of `subject`'s counter of `tool` this month, as `used` reads it. */
  counterKey(subject: string, tool: string): CounterKey {
    return { subject: fitKey(subject, SUBJECT_MAX), tool, period: monthKey(this.clock.now()) };
  }

  async used(subject: string, tool: string, period = monthKey(this.clock.now())): Promise<number> {
    const [row] = await this.count(fitKey(subject, SUBJECT_MAX), tool, period);
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
