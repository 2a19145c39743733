import crypto from 'node:crypto';
import { TOKEN_PREFIX, TOKEN_SCOPES, type TokenScope } from '@core/workspaces/scopes';
import type { Db } from '../db/connect';
import type { User } from '../db/schema';
import { splitMembership, type WorkspaceAccess } from '../domain/workspace-access';
import type { Clock } from '../shared/clock';

/** The API token a request came with. */
export interface ApiTokenUse {
  id: string;
  name: string;
  scopes: TokenScope[];
}

/** A token's maker and its workspace, as a signed-in request has them. */
export interface TokenUser {
  token: ApiTokenUse;
  user: User;
  workspace: WorkspaceAccess;
}

/** A new token's secret: the prefix and 32 random bytes, base64url. */
export const newTokenSecret = (): string =>
  `${TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

/** What is stored of a secret: its sha256, as invitation and email-link tokens are. */
export const tokenHash = (secret: string): string =>
  crypto.createHash('sha256').update(secret).digest('hex');

/** `scopes` as stored, comma-separated, back to a list of known scopes. */
export const scopesOf = (stored: string): TokenScope[] =>
  TOKEN_SCOPES.filter((scope) => stored.split(',').includes(scope));

/** How stale `last_used_at` may be before a call writes it again: one write a minute at most. */
const LAST_USED_STEP_MS = 60_000;

/**
 * Signs in by API token: one query finds the token by its hash, unexpired, with its maker
 * still a member of its workspace (the membership is its foreign key too) and the role
 * they hold there now, the workspace and its owner's plan.
 */
export class ApiTokenSignIn {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async authenticate(secret: string): Promise<TokenUser | null> {
    const now = this.clock.now().toISOString();
    const row = await this.db.kysely
      .selectFrom('api_tokens as t')
      .innerJoin('workspace_members as wm', (join) =>
        join.onRef('wm.workspace_id', '=', 't.workspace_id').onRef('wm.user_id', '=', 't.user_id'),
      )
      .innerJoin('users', 'users.id', 't.user_id')
      .innerJoin('workspaces as ws', 'ws.id', 't.workspace_id')
      .innerJoin('users as ws_owner', 'ws_owner.id', 'ws.owner_id')
      .selectAll('users')
      .select([
        't.id as token_id',
        't.name as token_name',
        't.scopes as token_scopes',
        't.last_used_at as token_last_used_at',
        't.workspace_id as ws_id',
        'wm.role as ws_role',
        'ws.name as ws_name',
        'ws.personal as ws_personal',
        'ws.owner_id as ws_owner_id',
        'ws_owner.plan_id as ws_plan_id',
      ])
      .where('t.token_hash', '=', tokenHash(secret))
      .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
      .executeTakeFirst();
    if (!row) return null;
    const { token_id, token_name, token_scopes, token_last_used_at, ws_id, ...rest } = row;
    const [workspace, user] = splitMembership(ws_id, rest);
    if (!workspace) return null;
    await this.markUsed(token_id, token_last_used_at);
    return {
      token: { id: token_id, name: token_name, scopes: scopesOf(token_scopes) },
      user,
      workspace,
    };
  }

  /** Notes the token's use, to the minute: its list shows when a call last came with it. */
  private async markUsed(id: string, lastUsedAt: string | null): Promise<void> {
    const now = this.clock.now();
    if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_STEP_MS) return;
    await this.db.kysely
      .updateTable('api_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
