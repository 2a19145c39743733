import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { RankCheck } from '@core/schemas/rank-tracking';
import type { SerpSource } from '@core/schemas/serp';
import type { SerpFeature } from '@core/schemas/serp-features';
import type { Db } from '../db/connect';
import type { CheckPoint } from './rank-summary';
import type { RankChecksTable } from '../db/schema';

type CheckRow = Selectable<RankChecksTable>;

/** One of a check's first ten results, kept for visibility and the competitors found. */
export interface RankTopResult {
  position: number;
  domain: string;
  url: string;
}

/** A check as stored: what the API shows, and its top ten (null: unknown, as when it failed). */
export interface RankCheckRecord extends RankCheck {
  top: RankTopResult[] | null;
}

const DAY_MS = 86_400_000;

export function toRankCheck(row: Omit<CheckRow, 'id' | 'keyword_id' | 'top_results'>): RankCheck {
  return {
    checkedAt: row.checked_at,
    state: row.state,
    position: row.position,
    url: row.url,
    provider: row.provider as SerpSource | null,
    depthReached: row.depth_reached,
    ...(row.error !== null && { error: row.error }),
    ...(row.note !== null && { note: row.note }),
    competitors: JSON.parse(row.competitors) as Record<string, number | null>,
    features: row.features === null ? null : (JSON.parse(row.features) as SerpFeature[]),
  };
}

const CHECK_COLUMNS = [
  'keyword_id',
  'checked_at',
  'state',
  'position',
  'url',
  'provider',
  'depth_reached',
  'error',
  'note',
  'competitors',
  'features',
] as const;

/** Keywords' checks: written one per check, read as a history or for the list. */
export class RankChecks {
  constructor(private readonly db: Db) {}

  /**
   * Stores the check and, when it ranked better than ever, the keyword's best: the
   * update matches only a worse (or no) best, so checks finishing together keep the best.
   */
  async record(keywordId: string, check: RankCheckRecord): Promise<void> {
    await this.db.kysely
      .insertInto('rank_checks')
      .values({
        id: crypto.randomUUID(),
        keyword_id: keywordId,
        checked_at: check.checkedAt,
        state: check.state,
        position: check.position,
        url: check.url,
        provider: check.provider,
        depth_reached: check.depthReached,
        error: check.error ?? null,
        note: check.note ?? null,
        competitors: JSON.stringify(check.competitors),
        features: check.features === null ? null : JSON.stringify(check.features),
        top_results: check.top === null ? null : JSON.stringify(check.top),
      })
      .execute();
    if (check.state !== 'ranked' || check.position === null) return;
    await this.db.kysely
      .updateTable('rank_keywords')
      .set({ best_position: check.position, best_at: check.checkedAt })
      .where('id', '=', keywordId)
      .where((eb) =>
        eb.or([eb('best_position', 'is', null), eb('best_position', '>', check.position)]),
      )
      .execute();
  }

  /** The keyword's checks of the last `days` days up to `now`, oldest first. */
  async history(keywordId: string, days: number, now: Date): Promise<RankCheck[]> {
    const since = new Date(now.getTime() - days * DAY_MS).toISOString();
    const rows = await this.db.kysely
      .selectFrom('rank_checks')
      .select(CHECK_COLUMNS)
      .where('keyword_id', '=', keywordId)
      .where('checked_at', '>=', since)
      .orderBy('checked_at')
      .execute();
    return rows.map(toRankCheck);
  }

  /** The keyword's latest check, whatever its state; null before the first. */
  async latest(keywordId: string): Promise<RankCheck | null> {
    const row = await this.db.kysely
      .selectFrom('rank_checks')
      .select(CHECK_COLUMNS)
      .where('keyword_id', '=', keywordId)
      .orderBy('checked_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRankCheck(row) : null;
  }

  /** The keyword's latest check before this one, of a state in `states`. */
  async previous(
    keywordId: string,
    before: string,
    states: readonly RankCheck['state'][],
  ): Promise<RankCheck | null> {
    const row = await this.db.kysely
      .selectFrom('rank_checks')
      .select(CHECK_COLUMNS)
      .where('keyword_id', '=', keywordId)
      .where('checked_at', '<', before)
      .where('state', 'in', states)
      .orderBy('checked_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRankCheck(row) : null;
  }

  /**
   * For each of `keywordIds`: its checks since `since` as the list's figures read them
   * (time, state, position), oldest first, and its latest check in full, whatever its age.
   * One statement for the window, read off the (keyword, time) index, and one for the
   * latest checks in it; the latest of a keyword with no check in the window (rare: checked
   * daily) is looked up alone.
   */
  async forList(
    workspaceId: string,
    keywordIds: readonly string[],
    since: string,
  ): Promise<{ latest: Map<string, RankCheck>; recent: Map<string, CheckPoint[]> }> {
    const rows = await this.db.kysely
      .selectFrom('rank_checks')
      .select(['id', 'keyword_id', 'checked_at', 'state', 'position'])
      .where('keyword_id', 'in', (eb) =>
        eb.selectFrom('rank_keywords').select('id').where('workspace_id', '=', workspaceId),
      )
      .where('checked_at', '>=', since)
      .orderBy('keyword_id')
      .orderBy('checked_at')
      .execute();
    const recent = new Map<string, CheckPoint[]>();
    const lastIds = new Map<string, string>();
    for (const row of rows) {
      const list = recent.get(row.keyword_id) ?? [];
      list.push({ checkedAt: row.checked_at, state: row.state, position: row.position });
      recent.set(row.keyword_id, list);
      lastIds.set(row.keyword_id, row.id);
    }
    const latest = new Map<string, RankCheck>();
    const ids = [...lastIds.values()];
    // Bounded parameter lists, as every batch of this app writes or reads.
    for (let i = 0; i < ids.length; i += 500) {
      const full = await this.db.kysely
        .selectFrom('rank_checks')
        .select(CHECK_COLUMNS)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const row of full) latest.set(row.keyword_id, toRankCheck(row));
    }
    for (const id of keywordIds) {
      if (latest.has(id)) continue;
      const last = await this.latest(id);
      if (last) latest.set(id, last);
    }
    return { latest, recent };
  }
}
