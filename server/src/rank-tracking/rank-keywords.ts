import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { entitlementsOf } from '@core/entitlements';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import {
  RANK_COMPETITORS_MAX,
  RANK_ERROR_CODES,
  RANK_ALERTS_NONE,
  rankAlertsSchema,
  type CreateRankKeywordBody,
  type RankAlerts,
  type RankDevice,
} from '@core/schemas/rank-tracking';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { RankKeywordsTable } from '../db/schema';
import { Conflict, NotFound, PlanLimit } from '../domain/errors';
import type { Holder } from '../domain/workspace-access';
import { insertUnderLimit } from '../domain/limited-insert';

export type RankKeywordRow = Selectable<RankKeywordsTable>;

export const rankKeywordNotFound = () =>
  new NotFound(RANK_TRACKING_MESSAGES.notFound, RANK_ERROR_CODES.notFound);

/** What may change after a keyword is added. */
export interface RankKeywordChanges {
  depth?: number;
  competitors?: string[];
  tags?: string[];
  alerts?: RankAlerts;
}

/** A keyword's row read back as what it is: its lists and alerts parsed. */
export interface RankKeywordFields {
  id: string;
  keyword: string;
  domain: string;
  device: RankDevice;
  country: string;
  language: string | null;
  location: string | null;
  depth: number;
  competitors: string[];
  tags: string[];
  alerts: RankAlerts;
  createdAt: string;
}

export function keywordFields(row: RankKeywordRow): RankKeywordFields {
  return {
    id: row.id,
    keyword: row.keyword,
    domain: row.domain,
    device: row.device,
    country: row.country,
    language: row.language || null,
    location: row.location || null,
    depth: row.depth,
    competitors: JSON.parse(row.competitors) as string[],
    tags: JSON.parse(row.tags) as string[],
    // Alerts are written through the schema; a row it no longer reads alerts on nothing.
    alerts: rankAlertsSchema.safeParse(JSON.parse(row.alerts)).data ?? RANK_ALERTS_NONE,
    createdAt: row.created_at,
  };
}

/** What makes two keywords the same one (the table's unique key, past the workspace). */
const identity = (
  k: Pick<RankKeywordRow, 'keyword' | 'domain' | 'device' | 'country' | 'language' | 'location'>,
) => JSON.stringify([k.keyword, k.domain, k.device, k.country, k.language, k.location]);

/** Each competitor once, never the tracked domain itself. */
const competitorsOf = (domain: string, competitors: string[]) =>
  [...new Set(competitors)].filter((one) => one !== domain);

/**
 * A workspace's tracked keywords, within its plan's number. The count, the duplicate check
 * and the inserts are one transaction holding the workspace's row (PostgreSQL; SQLite runs one
 * writer at a time), so concurrent requests cannot pass the limit, and a list is added
 * whole or not at all.
 */
export class RankKeywords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Adds every keyword of `bodies`, or none: a plan limit or a duplicate refuses the list. */
  async add(holder: Holder, bodies: CreateRankKeywordBody[]): Promise<RankKeywordRow[]> {
    const limit = entitlementsOf(holder.planId).rankKeywordLimit;
    const now = this.clock.now().toISOString();
    const rows: RankKeywordRow[] = bodies.map((body) => ({
      id: crypto.randomUUID(),
      workspace_id: holder.id,
      keyword: body.keyword.replace(/\s+/g, ' '),
      domain: body.domain,
      device: body.device,
      country: body.country,
      language: body.language ?? '',
      location: body.location ?? '',
      depth: body.depth,
      competitors: JSON.stringify(competitorsOf(body.domain, body.competitors)),
      tags: JSON.stringify([...new Set(body.tags)]),
      alerts: JSON.stringify(body.alerts),
      best_position: null,
      best_at: null,
      // Due at once: the first position comes with the scheduler's next pass, and the
      // keyword's own daily slot after it.
      next_check_at: now,
      lease_owner: null,
      lease_until: null,
      created_at: now,
    }));
    return insertUnderLimit(this.db, {
      workspaceId: holder.id,
      held: (trx) =>
        trx
          .selectFrom('rank_keywords')
          .select(['keyword', 'domain', 'device', 'country', 'language', 'location'])
          .where('workspace_id', '=', holder.id)
          .execute(),
      limit,
      adding: rows.length,
      overLimit: () =>
        new PlanLimit(
          RANK_TRACKING_MESSAGES.upgradeForKeywords(limit),
          RANK_ERROR_CODES.keywordLimit,
        ),
      insert: async (trx, owned) => {
        const seen = new Set(owned.map(identity));
        for (const row of rows) {
          if (seen.has(identity(row)))
            throw new Conflict(
              RANK_TRACKING_MESSAGES.alreadyTracked,
              RANK_ERROR_CODES.alreadyTracked,
            );
          seen.add(identity(row));
        }
        // Bounded statements: a parameter list stays well within both databases' limits.
        for (let i = 0; i < rows.length; i += 100) {
          await trx
            .insertInto('rank_keywords')
            .values(rows.slice(i, i + 100))
            .execute();
        }
        return rows;
      },
    });
  }

  /** The workspace's keywords, oldest first. */
  list(workspaceId: string): Promise<RankKeywordRow[]> {
    return this.db.kysely
      .selectFrom('rank_keywords')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The workspace's keyword of `id`, or the 404 of one that is not in it. */
  async own(workspaceId: string, id: string): Promise<RankKeywordRow> {
    const row = await this.db.kysely
      .selectFrom('rank_keywords')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw rankKeywordNotFound();
    return row;
  }

  /** The keyword of `id` whoever owns it (a check's job); undefined once it is gone. */
  byId(id: string): Promise<RankKeywordRow | undefined> {
    return this.db.kysely
      .selectFrom('rank_keywords')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async update(
    workspaceId: string,
    id: string,
    changes: RankKeywordChanges,
  ): Promise<RankKeywordRow> {
    const row = await this.own(workspaceId, id);
    await this.db.kysely
      .updateTable('rank_keywords')
      .set({
        ...(changes.depth !== undefined && { depth: changes.depth }),
        ...(changes.competitors !== undefined && {
          competitors: JSON.stringify(competitorsOf(row.domain, changes.competitors)),
        }),
        ...(changes.tags !== undefined && { tags: JSON.stringify([...new Set(changes.tags)]) }),
        ...(changes.alerts !== undefined && { alerts: JSON.stringify(changes.alerts) }),
      })
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    return this.own(workspaceId, id);
  }

  /**
   * Adds `domain` to the competitors of each keyword of the set (those tagged `tag`, or all)
   * that has room for it, in one transaction: a keyword tracking that domain, or already
   * following it, is counted as `already`; one with RANK_COMPETITORS_MAX as `full`.
   */
  async addCompetitor(
    workspaceId: string,
    domain: string,
    tag: string | undefined,
  ): Promise<{ added: number; already: number; full: number }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('rank_keywords')
        .select(['id', 'domain', 'competitors', 'tags'])
        .where('workspace_id', '=', workspaceId)
        .execute();
      const result = { added: 0, already: 0, full: 0 };
      for (const row of rows) {
        if (tag !== undefined && !(JSON.parse(row.tags) as string[]).includes(tag)) continue;
        const competitors = JSON.parse(row.competitors) as string[];
        if (row.domain === domain || competitors.includes(domain)) result.already++;
        else if (competitors.length >= RANK_COMPETITORS_MAX) result.full++;
        else {
          await trx
            .updateTable('rank_keywords')
            .set({ competitors: JSON.stringify([...competitors, domain]) })
            .where('id', '=', row.id)
            .execute();
          result.added++;
        }
      }
      return result;
    });
  }

  /** Removes the keyword and its history (its checks cascade). */
  async remove(workspaceId: string, id: string): Promise<void> {
    const gone = await this.db.kysely
      .deleteFrom('rank_keywords')
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw rankKeywordNotFound();
  }
}
