import crypto from 'node:crypto';
import { TOKEN_ERROR_CODES, TOKEN_MESSAGES } from '@core/messages/api-tokens';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import type { ApiToken, CreateTokenBody } from '@core/schemas/api-tokens';
import { TOKENS_PER_WORKSPACE } from '@core/workspaces/scopes';
import { newTokenSecret, scopesOf, tokenHash } from '../auth/api-token-sign-in';
import type { Db } from '../db/connect';
import { Conflict, NotFound } from '../domain/errors';
import type { Clock } from '../shared/clock';
import type { AuditLog } from './audit-log';

const DAY_MS = 86_400_000;

/**
 * The API tokens people make for scripts and CI: one workspace each, with scopes; the
 * secret is answered once and kept as its hash (sign-in: auth/api-token-sign-in.ts).
 * Making and revoking one is written to its workspace's audit log.
 */
export class ApiTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** A new token of `userId` for a workspace they belong to, its secret included. */
  async create(userId: string, body: CreateTokenBody): Promise<ApiToken & { token: string }> {
    const now = this.clock.now();
    const secret = newTokenSecret();
    const id = crypto.randomUUID();
    const expiresAt = body.expiresInDays
      ? new Date(now.getTime() + body.expiresInDays * DAY_MS).toISOString()
      : null;
    const workspaceName = await this.db.kysely.transaction().execute(async (trx) => {
      const membership = await trx
        .selectFrom('workspace_members as wm')
        .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
        .select(['w.name'])
        .where('wm.workspace_id', '=', body.workspaceId)
        .where('wm.user_id', '=', userId)
        .executeTakeFirst();
      if (!membership) {
        throw new NotFound(WORKSPACE_MESSAGES.notFound, WORKSPACE_ERROR_CODES.notFound);
      }
      const held = await trx
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', body.workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= TOKENS_PER_WORKSPACE) {
        throw new Conflict(TOKEN_MESSAGES.limit, TOKEN_ERROR_CODES.limit);
      }
      await trx
        .insertInto('api_tokens')
        .values({
          id,
          workspace_id: body.workspaceId,
          user_id: userId,
          name: body.name,
          token_hash: tokenHash(secret),
          scopes: body.scopes.join(','),
          created_at: now.toISOString(),
          last_used_at: null,
          expires_at: expiresAt,
        })
        .execute();
      await this.audit.record(
        {
          workspaceId: body.workspaceId,
          actorId: userId,
          action: 'created',
          subject: 'API token',
          detail: `${body.name} (${body.scopes.join(', ')})`,
          targetId: id,
        },
        trx,
      );
      return membership.name;
    });
    return {
      id,
      token: secret,
      name: body.name,
      workspaceId: body.workspaceId,
      workspaceName,
      scopes: body.scopes,
      createdAt: now.toISOString(),
      lastUsedAt: null,
      expiresAt,
    };
  }

  /** The tokens `userId` made, newest first; never a secret. */
  async list(userId: string): Promise<ApiToken[]> {
    const rows = await this.db.kysely
      .selectFrom('api_tokens as t')
      .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
      .select([
        't.id',
        't.name',
        't.workspace_id',
        'w.name as workspace_name',
        't.scopes',
        't.created_at',
        't.last_used_at',
        't.expires_at',
      ])
      .where('t.user_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      scopes: scopesOf(row.scopes),
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
    }));
  }

  /** Revokes a token of `userId`'s: the next call with it is refused. */
  async revoke(userId: string, id: string): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const token = await trx
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['workspace_id', 'name'])
        .executeTakeFirst();
      if (!token) throw new NotFound(TOKEN_MESSAGES.notFound);
      await this.audit.record(
        {
          workspaceId: token.workspace_id,
          actorId: userId,
          action: 'revoked',
          subject: 'API token',
          detail: token.name,
          targetId: id,
        },
        trx,
      );
    });
  }
}
