import { sql } from 'kysely';
import type { SerpSource } from '@core/schemas/serp';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { ProviderCall, ProviderMeter } from '../providers/serp/port';
import { monthKey } from '../quota/quotas';

/** One provider's month so far. */
export interface ProviderMonth {
  source: SerpSource;
  month: string;
  calls: number;
  failures: number;
  results: number;
  lastError: { message: string; at: string } | null;
}

/** A vendor's error text kept for operators, not a whole HTML error page. */
const ERROR_MAX = 500;

/**
 * Each SERP provider's calls per calendar month (UTC), in the database: one additive
 * upsert per call, so the counts of several processes add up.
 */
export class SerpProviderUsage implements ProviderMeter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(source: SerpSource, call: ProviderCall): Promise<void> {
    const now = this.clock.now();
    const failed = call.ok ? 0 : 1;
    const results = call.ok ? call.results : 0;
    const lastError = call.ok ? null : call.error.slice(0, ERROR_MAX);
    const at = call.ok ? null : now.toISOString();
    await this.db.kysely
      .insertInto('serp_provider_usage')
      .values({
        source,
        month: monthKey(now),
        calls: 1,
        failures: failed,
        results,
        last_error: lastError,
        last_error_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['source', 'month']).doUpdateSet({
          calls: sql`serp_provider_usage.calls + 1`,
          failures: sql`serp_provider_usage.failures + ${failed}`,
          results: sql`serp_provider_usage.results + ${results}`,
          // A success keeps the month's last error; a failure replaces it.
          last_error: call.ok ? sql`serp_provider_usage.last_error` : lastError,
          last_error_at: call.ok ? sql`serp_provider_usage.last_error_at` : at,
        }),
      )
      .execute();
  }

  /** This month's figures of each source, in the order given; zeros for one not called yet. */
  async thisMonth(sources: readonly SerpSource[]): Promise<ProviderMonth[]> {
    const month = monthKey(this.clock.now());
    const rows =
      sources.length === 0
        ? []
        : await this.db.kysely
            .selectFrom('serp_provider_usage')
            .selectAll()
            .where('month', '=', month)
            .where('source', 'in', [...sources])
            .execute();
    return sources.map((source) => {
      const row = rows.find((r) => r.source === source);
      return {
        source,
        month,
        calls: Number(row?.calls ?? 0),
        failures: Number(row?.failures ?? 0),
        results: Number(row?.results ?? 0),
        lastError:
          row?.last_error && row.last_error_at
            ? { message: row.last_error, at: row.last_error_at }
            : null,
      };
    });
  }
}
