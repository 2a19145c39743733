import crypto from 'node:crypto';
import type { Clock } from '../../auth/clock';
import type { Db } from '../../db/connect';
import type { SerpPage, SerpProvider, SerpQuery } from './port';

/** Caches result pages per provider and query for SERP_CACHE_TTL_MINUTES. */
export class CachedSerp {
  constructor(
    readonly provider: SerpProvider,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMinutes: number,
  ) {}

  private key(q: SerpQuery): string {
    const parts = [
      this.provider.source,
      q.query.trim().toLowerCase(),
      q.device,
      q.pageNum,
      q.googleDomain,
      q.gl,
      q.hl,
    ];
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  async search(q: SerpQuery): Promise<SerpPage> {
    const key = this.key(q);
    const now = this.clock.now();
    const hit = await this.db.kysely
      .selectFrom('serp_cache')
      .select('value')
      .where('key', '=', key)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (hit) return JSON.parse(hit.value) as SerpPage;
    const page = await this.provider.search(q);
    if (this.ttlMinutes > 0) {
      const row = {
        key,
        value: JSON.stringify(page),
        expires_at: new Date(now.getTime() + this.ttlMinutes * 60_000).toISOString(),
      };
      await this.db.kysely
        .insertInto('serp_cache')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }),
        )
        .execute();
    }
    return page;
  }

  /** Drops expired rows so the cache does not grow without bound. */
  async prune(): Promise<void> {
    await this.db.kysely
      .deleteFrom('serp_cache')
      .where('expires_at', '<=', this.clock.now().toISOString())
      .execute();
  }
}
