import crypto from 'node:crypto';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { planById } from '@core/plans';
import type { Workspace } from '@core/schemas/workspaces';
import type { Db } from '../db/connect';
import type { User } from '../db/schema';
import { Conflict, Forbidden } from '../domain/errors';
import { verifyPassword } from '../auth/passwords';
import type { Clock } from '../shared/clock';
import type { WorkspaceAccess } from '../domain/workspace-access';
import type { AuditLog } from './audit-log';

/**
 * The workspaces people share: made by any account (it owns them and its plan applies),
 * listed with the caller's role, renamed and deleted as the policy's roles allow. Every
 * row of a workspace goes with it (foreign keys cascade).
 */
export class Workspaces {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** A new workspace, owned by `owner`, who is its first member. */
  async create(owner: User, name: string): Promise<{ id: string; name: string; role: 'owner' }> {
    const id = crypto.randomUUID();
    const now = this.clock.now().toISOString();
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('workspaces')
        .values({ id, name, owner_id: owner.id, personal: 0, created_at: now })
        .execute();
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: id, user_id: owner.id, role: 'owner', created_at: now })
        .execute();
      await this.audit.record(
        {
          workspaceId: id,
          actorId: owner.id,
          action: 'created',
          subject: 'workspace',
          detail: name,
        },
        trx,
      );
    });
    return { id, name, role: 'owner' };
  }

  /** The workspaces `userId` belongs to, the personal one first, then by name. */
  async list(userId: string): Promise<Workspace[]> {
    const rows = await this.db.kysely
      .selectFrom('workspace_members as mine')
      .innerJoin('workspaces as w', 'w.id', 'mine.workspace_id')
      .innerJoin('users as owner', 'owner.id', 'w.owner_id')
      .select((eb) => [
        'w.id',
        'w.name',
        'w.personal',
        'mine.role',
        'owner.plan_id',
        eb
          .selectFrom('workspace_members as all')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('all.workspace_id', '=', 'w.id')
          .as('members'),
      ])
      .where('mine.user_id', '=', userId)
      .orderBy('w.personal', 'desc')
      .orderBy('w.name')
      .orderBy('w.id')
      .execute();
    return rows.map((row) => {
      const plan = planById(row.plan_id);
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        members: Number(row.members),
        plan: { id: plan.planId, name: plan.title, seats: plan.seatLimit },
        personal: row.personal === 1,
      };
    });
  }

  /** The workspace as `userId` sees it in the list. */
  async one(userId: string, id: string): Promise<Workspace | undefined> {
    return (await this.list(userId)).find((workspace) => workspace.id === id);
  }

  async rename(access: WorkspaceAccess, name: string): Promise<void> {
    await this.db.kysely
      .updateTable('workspaces')
      .set({ name })
      .where('id', '=', access.id)
      .execute();
  }

  /**
   * Deletes a shared workspace and everything in it once its owner's password proves the
   * owner asks; a personal workspace goes only with its account.
   */
  async delete(access: WorkspaceAccess, user: User, password: string): Promise<void> {
    if (access.personal) {
      throw new Conflict(WORKSPACE_MESSAGES.personalKept, WORKSPACE_ERROR_CODES.personalKept);
    }
    if (!user.password_hash) throw new Forbidden(WORKSPACE_MESSAGES.noPassword);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new Forbidden(WORKSPACE_MESSAGES.passwordWrong);
    }
    await this.db.kysely.deleteFrom('workspaces').where('id', '=', access.id).execute();
  }
}
