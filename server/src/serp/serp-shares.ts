import crypto from 'node:crypto';
import { SERP_SHARE_DAYS } from '@core/limits';
import { serpShareSchema, type SerpShare } from '@core/schemas/serp';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { TtlCache } from '../shared/ttl-cache';

/** Shares kept at most: each is one result page of text, a few kilobytes. */
const SHARES_MAX = 20_000;

/**
 * First result pages kept under a random id, so that a shared link shows what the sharer
 * saw without a search charged to whoever opens it. A signed-in search's share belongs to
 * its workspace: it goes with it.
 */
export class SerpShares {
  /** Pruned by the retention sweeper. */
  readonly cache: TtlCache<SerpShare>;

  constructor(db: Db, clock: Clock) {
    this.cache = new TtlCache(db, clock, {
      table: 'serp_shares',
      ttlMinutes: SERP_SHARE_DAYS * 24 * 60,
      maxEntries: SHARES_MAX,
      read: (json) => serpShareSchema.safeParse(json).data ?? null,
    });
  }

  /** Keeps the page, in the workspace of the search (none for a visitor's); its link's id. */
  async add(share: SerpShare, workspaceId: string | null): Promise<string> {
    const id = crypto.randomUUID();
    await this.cache.set(id, share, { workspace_id: workspaceId });
    return id;
  }

  /** The shared page, or null when the id is unknown or expired. */
  get(id: string): Promise<SerpShare | null> {
    return this.cache.get(id);
  }
}
