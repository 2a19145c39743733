import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUDIT_MONTHS, type AuditAction } from '@core/workspaces/audit';
import type { AuditEntry, AuditPage } from '@core/schemas/workspace-audit';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { Clock } from '../shared/clock';

/** One thing done in a workspace, by a person (through a token, maybe). */
export interface AuditRecord {
  workspaceId: string;
  actorId: string | null;
  tokenName?: string | null;
  action: AuditAction;
  subject: string;
  detail?: string | null;
  targetId?: string | null;
}

/** How much of a detail the log keeps. */
const DETAIL_MAX = 300;

/** The time before which entries are past the log's months. */
export function auditCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_MONTHS);
  return cutoff.toISOString();
}

/**
 * Each workspace's audit log: written when an action succeeds (the policy's audit hook, and
 * the routes outside the policy), read newest first a page at a time; the retention sweep
 * deletes entries past AUDIT_MONTHS (auditCutoff).
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditRecord, kysely: Kysely<Database> = this.db.kysely): Promise<void> {
    await kysely
      .insertInto('workspace_audit')
      .values({
        id: crypto.randomUUID(),
        workspace_id: entry.workspaceId,
        at: this.clock.now().toISOString(),
        actor_id: entry.actorId,
        token_name: entry.tokenName ?? null,
        action: entry.action,
        subject: entry.subject,
        detail: entry.detail ? entry.detail.slice(0, DETAIL_MAX) : null,
        target_id: entry.targetId ?? null,
      })
      .execute();
  }

  /**
   * A page of the log, newest first: after the entry `before` (the previous page's `next`),
   * or from the newest. Entries of one instant keep one order, by id.
   */
  async page(
    workspaceId: string,
    { before, limit }: { before?: string | undefined; limit: number },
  ): Promise<AuditPage> {
    let query = this.entries([workspaceId]);
    if (before) {
      const cursor = await this.db.kysely
        .selectFrom('workspace_audit')
        .select(['at', 'id'])
        .where('id', '=', before)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (!cursor) return { entries: [], next: null };
      query = query.where((eb) =>
        eb.or([
          eb('a.at', '<', cursor.at),
          eb.and([eb('a.at', '=', cursor.at), eb('a.id', '<', cursor.id)]),
        ]),
      );
    }
    const rows = await query.limit(limit + 1).execute();
    const entries = rows.slice(0, limit).map(entryOf);
    return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
  }

  /** Every entry of the workspaces, newest first: for their owner's account export. */
  async all(workspaceIds: string[]): Promise<AuditEntry[]> {
    if (workspaceIds.length === 0) return [];
    return (await this.entries(workspaceIds).execute()).map(entryOf);
  }

  private entries(workspaceIds: string[]) {
    return this.db.kysely
      .selectFrom('workspace_audit as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.workspace_id',
        'a.at',
        'a.actor_id',
        'u.email',
        'u.name',
        'a.token_name',
        'a.action',
        'a.subject',
        'a.detail',
        'a.target_id',
      ])
      .where('a.workspace_id', 'in', workspaceIds)
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc');
  }
}

function entryOf(row: {
  id: string;
  at: string;
  actor_id: string | null;
  email: string | null;
  name: string | null;
  token_name: string | null;
  action: string;
  subject: string;
  detail: string | null;
  target_id: string | null;
}): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor:
      row.actor_id && row.email !== null
        ? { userId: row.actor_id, email: row.email, name: row.name ?? '' }
        : null,
    token: row.token_name,
    action: row.action as AuditAction,
    subject: row.subject,
    detail: row.detail,
    targetId: row.target_id,
  };
}
