import crypto from 'node:crypto';
import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';

/**
 * Leases on tracked pages, kept in their rows: a process runs a page's check only while
 * it holds the page's lease, taken by one atomic UPDATE that matches only a free or
 * expired lease, so of several API processes on one database exactly one gets it.
 * A holder renews its leases while it runs; a crashed holder's lease expires and the page
 * is due again.
 */
export class PageLeases {
  readonly owner = crypto.randomUUID();

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
   * Takes the page's lease when it is free or expired; with `due`, only when the page is
   * also unpaused and due by now (the scheduler's claim: a page another process has just
   * checked is no longer due).
   */
  async claim(pageId: string, due: boolean): Promise<boolean> {
    const { now, until } = this.times();
    let update = this.db.kysely
      .updateTable('tracked_pages')
      .set({ lease_owner: this.owner, lease_until: until })
      .where('id', '=', pageId)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
    if (due) update = update.where('paused', '=', 0).where('next_due_at', '<=', now);
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Extends this process's leases on `pageIds`. */
  async renew(pageIds: readonly string[]): Promise<void> {
    if (pageIds.length === 0) return;
    await this.db.kysely
      .updateTable('tracked_pages')
      .set({ lease_until: this.times().until })
      .where('lease_owner', '=', this.owner)
      .where('id', 'in', pageIds)
      .execute();
  }

  /** Gives the lease back; `nextDueAt` moves the page's schedule on. */
  async release(pageId: string, nextDueAt?: string): Promise<void> {
    await this.db.kysely
      .updateTable('tracked_pages')
      .set({
        lease_owner: null,
        lease_until: null,
        ...(nextDueAt ? { next_due_at: nextDueAt } : {}),
      })
      .where('id', '=', pageId)
      .where('lease_owner', '=', this.owner)
      .execute();
  }
}
