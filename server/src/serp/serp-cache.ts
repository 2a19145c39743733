import crypto from 'node:crypto';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { TtlCache } from '../shared/ttl-cache';
import type { SerpPage, SerpProvider, SerpQuery } from '../providers/serp/port';

/** Caches result pages per provider and query for SERP_CACHE_TTL_MINUTES. */
export class CachedSerp {
  /** Pruned by the retention sweeper. */
  readonly cache: TtlCache<SerpPage>;

  constructor(
    readonly provider: SerpProvider,
    db: Db,
    private readonly clock: Clock,
    ttlMinutes: number,
  ) {
    // Pages are written by this class from the provider's typed answer.
    this.cache = new TtlCache(db, clock, {
      table: 'serp_cache',
      ttlMinutes,
      read: (json) => json as SerpPage,
    });
  }

  private key(q: SerpQuery): string {
    const parts = [
      this.provider.source,
      q.query.trim().toLowerCase(),
      q.device,
      q.pageNum,
      q.googleDomain,
      q.gl,
      q.hl,
      q.location ?? '',
    ];
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  async warm(): Promise<void> {
    await this.provider.warm?.();
  }

  /** The page with the time the provider gave it, and whether it is a kept one. */
  async search(q: SerpQuery): Promise<SerpPage> {
    const key = this.key(q);
    const hit = await this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const page = { ...(await this.provider.search(q)), fetchedAt: this.clock.now().toISOString() };
    await this.cache.set(key, page);
    return { ...page, cached: false };
  }
}
