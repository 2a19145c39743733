import type { Clock } from './clock';
import type { Db } from '../db/connect';

/** The tables of cached results, each `key`, JSON `value` and `expires_at`. */
export type CacheTable = 'serp_cache' | 'serp_shares' | 'speed_cache';

export interface TtlCacheOptions<T> {
  table: CacheTable;
  /** Lifetime of an entry; 0 turns the cache off. */
  ttlMinutes: number;
  /** Most entries kept; past it, the ones closest to expiry go first. */
  maxEntries?: number;
  /** The stored JSON as a value, or null for an entry of an older shape (a miss). */
  read(json: unknown): T | null;
}

/**
 * Cached results in a database table, shared by every server on it. Entries live for
 * `ttlMinutes`; `prune` drops the expired ones and any past `maxEntries`, so the table
 * stays bounded whatever the traffic.
 */
export class TtlCache<T> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: TtlCacheOptions<T>,
  ) {}

  get table(): CacheTable {
    return this.options.table;
  }

  async get(key: string): Promise<T | null> {
    if (this.options.ttlMinutes <= 0) return null;
    const row = await this.db.kysely
      .selectFrom(this.options.table)
      .select('value')
      .where('key', '=', key)
      .where('expires_at', '>', this.clock.now().toISOString())
      .executeTakeFirst();
    if (!row) return null;
    try {
      return this.options.read(JSON.parse(row.value));
    } catch {
      return null;
    }
  }

  /** Keeps `value` under `key`; `columns` are the table's own (a share's workspace). */
  async set(key: string, value: T, columns: Record<string, string | null> = {}): Promise<void> {
    if (this.options.ttlMinutes <= 0) return;
    const row = {
      ...columns,
      key,
      value: JSON.stringify(value),
      expires_at: new Date(
        this.clock.now().getTime() + this.options.ttlMinutes * 60_000,
      ).toISOString(),
    };
    await this.db.kysely
      .insertInto(this.options.table)
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }),
      )
      .execute();
    // Checked on every write, so the cap holds between sweeps too.
    if (this.options.maxEntries !== undefined) await this.cap(this.options.maxEntries);
  }

  /** Drops expired entries, then those past the cap; returns how many went. */
  async prune(): Promise<number> {
    const expired = await this.db.kysely
      .deleteFrom(this.options.table)
      .where('expires_at', '<=', this.clock.now().toISOString())
      .executeTakeFirst();
    const capped =
      this.options.maxEntries === undefined ? 0 : await this.cap(this.options.maxEntries);
    return Number(expired.numDeletedRows) + capped;
  }

  /** Keeps the `max` entries that expire last; ties at the boundary go too. */
  private async cap(max: number): Promise<number> {
    const boundary = await this.db.kysely
      .selectFrom(this.options.table)
      .select('expires_at')
      .orderBy('expires_at', 'desc')
      .limit(1)
      .offset(max)
      .executeTakeFirst();
    if (!boundary) return 0;
    const deleted = await this.db.kysely
      .deleteFrom(this.options.table)
      .where('expires_at', '<=', boundary.expires_at)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
