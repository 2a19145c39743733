import type { ExpressionBuilder, ExpressionWrapper, Kysely, SqlBool } from 'kysely';
import type { Clock } from './clock';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';

/** Tables whose rows carry a scheduled run's lease (`lease_owner`, `lease_until`). */
export type LeasedTable = 'tracked_pages' | 'rank_keywords' | 'flows';

/** Which rows a lease is on, and when one of them is due for its scheduled check. */
export interface LeaseTarget<T extends LeasedTable> {
  table: T;
  /** The column of the row's next scheduled check. */
  dueColumn: 'next_due_at' | 'next_check_at';
  due(eb: ExpressionBuilder<Database, T>, now: string): ExpressionWrapper<Database, T, SqlBool>;
}

/**
 * Leases kept in the rows they are on: a row's check runs only under its lease, taken by
 * one atomic UPDATE that matches only a free or expired lease (or one the same owner
 * holds), so of several processes on one database exactly one gets it. The owner is the
 * check's job: the scheduler takes the lease when it queues the job, and whichever worker
 * runs the job holds and renews it. A lease nobody renews expires and the row is due again.
 */
export class RowLeases<T extends LeasedTable> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly ttlMs: number,
    private readonly target: LeaseTarget<T>,
  ) {}

  private times() {
    const now = this.clock.now();
    return {
      now: now.toISOString(),
      until: new Date(now.getTime() + this.ttlMs).toISOString(),
    };
  }

  // Both tables have the lease columns; Kysely types a generic table's columns loosely.
  private get kysely() {
    return this.db.kysely as unknown as Kysely<Pick<Database, LeasedTable>>;
  }

  /**
   * Takes the row's lease for `owner` when it is free, expired or already `owner`'s; with
   * `due`, only when the row is also due by now (one another job has just checked is not).
   */
  async claim(id: string, owner: string, due: boolean): Promise<boolean> {
    const { now, until } = this.times();
    const result = await this.kysely
      .updateTable(this.target.table as LeasedTable)
      .set({ lease_owner: owner, lease_until: until })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('lease_until', 'is', null),
          eb('lease_until', '<', now),
          eb('lease_owner', '=', owner),
        ]),
      )
      .$if(due, (update) =>
        update.where((eb) => this.target.due(eb as unknown as ExpressionBuilder<Database, T>, now)),
      )
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Ids of rows due by now whose lease is free, the longest due first. Ids only: a run reads
   * its row when it starts, so a scheduler's pass reads no more.
   */
  async findDue(limit: number): Promise<string[]> {
    const now = this.clock.now().toISOString();
    const rows = await this.kysely
      .selectFrom(this.target.table as LeasedTable)
      .select('id')
      .where((eb) => this.target.due(eb as unknown as ExpressionBuilder<Database, T>, now))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy(this.target.dueColumn as 'next_due_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Extends `owner`'s lease on the row. */
  async renew(id: string, owner: string): Promise<void> {
    await this.kysely
      .updateTable(this.target.table as LeasedTable)
      .set({ lease_until: this.times().until })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Gives `owner`'s lease back; `nextDueAt` moves the row's schedule on. */
  async release(id: string, owner: string, nextDueAt?: string): Promise<void> {
    await this.kysely
      .updateTable(this.target.table as LeasedTable)
      .set({
        lease_owner: null,
        lease_until: null,
        ...(nextDueAt ? { [this.target.dueColumn]: nextDueAt } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }
}

/** Leases on tracked pages: a page is due when unpaused and its next check's time came. */
export class PageLeases extends RowLeases<'tracked_pages'> {
  constructor(db: Db, clock: Clock, ttlMs: number) {
    super(db, clock, ttlMs, {
      table: 'tracked_pages',
      dueColumn: 'next_due_at',
      due: (eb, now) => eb.and([eb('paused', '=', 0), eb('next_due_at', '<=', now)]),
    });
  }
}
