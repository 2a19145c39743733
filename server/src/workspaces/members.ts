import crypto from 'node:crypto';
import {
  INVITE_DAYS,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_MESSAGES as M,
} from '@core/messages/workspaces';
import { planById } from '@core/plans';
import type { WorkspaceInvite, WorkspaceMember, inviteRoleSchema } from '@core/schemas/workspaces';
import { ROLE_LABELS, type Role } from '@core/workspaces/roles';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import type { Database, User } from '../db/schema';
import { Conflict, Forbidden, Gone, NotFound, PlanLimit } from '../domain/errors';
import type { EmailSender } from '../providers/email';
import type { Clock } from '../shared/clock';
import type { WorkspaceAccess } from '../domain/workspace-access';
import type { AuditLog } from './audit-log';

type InviteRole = z.infer<typeof inviteRoleSchema>;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const memberNotFound = () => new NotFound(M.memberNotFound);

/**
 * The people of a shared workspace: invitations by email (one-use links valid INVITE_DAYS
 * days, within the owner's plan's seats), roles changed, members removed or leaving, and
 * ownership transferred. A workspace always keeps an owner, and its billing owner (whose
 * plan it uses) stays until the ownership is transferred.
 */
export class WorkspaceMembers {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly email: EmailSender,
    private readonly audit: AuditLog,
  ) {}

  async list(workspaceId: string): Promise<WorkspaceMember[]> {
    const rows = await this.db.kysely
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at', 'w.owner_id'])
      .where('m.workspace_id', '=', workspaceId)
      .orderBy('m.created_at')
      .orderBy('u.email')
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      name: row.name,
      role: row.role,
      billingOwner: row.owner_id === row.user_id,
      joinedAt: row.created_at,
    }));
  }

  /**
   * Invites `email` as `role` and mails the link (`linkOf(token)`); an open invitation to
   * the same address is replaced. Refused into a personal workspace, for a member, and
   * past the owner's plan's seats (members and open invitations count).
   */
  async invite(
    access: WorkspaceAccess,
    inviter: User,
    body: { email: string; role: InviteRole },
    linkOf: (token: string) => string,
  ): Promise<WorkspaceInvite> {
    if (access.personal)
      throw new Conflict(M.personalNotShared, WORKSPACE_ERROR_CODES.personalKept);
    const now = this.clock.now();
    const token = crypto.randomBytes(32).toString('base64url');
    const invite = await this.db.kysely.transaction().execute(async (trx) => {
      await this.lock(trx, access.id);
      const member = await trx
        .selectFrom('workspace_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.user_id')
        .where('m.workspace_id', '=', access.id)
        .where('u.email', '=', body.email)
        .executeTakeFirst();
      if (member)
        throw new Conflict(M.alreadyMember(body.email), WORKSPACE_ERROR_CODES.alreadyMember);
      await trx
        .deleteFrom('workspace_invites')
        .where('workspace_id', '=', access.id)
        .where('email', '=', body.email)
        .where('accepted_at', 'is', null)
        .execute();
      await this.requireSeat(trx, access, now);
      const row = {
        id: crypto.randomUUID(),
        workspace_id: access.id,
        email: body.email,
        role: body.role,
        token_hash: sha256(token),
        invited_by: inviter.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString(),
        accepted_at: null,
      };
      await trx.insertInto('workspace_invites').values(row).execute();
      return row;
    });
    const link = linkOf(token);
    await this.email.send({
      to: body.email,
      subject: M.inviteSubject(access.name),
      link,
      text: `${M.inviteText(inviter.name || inviter.email, access.name, ROLE_LABELS[body.role], INVITE_DAYS)}\n\n${link}\n`,
    });
    return toInvite(invite);
  }

  /** The open invitations (not accepted, not expired), newest first. */
  async invites(workspaceId: string): Promise<WorkspaceInvite[]> {
    const rows = await this.db.kysely
      .selectFrom('workspace_invites')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', this.clock.now().toISOString())
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toInvite);
  }

  async revokeInvite(workspaceId: string, inviteId: string): Promise<void> {
    const gone = await this.db.kysely
      .deleteFrom('workspace_invites')
      .where('id', '=', inviteId)
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new NotFound(M.inviteNotFound);
  }

  /**
   * Joins `user` to the invitation's workspace in its role: once (the link is used up by
   * a conditional update), before it expires, by the address it was sent to.
   */
  async accept(token: string, user: User): Promise<{ id: string; name: string; role: Role }> {
    const now = this.clock.now().toISOString();
    return this.db.kysely.transaction().execute(async (trx) => {
      const invite = await trx
        .selectFrom('workspace_invites as i')
        .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
        .select(['i.id', 'i.workspace_id', 'i.email', 'i.role', 'i.expires_at', 'i.accepted_at'])
        .select('w.name')
        .where('i.token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!invite) throw new NotFound(M.inviteNotFound, WORKSPACE_ERROR_CODES.inviteUnusable);
      if (invite.accepted_at) throw new Gone(M.inviteUsed, WORKSPACE_ERROR_CODES.inviteUnusable);
      if (invite.expires_at <= now)
        throw new Gone(M.inviteExpired, WORKSPACE_ERROR_CODES.inviteUnusable);
      if (invite.email !== user.email.toLowerCase())
        throw new Forbidden(M.inviteOtherEmail(invite.email), WORKSPACE_ERROR_CODES.inviteUnusable);
      const used = await trx
        .updateTable('workspace_invites')
        .set({ accepted_at: now })
        .where('id', '=', invite.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n)
        throw new Gone(M.inviteUsed, WORKSPACE_ERROR_CODES.inviteUnusable);
      const existing = await trx
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', invite.workspace_id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (existing) return { id: invite.workspace_id, name: invite.name, role: existing.role };
      await trx
        .insertInto('workspace_members')
        .values({
          workspace_id: invite.workspace_id,
          user_id: user.id,
          role: invite.role,
          created_at: now,
        })
        .execute();
      await this.audit.record(
        {
          workspaceId: invite.workspace_id,
          actorId: user.id,
          action: 'joined',
          subject: 'workspace',
          detail: invite.role,
        },
        trx,
      );
      return { id: invite.workspace_id, name: invite.name, role: invite.role };
    });
  }

  /**
   * Gives `userId` another role. Only an owner gives or takes the owner role; the last
   * owner and the billing owner keep theirs.
   */
  async changeRole(access: WorkspaceAccess, userId: string, role: Role): Promise<WorkspaceMember> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.lock(trx, access.id);
      const target = await this.member(trx, access.id, userId);
      if ((role === 'owner' || target.role === 'owner') && access.role !== 'owner') {
        throw new Forbidden(M.ownerOnly, WORKSPACE_ERROR_CODES.roleNeeded);
      }
      if (target.role === 'owner' && role !== 'owner') await this.keepOwner(trx, access, userId);
      await trx
        .updateTable('workspace_members')
        .set({ role })
        .where('workspace_id', '=', access.id)
        .where('user_id', '=', userId)
        .execute();
    });
    const member = (await this.list(access.id)).find((m) => m.userId === userId);
    if (!member) throw memberNotFound();
    return member;
  }

  /** Takes `userId` out of the workspace (an admin's call, or the member's own leaving). */
  async remove(access: WorkspaceAccess, userId: string): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.lock(trx, access.id);
      const target = await this.member(trx, access.id, userId);
      if (target.role === 'owner') {
        if (access.role !== 'owner')
          throw new Forbidden(M.ownerOnly, WORKSPACE_ERROR_CODES.roleNeeded);
        await this.keepOwner(trx, access, userId);
      }
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', access.id)
        .where('user_id', '=', userId)
        .execute();
    });
  }

  /** Makes `userId`, a member, the billing owner (and an owner); the plan is theirs then. */
  async transfer(access: WorkspaceAccess, userId: string): Promise<WorkspaceMember[]> {
    if (access.personal)
      throw new Conflict(M.personalNotShared, WORKSPACE_ERROR_CODES.personalKept);
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.lock(trx, access.id);
      await this.member(trx, access.id, userId);
      await trx
        .updateTable('workspace_members')
        .set({ role: 'owner' })
        .where('workspace_id', '=', access.id)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('workspaces')
        .set({ owner_id: userId })
        .where('id', '=', access.id)
        .execute();
    });
    return this.list(access.id);
  }

  /** Holds the workspace's row, so concurrent changes of its people run one at a time. */
  private async lock(trx: Transaction<Database>, workspaceId: string): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    await trx
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', workspaceId)
      .forUpdate()
      .execute();
  }

  private async member(trx: Transaction<Database>, workspaceId: string, userId: string) {
    const row = await trx
      .selectFrom('workspace_members')
      .select('role')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw memberNotFound();
    return row;
  }

  /** Refuses to leave the workspace without an owner, or its billing owner's role away. */
  private async keepOwner(trx: Transaction<Database>, access: WorkspaceAccess, userId: string) {
    if (userId === access.ownerId)
      throw new Conflict(M.billingOwner, WORKSPACE_ERROR_CODES.lastOwner);
    const owners = await trx
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', access.id)
      .where('role', '=', 'owner')
      .execute();
    if (owners.length <= 1) throw new Conflict(M.lastOwner, WORKSPACE_ERROR_CODES.lastOwner);
  }

  /** Refuses an invitation past the owner's plan's seats: members and open invitations. */
  private async requireSeat(trx: Transaction<Database>, access: WorkspaceAccess, now: Date) {
    const plan = planById(access.planId);
    const members = await trx
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', access.id)
      .executeTakeFirstOrThrow();
    const invites = await trx
      .selectFrom('workspace_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', access.id)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(members.n) + Number(invites.n) + 1 > plan.seatLimit) {
      throw new PlanLimit(
        M.seatsTaken(plan.title, plan.seatLimit),
        WORKSPACE_ERROR_CODES.seatsTaken,
      );
    }
  }
}

function toInvite(row: {
  id: string;
  email: string;
  role: InviteRole;
  created_at: string;
  expires_at: string;
}): WorkspaceInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
