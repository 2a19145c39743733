import crypto from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { dueSubscriptions } from '../billing/due-subscriptions';
import type { Db } from '../db/connect';
import { preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';
import { counterOf, type CounterKey } from '../quota/quotas';
import type { Clock } from '../shared/clock';
import type { User } from '../db/schema';
import {
  splitMembership,
  type MembershipColumns,
  type WorkspaceAccess,
} from '../domain/workspace-access';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** What else `authenticate` reads in the same query. */
export interface AuthenticateExtras {
  /** The workspace the request acts in; the user's personal one (their id) when not named. */
  workspaceId?: string;
  /** The key of the workspace's usage counter to read: `used` is its count, 0 without a row. */
  counter?: (workspaceId: string) => CounterKey;
  /** Whether the user has subscriptions due for settlement (billing.ts's `due`). */
  settlement?: boolean;
}

export interface SessionUser {
  claims: SessionClaims;
  user: User;
  /** The workspace asked for and the user's role in it; null when they are not its member. */
  workspace: WorkspaceAccess | null;
  /** The counter's count, when `counter` was asked for. */
  used?: number;
  /** Whether a subscription is due, when `settlement` was asked for. */
  settlementDue?: boolean;
}

/**
 * The payload of a JWT signed with `key` by HS256 (no other algorithm) whose dates are
 * valid at `now`, or null. fast-jwt verifies synchronously, where jose's verify is a
 * WebCrypto job per call (a fifth of an authenticated request's time); a verifier is
 * cheap to make, and made per call it reads the injected clock.
 */
export function verifiedPayload(
  token: string,
  key: Buffer,
  now: Date,
): Record<string, unknown> | null {
  const verify = createVerifier({ key, algorithms: ['HS256'], clockTimestamp: now.getTime() });
  try {
    const payload: unknown = verify(token);
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const NO_COUNTER: CounterKey = { subject: '', tool: '', period: '' };

type SessionRow = User &
  MembershipColumns & {
    used?: unknown;
    settlement_due?: unknown;
  };
/** The session's and the counter's key, flat: prepared queries take values, not objects. */
type SessionArgs = [
  sessionId: string,
  userId: string,
  now: string,
  workspaceId: string,
  subject: string,
  tool: string,
  period: string,
];
type SessionQuery = (...args: SessionArgs) => Promise<SessionRow[]>;

/**
 * The user of an active session with their membership of the workspace asked for (its
 * owner's plan too), and the extras asked for as subqueries: the usage counter (quotas'
 * `counterOf`) and whether the user has subscriptions due for settlement (billing's
 * `dueSubscriptions`).
 */
function sessionQuery(db: Db, counter: boolean, settlement: boolean): SessionQuery {
  const session = (
    kysely: Kysely<Database>,
    sessionId: string,
    userId: string,
    now: string,
    workspaceId: string,
  ) => {
    const query = kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('workspace_members as wm', (join) =>
        join.onRef('wm.user_id', '=', 'users.id').on('wm.workspace_id', '=', workspaceId),
      )
      .leftJoin('workspaces as ws', 'ws.id', 'wm.workspace_id')
      .leftJoin('users as ws_owner', 'ws_owner.id', 'ws.owner_id')
      .selectAll('users')
      .select([
        'wm.role as ws_role',
        'ws.name as ws_name',
        'ws.personal as ws_personal',
        'ws.owner_id as ws_owner_id',
        'ws_owner.plan_id as ws_plan_id',
      ])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now);
    if (!settlement) return query;
    return query.select((eb) =>
      eb
        .exists(
          dueSubscriptions(kysely, now)
            .select(sql`1`.as('one'))
            .where('subscriptions.user_id', '=', userId),
        )
        .as('settlement_due'),
    ) as unknown as typeof query;
  };
  if (!counter) {
    const prepared = preparedQuery(db, session);
    return (sessionId, userId, now, workspaceId) => prepared(sessionId, userId, now, workspaceId);
  }
  return preparedQuery(
    db,
    (
      kysely: Kysely<Database>,
      ...[sessionId, userId, now, workspaceId, subject, tool, period]: SessionArgs
    ) =>
      session(kysely, sessionId, userId, now, workspaceId).select(() =>
        counterOf(kysely, { subject, tool, period }).as('used'),
      ),
  );
}

/** How long a rotated-out session still works, for the page that never stored its successor. */
export const ROTATION_GRACE_MS = 60_000;

/**
 * Session tokens are HS256 JWTs naming a session row; the row lets refresh rotate a
 * token (the old one stops working a minute later) and log-out or a password change
 * revoke it at once.
 */
export class SessionTokens {
  private readonly key: Buffer;
  /** An active session's user (and extras), per set of extras: prepared when first used. */
  private readonly sessionQueries = new Map<string, SessionQuery>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly ttlHours: number,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(secret);
  }

  async issue(userId: string): Promise<string> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + this.ttlHours * 3_600_000);
    const sessionId = crypto.randomUUID();
    await this.db.kysely
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        revoked_at: null,
      })
      .execute();
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.secret);
  }

  /** The claims a token carries when its signature and dates are valid at `now`, or null. */
  private claimsOf(token: string, now: Date): SessionClaims | null {
    const payload = verifiedPayload(token, this.key, now);
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    return { userId: payload.sub, sessionId: payload.sid };
  }

  /** The claims of a valid token whose session is active, or null. */
  async verify(token: string): Promise<SessionClaims | null> {
    const now = this.clock.now();
    const claims = this.claimsOf(token, now);
    if (!claims) return null;
    return (await this.isLive(claims, now)) ? claims : null;
  }

  /** Whether the claims' session is neither revoked nor ended at `now`. */
  private async isLive(claims: SessionClaims, now: Date): Promise<boolean> {
    const session = await this.db.kysely
      .selectFrom('sessions')
      .select(['id'])
      .where('id', '=', claims.sessionId)
      .where('user_id', '=', claims.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return session !== undefined;
  }

  /**
   * The claims and user of a valid token whose session is active, or null: `verify` and
   * the user's row in one query, so every authenticated request still reads its session
   * (a revoked one stops working at once) in a single round trip; with `extras`, that
   * query also reads a usage counter and whether a subscription is due.
   */
  async authenticate(token: string, extras: AuthenticateExtras = {}): Promise<SessionUser | null> {
    const now = this.clock.now();
    const claims = this.claimsOf(token, now);
    if (!claims) return null;
    const { counter, settlement = false } = extras;
    const variant = `${counter ? 'counter' : ''}/${settlement ? 'settlement' : ''}`;
    let query = this.sessionQueries.get(variant);
    if (!query) {
      query = sessionQuery(this.db, Boolean(counter), settlement);
      this.sessionQueries.set(variant, query);
    }
    const workspaceId = extras.workspaceId ?? claims.userId;
    const key = counter?.(workspaceId) ?? NO_COUNTER;
    const [row] = await query(
      claims.sessionId,
      claims.userId,
      now.toISOString(),
      workspaceId,
      key.subject,
      key.tool,
      key.period,
    );
    if (!row) return null;
    const { used, settlement_due, ...rest } = row;
    const [workspace, user] = splitMembership(workspaceId, rest);
    return {
      claims,
      user,
      workspace,
      ...(counter ? { used: used === null || used === undefined ? 0 : Number(used) } : {}),
      ...(settlement ? { settlementDue: Boolean(settlement_due) } : {}),
    };
  }

  /**
   * Issues a new session for the presented one, which ends ROTATION_GRACE_MS later rather
   * than at once: a page that is left while its refresh is in flight never stores the new
   * token, and the next page presents the old one (as two tabs opened together both do).
   * Presented again within the grace, it is rotated again; null once it has ended or was
   * revoked (log-out and a password change still end a session at once).
   */
  async rotate(claims: SessionClaims): Promise<string | null> {
    const now = this.clock.now();
    const graceEnd = new Date(now.getTime() + ROTATION_GRACE_MS).toISOString();
    await this.db.kysely
      .updateTable('sessions')
      .set({ expires_at: graceEnd })
      .where('id', '=', claims.sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', graceEnd)
      .execute();
    if (!(await this.isLive(claims, now))) return null;
    return this.issue(claims.userId);
  }

  async revokeAllExcept(userId: string, keepSessionId: string | null): Promise<void> {
    let query = this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }
}
