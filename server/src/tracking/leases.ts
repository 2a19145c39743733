import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';

/**
 * Leases on tracked pages, kept in their rows: a page's check runs only under its lease,
 * taken by one atomic UPDATE that matches only a free or expired lease (or one the same
 * owner holds), so of several processes on one database exactly one gets it. The owner is
 * the check's job: the scheduler takes the lease when it queues the job, and whichever
 * worker runs the job holds and renews it. A lease nobody renews expires and the page is
 * due again.
 */
export class PageLeases {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly ttlMs: number,
  ) {}

  private times() {
    const now = this.clock.now();
    return {
      now: now.toISOString(),
      until: new Date(now.getTime() + this.ttlMs).toISOString(),
    };
  }

  /**
   * Takes the page's lease for `owner` when it is free, expired or already `owner`'s; with
   * `due`, only when the page is also unpaused and due by now (a page another job has just
   * checked is no longer due).
   */
  async claim(pageId: string, owner: string, due: boolean): Promise<boolean> {
    const { now, until } = this.times();
    let update = this.db.kysely
      .updateTable('tracked_pages')
      .set({ lease_owner: owner, lease_until: until })
      .where('id', '=', pageId)
      .where((eb) =>
        eb.or([
          eb('lease_until', 'is', null),
          eb('lease_until', '<', now),
          eb('lease_owner', '=', owner),
        ]),
      );
    if (due) update = update.where('paused', '=', 0).where('next_due_at', '<=', now);
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Extends `owner`'s lease on the page. */
  async renew(pageId: string, owner: string): Promise<void> {
    await this.db.kysely
      .updateTable('tracked_pages')
      .set({ lease_until: this.times().until })
      .where('id', '=', pageId)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Gives `owner`'s lease back; `nextDueAt` moves the page's schedule on. */
  async release(pageId: string, owner: string, nextDueAt?: string): Promise<void> {
    await this.db.kysely
      .updateTable('tracked_pages')
      .set({
        lease_owner: null,
        lease_until: null,
        ...(nextDueAt ? { next_due_at: nextDueAt } : {}),
      })
      .where('id', '=', pageId)
      .where('lease_owner', '=', owner)
      .execute();
  }
}
